package org.sonde.sim.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.sim.scenario.ScenarioLoader;
import org.sonde.sim.scenario.Transports;
import org.sonde.sim.stats.RunStatistics;

/** The report renders a run's statistics in its sections; the data it embeds parses. */
class SimReportTest {
    static final Path EXAMPLES = Path.of("..", "examples", "sim");

    @TempDir
    Path dir;

    private static RunStatistics run(Path scenario, Path out) {
        ScenarioLoader.Loaded loaded = new ScenarioLoader(scenario, Transports.builtIn(), out).load(9);
        return loaded.simulation().run(loaded.durationNanos(), null);
    }

    @Test
    void aPfcRunShowsQueuesPausesAndCounters() {
        RunStatistics s = run(EXAMPLES.resolve("udp-pfc.yaml"), dir);
        String html = SimReport.of(s, "", 9, 0.5, "1.2.3 (abc)").render();
        assertThat(html).contains("Simulation udp-pfc", "seed 9", "1.2.3 (abc)", "Summary", "Queue lengths", "PFC pauses",
                "Port counters", "Time each transmitter spent paused");
    }

    @Test
    void aTcpRunShowsThroughputWindowsCompletionTimesAndFlows() throws IOException {
        Path scenario = dir.resolve("tcp.yaml");
        Files.writeString(scenario, """
                name: two-flows
                duration: 50ms
                sample-every: 20us
                topology:
                  star:
                    hosts: 3
                    link: {rate: 10Gbps, delay: 5us}
                transports:
                  tcp: {congestion-control: cubic}
                traffic:
                  - incast: {to: h0, size: 64KB, start: 0ms, transport: tcp}
                monitor:
                  queues: [s0>h0]
                """);
        RunStatistics s = run(scenario, dir);
        String html = SimReport.of(s, "two flows into one", 9, 0.5, "v").render();
        long drops = s.network().nodes().stream().flatMap(n -> n.ports().stream()).mapToLong(p -> p.counters().drops).sum();
        long retransmissions = s.flows().stream().mapToLong(r -> r.progress().retransmissions()).sum();
        assertThat(html).contains("Simulation two-flows", "two flows into one (seed 9)",
                String.format("All 2 flows finished; %,d packets dropped at ports, %,d retransmissions.", drops, retransmissions), "Throughput",
                "receiving link capacity", "time (" + TimeScale.forSpan(s.simulatedNanos()).label() + ")", "Congestion window",
                "Flow completion times", "No transmitter was paused.", "Flows", "goodput (Gb/s)", "FCT (" + TimeScale.forSpan(s.simulatedNanos()).label() + ")");
        assertThat(html).as("the data is stats.json, beside the report").doesNotContain("id=\"sonde-data\"");
        // the packets' fates lead, before any chart: sent, delivered and lost per 5-tuple
        long sent = s.monitored().stream().mapToLong(org.sonde.sim.stats.FlowMonitor.Flow::txPackets).sum();
        assertThat(html).contains("Packets per flow", String.format("%,d packets sent", sent), "delay mean / max (", "in flight");
        assertThat(html.indexOf("Packets per flow")).isLessThan(html.indexOf("Throughput"));
        assertThat(SimSummary.lines(s, 9, 0.5)).last().asString().startsWith(String.format("  packets: %,d sent, ", sent)).contains("in flight at the end");
    }

    /** Bytes released together read as one bin's worth, not as a rate above the link's; a silent stretch is zero, not a line across it. */
    @Test
    void goodputIsBinnedAndSilenceIsZero() {
        org.sonde.sim.stats.Series delivered = new org.sonde.sim.stats.Series("f", "bytes");
        delivered.add(0, 0);
        delivered.add(1_000, 1_250);        // 10 Gb/s for 1 us
        delivered.add(1_001, 126_250);      // a filled hole releases 125 KB at once
        delivered.add(100_000, 126_250);    // then silence
        delivered.add(110_000, 138_750);    // 10 Gb/s again for 10 us
        double[][] xy = SimReport.rate(delivered, 10_000, TimeScale.forSpan(110_000));
        assertThat(xy[0]).containsExactly(10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110);
        assertThat(xy[1][0]).isEqualTo(126_250 * 8 / 10_000.0);
        assertThat(java.util.Arrays.copyOfRange(xy[1], 1, 10)).containsOnly(0.0);
        assertThat(xy[1][10]).isEqualTo(10.0);
        assertThat(TimeScale.forSpan(50_000_000).text(1_234_567)).isEqualTo("1.23");
        assertThat(TimeScale.forSpan(50_000_000).label()).isEqualTo("ms");
    }

