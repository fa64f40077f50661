package org.sonde.sim.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.LinkSpec;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.net.Topologies;
import org.sonde.sim.traffic.Flow;
import org.sonde.sim.traffic.FlowListener;
import org.sonde.sim.traffic.FlowProgress;
import org.sonde.sim.traffic.FlowTransport;

class RunStatisticsTest {
    /** A transport that only keeps counters, and counts how often it is asked for them. */
    static final class Counting implements FlowTransport {
        final Network net;
        int asked;

        Counting(Network net) {
            this.net = net;
        }

        @Override
        public String name() {
            return "counting";
        }

        @Override
        public FlowProgress start(Flow flow, FlowListener listener) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<String, Map<String, Long>> countersByHost() {
            asked++;
            Map<String, Map<String, Long>> m = new LinkedHashMap<>();
            for (Host h : net.hosts()) if (!h.name().equals("h1")) m.put(h.name(), Map.of("Sent", (long) h.name().length()));
            return m;
        }
    }

    @Test
    void transportCountersAreGatheredOncePerTransportNotOncePerHost() {
        Network net = new Network(1);
        new Topologies(net, SwitchConfig.DEFAULT, HostConfig.DEFAULT).star(12, new LinkSpec(1_000_000_000L, 1_000));
        net.computeRoutes();
        Counting t = new Counting(net);
        var json = new RunStatistics("s", 1, 0, 0, net, List.of(), 0, List.of(t), Map.of(), Map.of(), Map.of(), List.of()).toJson();
        assertThat(t.asked).isEqualTo(1);
        var hosts = json.get("hosts");
        assertThat(hosts).hasSize(12);
        assertThat(hosts.get(0).get("counting").get("Sent").asLong()).isEqualTo(2);
        assertThat(hosts.get(1).has("counting")).isFalse(); // a host the transport keeps no counters for
        assertThat(hosts.get(11).get("counting").get("Sent").asLong()).isEqualTo(3);
    }
}
