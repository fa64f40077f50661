/**
 * What runs over the simulated network: {@link org.sonde.sim.traffic.Flow} (one application transfer) and
 * the seam every transport implements, {@link org.sonde.sim.traffic.FlowTransport} (with
 * {@link org.sonde.sim.traffic.FlowProgress} and {@link org.sonde.sim.traffic.FlowListener}), so that every
 * generator works over TCP and RoCE alike.
 *
 * <p><b>Generators</b>, usable from Java as from scenarios: records of their parameters that plan flows into a
 * {@link org.sonde.sim.traffic.FlowSink} — {@link org.sonde.sim.traffic.PairedFlows} (pairwise, fan-out or
 * fan-in, in rounds), {@link org.sonde.sim.traffic.Incast} (partition-aggregate) and
 * {@link org.sonde.sim.traffic.PoissonFlows} (open-loop arrivals loading each host's link, sizes from a
 * {@link org.sonde.sim.traffic.FlowSizes} distribution such as DCTCP's web search) — and constant-rate UDP
 * ({@link org.sonde.sim.traffic.UdpSource}, counted by a {@link org.sonde.sim.traffic.UdpSink}).
 */
package org.sonde.sim.traffic;
