package org.sonde.cli.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.cli.JsonSchemas;
import org.sonde.core.Json;

/** sonde sim run through the command line. */
class SimCommandTest {
    static final Path EXAMPLES = Path.of("..", "examples", "sim");

    @TempDir
    Path dir;

    @Test
    void twoRunsWithTheSameSeedWriteByteIdenticalFiles() throws Exception {
        Path a = dir.resolve("a"), b = dir.resolve("b"), json = dir.resolve("summary.json");
        String scenario = EXAMPLES.resolve("udp-pfc.yaml").toString();
        CliRun ra = CliRun.of("sim", "run", scenario, "--seed", "9", "--out", a.toString(), "--json", json.toString());
        CliRun rb = CliRun.of("sim", "run", scenario, "--seed", "9", "--out", b.toString(), "--no-report");
        assertThat(ra.exitCode()).as(ra.err()).isZero();
        assertThat(rb.exitCode()).as(rb.err()).isZero();
        for (String f : new String[] {"stats.json", "receiver.pcapng", "sender0.pcapng"}) {
            assertThat(Files.readAllBytes(a.resolve(f))).as(f).isEqualTo(Files.readAllBytes(b.resolve(f)));
        }
        assertThat(a.resolve("report.html")).exists();
        assertThat(b.resolve("report.html")).doesNotExist();
        assertThat(Files.readString(a.resolve("report.html"))).contains("Simulation udp-pfc", "Queue lengths", "PFC pauses", "Port counters");
        JsonNode stats = Json.mapper().readTree(a.resolve("stats.json").toFile());
        assertThat(stats.get("simulatedNanos").asLong()).isEqualTo(2_000_000);
        assertThat(stats.get("series").get("queueBytes").has("s0:5")).isTrue();
        JsonNode summary = Json.mapper().readTree(json.toFile());
        assertThat(summary.get("eventsPerSecond").asDouble()).isPositive();
        assertThat(ra.out()).contains("capture", "receiver.pcapng");
    }

    @Test
    void aBadScenarioIsBadInputNamingTheKeyAndWritesNothing() throws Exception {
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, "duration: 1ms\ntopology: {star: {hosts: 2, link: {rate: fast}}}\n");
        Path out = dir.resolve("out");
        CliRun r = CliRun.of("sim", "run", f.toString(), "--out", out.toString());
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains("topology.star.link.rate", "'fast' is not a quantity");
        assertThat(out.resolve("stats.json")).doesNotExist();
    }

    @Test
    void withNoFlowFinishedTheCompletionTimesAreNullNotMinusOne() throws Exception {
        Path f = Files.writeString(dir.resolve("long.yaml"), """
                name: never-done
                duration: 1ms
                topology:
                  dumbbell:
                    pairs: 1
                    access: {rate: 10Gbps, delay: 2us}
                    bottleneck: {rate: 10Gbps, delay: 10us}
                transports:
                  tcp: {congestion-control: cubic}
                traffic:
                  - flows: {from: l0, to: r0, size: 100MB, start: 0ms, transport: tcp}
                """);
        Path json = dir.resolve("summary.json");
        CliRun r = CliRun.of("sim", "run", f.toString(), "--out", dir.resolve("o").toString(), "--no-report", "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        JsonNode summary = Json.mapper().readTree(json.toFile());
        assertThat(summary.get("finished").asInt()).isZero();
        assertThat(summary.get("fctP50Nanos").isNull()).isTrue();
        assertThat(summary.get("fctP99Nanos").isNull()).isTrue();
        JsonSchemas.validate("sim-run", json);
        // the temporary directory's random name may hold "-1" itself: it is not the summary's
        assertThat(r.out().replace(dir.toString(), "DIR")).contains("0 finished, 1 unfinished").doesNotContain("-1");
    }

    @Test
    void aMissingScenarioIsAnEnvironmentError() {
        CliRun r = CliRun.of("sim", "run", dir.resolve("nope.yaml").toString(), "--out", dir.resolve("o").toString());
        assertThat(r.exitCode()).isEqualTo(4);
        assertThat(r.err()).contains("does not exist");
    }

    @Test
    void helpDescribesTheOutputs() {
        CliRun r = CliRun.of("sim", "run", "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("stats.json", "report.html", "pcapng", "--seed", "byte-identical");
    }
}
