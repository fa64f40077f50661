/**
 * RoCEv2 transport of the simulator: RC and UD queue pairs with go-back-N recovery, DCQCN congestion
 * control, a NIC model (transmit scheduler, receive pipeline, counters) and NIC behaviour profiles.
 *
 * <p><b>Data model.</b> {@link org.sonde.sim.rdma.RoceFrame} (the packet; real bytes with ICRC for
 * captures), {@link org.sonde.sim.rdma.QueuePair} (identity, connection, state, pacing),
 * {@link org.sonde.sim.rdma.RoceConfig} and {@link org.sonde.sim.rdma.DcqcnConfig} (settings),
 * {@link org.sonde.sim.rdma.NicProfile} (behaviour; YAML under {@code profiles/}: {@code neutral} and
 * models of Lumina's published NIC observations, {@code cx4lx-like}, {@code cx5-like},
 * {@code cx6dx-like}, {@code e810-like}, each knob's source in {@code profiles/README.md}),
 * {@link org.sonde.sim.rdma.NicCounters}. <b>Algorithms.</b> {@code Requester} and {@code Responder}
 * (IBA vol. 1 ch. 9), {@code NotificationPoint} and {@code ReactionPoint} (DCQCN, Zhu et al.
 * SIGCOMM 2015), {@code TxScheduler}, {@code RxPipeline}. {@link org.sonde.sim.rdma.RdmaNic} wires
 * them to a host; {@link org.sonde.sim.rdma.RoceFlowTransport} carries scenario flows.
 *
 * <p><b>Simplifications</b> (each chosen to keep the model exact where tests and analyzers look):
 * <ul>
 *   <li>No memory registration, keys or protection checks: R_Keys are carried but never rejected,
 *       so NAK codes other than PSN sequence error and RNR are never generated.</li>
 *   <li>No atomics, no UC/RD/XRC, no immediate-data or invalidate verbs (the frame supports ImmDt).</li>
 *   <li>No end-to-end credits (AETH credit field "invalid"); ACKs are coalesced by count only.</li>
 *   <li>Sequence-error NAKs do not count against retry_cnt (only timeouts do); ACK progress resets it.</li>
 *   <li>A duplicate READ request supersedes all queued READ responses of the QP (later READs come
 *       again behind it under go-back-N).</li>
 *   <li>DCQCN's α decay is evaluated at the next CNP rather than by a running timer, and a QP's rate
 *       timers stop once it is back at line rate (see {@code ReactionPoint}).</li>
 *   <li>{@code out_of_sequence} and {@code packet_seq_err} count NAKed episodes (as Lumina's
 *       cross-checks read them), {@code rx_write_requests} counts messages.</li>
 *   <li>The MSN increments when a READ request is executed, not when its last response leaves.</li>
 * </ul>
 */
package org.sonde.sim.rdma;
