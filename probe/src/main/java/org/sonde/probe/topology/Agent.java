package org.sonde.probe.topology;

/** A test agent: the host it runs on (a node index of its {@link Topology}) and the address probes are sent to. */
public record Agent(String name, int node, String address) {}
