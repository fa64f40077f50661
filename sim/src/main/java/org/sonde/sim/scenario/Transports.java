package org.sonde.sim.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sonde.sim.rdma.RoceConfig;
import org.sonde.sim.rdma.RoceFlowTransport;
import org.sonde.sim.tcp.TcpFlowTransport;

/** The transports a scenario's {@code transports:} section may name. */
public final class Transports {
    private Transports() {
    }

    public static Map<String, TransportFactory> builtIn() {
        Map<String, TransportFactory> m = new LinkedHashMap<>();
        m.put("tcp", (network, section) -> TcpFlowTransport.of(network, section));
        m.put("roce", (network, section) -> new RoceFlowTransport(RoceConfig.parse(section)));
        return m;
    }
}
