package org.sonde.sim.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        assertThat(html).contains("Simulation two-flows", "two flows into one (seed 9)", "All 2 flows finished.", "Throughput",
                "Congestion window", "Flow completion times", "No transmitter was paused.", "Flows");
        assertThat(html).as("the data is stats.json, beside the report").doesNotContain("id=\"sonde-data\"");
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
