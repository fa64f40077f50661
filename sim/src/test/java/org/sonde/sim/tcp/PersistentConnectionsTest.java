package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.config.ConfigMap;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Switch;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.traffic.Flow;

/** Persistent connections when the connection dies: the next flow between the hosts opens a new one. */
class PersistentConnectionsTest {
    private static final long MS = 1_000_000;

    @Test
    void aFlowAfterTheConnectionDiedOpensANewOne() {
        Network net = new Network(1);
        Host a = net.addHost("a", HostConfig.DEFAULT);
        Host b = net.addHost("b", HostConfig.DEFAULT);
        Switch sw = net.addSwitch("s", SwitchConfig.DEFAULT);
        net.connect(a, sw, 10_000_000_000L, 1_000);
        net.connect(b, sw, 10_000_000_000L, 1_000);
        net.computeRoutes();
        // b is cut off for the first 100 ms: the first connection's SYN is given up after one retry
        sw.port(1).setFilter((f, p) -> net.simulator().now() >= 100 * MS);
        TcpFlowTransport tcp = new TcpFlowTransport(net, TcpConfig.parse(ConfigMap.of("tcp", Map.of("syn-retries", 1, "rto-initial", "10ms"))),
                TcpFlowTransport.Connections.PERSISTENT);
        List<Flow> done = new ArrayList<>();
        Flow lost = new Flow(0, "lost", a, b, 10_000, 0, 0);
        Flow later = new Flow(1, "later", a, b, 10_000, 200 * MS, 0);
        for (Flow f : List.of(lost, later)) net.simulator().at(f.startNanos(), () -> tcp.start(f, (flow, at) -> done.add(flow)));
        net.simulator().runUntil(500 * MS);
        assertThat(done).containsExactly(later);
        assertThat(tcp.countersByHost().get("a").get("TcpActiveOpens")).isEqualTo(2);
    }
}