    /** A group's summed goodput is drawn over every bin from its first to its last: between rounds of flows it is zero, not a line across. */
    @Test
    void groupSumsAreZeroBetweenRounds() {
        org.sonde.sim.stats.Series first = new org.sonde.sim.stats.Series("a", "bytes"), second = new org.sonde.sim.stats.Series("b", "bytes");
        first.add(0, 0);
        first.add(10_000, 12_500);
        first.add(20_000, 25_000);          // 10 Gb/s for 20 us, then done
        second.add(60_000, 0);
        second.add(70_000, 6_250);
        second.add(80_000, 12_500);         // 5 Gb/s for 20 us, 40 us later
        double[][] xy = SimReport.groupRates(Map.of("round", List.of(first, second)), 10_000, TimeScale.forSpan(80_000)).get("round");
        assertThat(xy[0]).containsExactly(10, 20, 30, 40, 50, 60, 70, 80);
        assertThat(xy[1]).containsExactly(10, 10, 0, 0, 0, 0, 5, 5);
    }

    private static final String INCAST = """
            name: rounds
            duration: %s
            sample-every: 5us
            topology:
              star:
                hosts: 9
                link: {rate: 10Gbps, delay: 5us}
            switch:
              buffer: 128KB
              alpha: 0.5
            transports:
              tcp: {congestion-control: cubic}
            traffic:
              - incast: {to: h0, size: 64KB, start: 0ms, rounds: 2, interval: 4ms, transport: tcp}
            monitor:
              queues: [s0>h0]
            """;

    /** The zoom centres on the queue's fullest moment with a round trip either side, in one time unit for its axes and its table. */
    @Test
    void aLongRunZoomsOnOneRoundAroundTheFullestQueue() throws IOException {
        Path scenario = dir.resolve("rounds.yaml");
        Files.writeString(scenario, INCAST.formatted("10ms"));
        RunStatistics s = run(scenario, dir);
        org.sonde.sim.stats.Series queue = s.queues().values().iterator().next();
        long fullest = -1;
        for (int i = 0; i < queue.size(); i++) {
            if (queue.values()[i] == queue.max()) {
                fullest = queue.times()[i];
                break;
            }
        }
        assertThat(queue.max()).isPositive();
        SimReport.Moment m = SimReport.busiest(s).orElseThrow();
        assertThat(m.atNanos()).isEqualTo(fullest);
        assertThat(m.what()).startsWith("the queue s0");
        long rtt = SimReport.roundTripNanos(s);
        assertThat(rtt).as("at least the 20 us of propagation a round trip crosses").isGreaterThanOrEqualTo(20_000);
        long width = Math.max(2 * rtt, 20 * 5_000);
        TimeScale u = TimeScale.forSpan(width);
        long[] w = org.sonde.report.EventWindow.round(fullest, width, 0, s.simulatedNanos());
        String html = SimReport.of(s, "", 9, 0.5, "v").render();
        assertThat(html).contains("One round, zoomed", String.format("From %s to %s %s: around the queue s0", u.text(w[0]), u.text(w[1]), u.label()),
                "Egress queue occupancy in the round", "Goodput in the round", "Congestion window in the round",
                "lowest at (" + u.label() + ")", "time (" + u.label() + ")", "What each flow running in the round did in it");
        // the sections' headings, after their entries in the contents
        int zoomAt = html.lastIndexOf("One round, zoomed"), fctAt = html.lastIndexOf("Flow completion times");
        assertThat(zoomAt).isGreaterThan(html.lastIndexOf("Congestion control")).isLessThan(fctAt);
        String zoom = html.substring(zoomAt, fctAt);
        assertThat(zoom).as("the capacity is drawn in the zoom too").contains("receiving link capacity");
        // a sender that is still connecting has no window: the table gives the window it had, never a 0 before it
        assertThat(zoom).doesNotContain(">0 / ");
    }

    @Test
    void binsAreNumbersAReaderCanSay() {
        assertThat(SimReport.roundUp(5_627_307)).isEqualTo(10_000_000);
        assertThat(SimReport.roundUp(1_500)).isEqualTo(2_000);
        assertThat(SimReport.roundUp(4_000)).isEqualTo(5_000);
        assertThat(SimReport.roundUp(1_000)).isEqualTo(1_000);
        assertThat(SimReport.roundUp(1)).isEqualTo(1);
        assertThat(SimReport.roundUp(7)).isEqualTo(10);
    }

    @Test
    void aRunOfAFewRoundsIsNotZoomed() throws IOException {
        Path scenario = dir.resolve("short.yaml");
        Files.writeString(scenario, INCAST.formatted("300us"));
        RunStatistics s = run(scenario, dir);
        assertThat(SimReport.busiest(s)).isPresent();
        assertThat(SimReport.of(s, "", 9, 0.5, "v").render()).contains("Queue lengths").doesNotContain("One round, zoomed");
    }

    @Test
    void theReportIsWrittenAsOneFile() throws IOException {
        RunStatistics s = run(EXAMPLES.resolve("udp-pfc.yaml"), dir);
        Path html = dir.resolve("report.html");
        SimReport.of(s, "", 9, 0.5, "v").writeTo(html);
        assertThat(Files.readString(html)).startsWith("<!DOCTYPE html>").contains("Port counters");
        JsonNode stats = s.toJson();
        assertThat(stats.get("simulatedNanos").asLong()).isEqualTo(2_000_000);
    }
}
