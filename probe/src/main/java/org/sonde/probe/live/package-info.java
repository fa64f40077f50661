/**
 * NetSonar for real: a topology built from network namespaces and veth links with Linux's
 * multipath routes hashed on the 5-tuple ({@link org.sonde.probe.live.NamespaceNetwork}), real
 * faults on its links ({@link org.sonde.probe.live.Fault}: an nftables drop at a chosen
 * probability, a link switched off, a link slowed by tc's token bucket), and agents that run a
 * plan on it with TCP ping and TCP traceroute over raw sockets in their hosts' namespaces
 * ({@link org.sonde.probe.live.LiveRun}), writing one record per probe
 * ({@link org.sonde.probe.localize.ProbesCsv}) that localisation reads as it is.
 */
package org.sonde.probe.live;
