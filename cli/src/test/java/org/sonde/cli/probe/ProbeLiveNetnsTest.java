package org.sonde.cli.probe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.core.Json;
import org.sonde.probe.localize.ProbesCsv;
import org.sonde.testkit.Netns;

/** {@code sonde probe testbed up}, {@code agent} with a link down, {@code localize} on its records, {@code testbed down} (needs root). */
@Tag("netns")
class ProbeLiveNetnsTest {
    static final String PREFIX = "sonde-probe-cli";

    @TempDir
    Path dir;

    private static CliRun sonde(String... args) {
        CliRun r = CliRun.of(args);
        if (r.exitCode() == 4 && Netns.saysPrerequisiteMissing(r.err())) throw Netns.unavailable("root, iproute2 and nftables", r.err().strip(), null);
        return r;
    }

    @Test
    void aPlanRunsLiveAndLocalizeFindsTheLinkTakenDown() throws Exception {
        Path plan = dir.resolve("plan");
        assertThat(sonde("probe", "plan", "--topology", "fattree:4", "--strategy", "all-pairs", "--inflation", "0.25", "--out", plan.toString()).exitCode()).isZero();
        CliRun up = sonde("probe", "testbed", "up", "--topology", "fattree:4", "--name", PREFIX);
        try {
            assertThat(up.exitCode()).as(up.err()).isZero();
            assertThat(up.out()).contains("fattree:4 up in", "20 routers, 16 hosts");
            Path csv = dir.resolve("results.csv");
            CliRun agent = sonde("probe", "agent", "--topology", "fattree:4", "--name", PREFIX, "--plan", plan.resolve("plan.json").toString(),
                    "--round", "0s", "--pings", "5", "--rate", "3000", "--down", "agg2-1->edge2-0", "--results", csv.toString());
            assertThat(agent.exitCode()).as(agent.err()).isZero();
            // 240 tuples, 5 pings each per window, 2 windows; traces of each tuple and its reverse per window
            assertThat(agent.out()).contains("2 windows in", "2,400 pings", "960 traceroutes");
            List<String> lines = Files.readAllLines(csv);
            assertThat(lines.getFirst()).isEqualTo(ProbesCsv.HEADER);
            assertThat(lines).hasSize(1 + 2400 + 960);
            Path json = dir.resolve("suspects.json");
            CliRun loc = sonde("probe", "localize", "--topology", "fattree:4", "--results", csv.toString(), "--json", json.toString());
            assertThat(loc.exitCode()).as(loc.err()).isEqualTo(1); // bad probes
            JsonNode n = Json.mapper().readTree(json.toFile());
            assertThat(n.get("window").asInt()).isEqualTo(1);
            assertThat(n.get("suspects").get(0).get("link").asText()).as(loc.out()).isIn("agg2-1->edge2-0", "edge2-0->agg2-1");
        } finally {
            CliRun down = sonde("probe", "testbed", "down", "--name", PREFIX);
            assertThat(down.exitCode()).as(down.err()).isZero();
        }
        assertThat(sonde("probe", "testbed", "down", "--name", PREFIX).out()).contains("deleted 0 namespaces");
        CliRun gone = sonde("probe", "agent", "--name", PREFIX, "--plan", plan.resolve("plan.json").toString(), "--results", dir.resolve("x.csv").toString());
        assertThat(gone.exitCode()).isEqualTo(4);
        assertThat(gone.err()).contains("not up", "sonde probe testbed up");
    }
}
