/**
 * DETER's switch-queue replay (NSDI'19 §3.4, evaluated as in §5.4): {@link org.sonde.replay.queues.QueueReplay} pushes
 * every recorded connection's packets (each connection replayed alone) open-loop into the scenario's fabric at the
 * send times the recording's samples infer, each host's clock off by up to a bound, and compares the queues they
 * build with the run's ({@code sonde replay queues}).
 *
 * <p>Ground truth: the recording directory keeps its scenario, and the simulator is deterministic, so the run is
 * made again with a {@link org.sonde.replay.queues.QueueWatch} on every switch (sim's
 * {@link org.sonde.sim.net.EgressAdmission} seam, which leaves the run as it is) and refused unless it records to the
 * very bytes of the recording. A queue is one priority of one switch egress port; its contents are kept per flow
 * (one direction of one connection), the frame on the wire not counted.
 *
 * <p>Metrics: the queue content difference at every arrival of a packet at a queue it reached in both run and replay
 * ({@link org.sonde.replay.queues.QueueContents#difference}), in MTU (the largest frame the connections sent); the
 * drops compared packet by packet ({@link org.sonde.replay.queues.DropComparison}) with switches dropping by their
 * buffer rule and with DETER's tagging. Tagging: a host tags the packets the recording shows lost — not arrived, and
 * either before a later arrival of the same direction or sent longer before the run's end than any packet took to
 * arrive — and switches drop only tagged packets, and only where the queue holds more than its limit (α × the free
 * buffer, or the free buffer) less a margin (5 MTU); untagged packets are always admitted. Packets that never
 * arrived and that no switch dropped were on their way when the run stopped: the run gives them no fate, so the drop
 * comparison leaves them out.
 *
 * <p>Drop causes (§5.4.3): each drop is at the queue's own limit, or after a shared-buffer threshold collapse, where
 * the queue held at least one MTU more earlier in its busy period and the switch's other queues have since grown by at
 * least what it shrank ({@link org.sonde.replay.queues.QueueDrop#thresholdCollapse}): a burst elsewhere took the
 * queue's dynamic threshold under it, and it dropped while draining. Collapses are reported by queue and peak, with
 * the fullest other queue and the connections that lost packets.
 *
 * <p>Known limit: events at one nanosecond in two places (flows started at one instant, a receiver's ACKs for
 * several connections at one instant) have an order in the run that per-connection recordings do not keep, so even
 * exact send times give slightly different queues there.
 *
 * <pre>{@code
 * QueueReplayResult r = QueueReplay.replay(Path.of("rec"), QueueReplayOptions.DEFAULT, QueueReplay.Progress.NONE);
 * System.out.println(r.difference().averageMtu() + " MTU, drop error " + r.dropsWithTagging().error());
 * QueueReplayReport.of(r, "sonde replay queues rec", version).writeTo(Path.of("queues.html"));
 * }</pre>
 */
package org.sonde.replay.queues;
