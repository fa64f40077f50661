package org.sonde.sim.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.sim.net.FrameFate;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.Port;
import org.sonde.sim.scenario.ScenarioLoader;
import org.sonde.sim.scenario.Transports;

/** Every packet a host sends is accounted for once: delivered (with its delay), dropped (where and why) or still in flight. */
class FlowMonitorTest {
    @TempDir
    Path dir;

    private RunStatistics run(String yaml) throws IOException {
        Path scenario = dir.resolve("s.yaml");
        Files.writeString(scenario, yaml);
        ScenarioLoader.Loaded loaded = new ScenarioLoader(scenario, Transports.builtIn(), dir).load(3);
        return loaded.simulation().run(loaded.durationNanos(), null);
    }

    @Test
    void anIncastThroughAShallowBufferCountsEveryPacketOnceAndItsDropsWhereThePortsDo() throws IOException {
        RunStatistics s = run("""
                name: incast
                duration: 3s
                topology:
                  star:
                    hosts: 9
                    link: {rate: 10Gbps, delay: 2us}
                switch:
                  buffer: 64KB
                transports:
                  tcp: {congestion-control: reno}
                traffic:
                  - incast: {to: h0, size: 256KB, start: 0ms, transport: tcp}
                """);
        assertThat(s.unfinished()).isZero();
        List<FlowMonitor.Flow> flows = s.monitored();
        // 8 senders, each connection seen in both directions
        assertThat(flows).hasSize(16);
        for (FlowMonitor.Flow f : flows) {
            assertThat(f.txPackets()).as("%s", f).isEqualTo(f.rxPackets() + f.lostPackets() + f.inFlightAtEnd());
            // a packet crosses two 10 Gb/s links of 2 us: no delay can be shorter than both propagations
            assertThat(f.meanDelayNanos()).isGreaterThanOrEqualTo(4_000);
            assertThat(f.maxDelayNanos()).isGreaterThanOrEqualTo(f.meanDelayNanos());
        }
        long bufferDrops = s.network().nodes().stream().flatMap(n -> n.ports().stream()).mapToLong(p -> p.counters().drops).sum();
        assertThat(bufferDrops).as("the buffer is too small for the incast").isPositive();
        assertThat(flows.stream().mapToLong(f -> f.lost().getOrDefault(FrameFate.Drop.BUFFER, 0L)).sum()).isEqualTo(bufferDrops);
        // what the hosts' NICs sent and received, counted by the ports themselves
        long hostTx = 0, hostRx = 0;
        for (Host h : s.network().hosts()) {
            for (Port p : h.ports()) {
                hostTx += p.counters().txFrames;
                hostRx += p.counters().rxFrames;
            }
        }
        assertThat(flows.stream().mapToLong(FlowMonitor.Flow::txPackets).sum()).isEqualTo(hostTx);
        assertThat(flows.stream().mapToLong(FlowMonitor.Flow::rxPackets).sum()).isEqualTo(hostRx);
        // the data direction carries the bytes: into h0, at most the bottleneck's rate
        List<FlowMonitor.Flow> data = flows.stream().filter(f -> "h0".equals(f.destination())).toList();
        assertThat(data).hasSize(8).allSatisfy(f -> {
            assertThat(f.rxBytes()).isGreaterThan(256_000);
            assertThat(f.throughputBps()).isPositive().isLessThanOrEqualTo(10e9);
        });
        assertThat(s.toJson().get("flowMonitor")).hasSize(16);
        assertThat(s.toJson().get("flowMonitor").get(0).get("lostBy").isObject()).isTrue();
    }

    @Test
    void onAQuietLinkEveryPacketTakesItsSerialisationAndPropagationAndNoMore() throws IOException {
        RunStatistics s = run("""
                name: one-pair
                duration: 10ms
                topology:
                  star:
                    hosts: 2
                    link: {rate: 1Gbps, delay: 10us}
                transports:
                  tcp: {congestion-control: reno}
                traffic:
                  - flows: {from: h1, to: h0, size: 1KB, start: 0ms, transport: tcp}
                """);
        for (FlowMonitor.Flow f : s.monitored()) {
            assertThat(f.lostPackets()).isZero();
            // the run stops when the flow has finished: the last ACK or FIN may still be on its way
            assertThat(f.rxPackets() + f.inFlightAtEnd()).isEqualTo(f.txPackets());
            assertThat(f.rxPackets()).isPositive();
            // two hops of 10 us each, each packet serialised twice at 1 Gb/s (at most 1,538 bytes on the wire: 12.3 us)
            assertThat(f.meanDelayNanos()).isBetween(20_000L, 20_000L + 2 * 12_304L);
        }
    }
}
