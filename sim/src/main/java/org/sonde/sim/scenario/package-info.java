/**
 * Simulation runs: {@link org.sonde.sim.scenario.Simulation} (a network with its transports, flows,
 * background traffic, captures and sampling, run to its end) and
 * {@link org.sonde.sim.scenario.ScenarioLoader}, which translates a scenario file (YAML, documented in
 * {@code examples/sim/README.md}) into calls on {@link org.sonde.sim.net.Topologies}, the generators of
 * {@code org.sonde.sim.traffic} and a {@code Simulation}, naming the key and line of anything wrong.
 * The loader reads each section with a helper of its own ({@code SettingsReader}, {@code TopologyReader},
 * {@code TrafficReader}, {@code NodeNames}); {@link org.sonde.sim.scenario.Transports} lists the transports
 * a scenario may configure.
 */
package org.sonde.sim.scenario;
