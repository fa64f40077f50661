package org.sonde.sim.scenario;

import org.sonde.core.config.ConfigMap;
import org.sonde.sim.net.Network;
import org.sonde.sim.traffic.FlowTransport;

/** Creates a transport on every host of a network from its scenario section ({@code transports.tcp}). */
@FunctionalInterface
public interface TransportFactory {
    FlowTransport create(Network network, ConfigMap section);
}
