/**
 * The simulated network: {@link org.sonde.sim.net.Network} (hosts, switches, full-duplex links and the
 * equal-cost shortest-path routes between them), {@link org.sonde.sim.net.Host} (one NIC port, addresses,
 * a receive path with processing delay), {@link org.sonde.sim.net.Switch} (shared buffer, dynamic
 * thresholds, ECN, PFC, ECMP or per-packet spraying) and {@link org.sonde.sim.net.Port} (egress queues and scheduling, PFC pause,
 * counters, taps), the frames they carry ({@link org.sonde.sim.net.Frame},
 * {@link org.sonde.sim.net.IpFrame}, {@link org.sonde.sim.net.UdpDatagram},
 * {@link org.sonde.sim.net.PauseFrame}) and pcapng capture ({@link org.sonde.sim.net.CaptureTap}).
 *
 * <p><b>Seams</b> for what watches a run without changing it: {@link org.sonde.sim.net.PortTap} (frames as they
 * start transmission or finish arriving), {@link org.sonde.sim.net.FrameFate} (delivered or dropped, and why) and
 * {@link org.sonde.sim.net.EgressAdmission} (every lossy frame at a switch's egress queue before admission, with the
 * buffer rule's decision, which it may also override: a queue replay's own drop rule).
 *
 * <p><b>Settings</b> are records: {@link org.sonde.sim.net.SwitchConfig}, {@link org.sonde.sim.net.HostConfig},
 * {@link org.sonde.sim.net.LinkSpec}, {@link org.sonde.sim.net.EcnMarking},
 * {@link org.sonde.sim.net.PfcThresholds}, {@link org.sonde.sim.net.Scheduling}.
 * {@link org.sonde.sim.net.Topologies} builds the usual shapes (star, dumbbell, leaf-spine, k-ary fat-tree) with the names
 * scenarios use, for Java callers and the scenario loader alike.
 */
package org.sonde.sim.net;
