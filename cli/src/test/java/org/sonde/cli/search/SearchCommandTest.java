package org.sonde.cli.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.Main;
import org.sonde.core.Json;

/** sonde search run and compare through the top-level command. */
class SearchCommandTest {
    @TempDir
    Path dir;

    private record Run(int exitCode, String out, String err) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void runWritesTheAcceptanceJson() throws Exception {
        Path json = dir.resolve("run.json"), html = dir.resolve("run.html");
        Run r = run("search", "run", "--target", "sim:f-like", "--budget", "3h", "--seed", "2", "--json", json.toString(), "--report", html.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("collie on sim:f-like, seed 2", "distinct mechanisms hit", "wrote");
        JsonNode j = Json.mapper().readTree(json.toFile());
        assertThat(j.get("experiments").asInt()).isGreaterThan(3 * 60);
        assertThat(j.get("screen").asInt()).isEqualTo(128);
        assertThat(j.get("anomalies").size()).isPositive();
        for (JsonNode a : j.get("anomalies")) {
            assertThat(a.get("symptom").asText()).isIn("pause", "throughput");
            assertThat(a.get("foundAtHours").asDouble()).isBetween(0.0, 3.0);
            assertThat(a.get("mechanism").asText()).matches("F\\d+");
            assertThat(a.has("mfs")).isTrue();
        }
        String page = java.nio.file.Files.readString(html);
        assertThat(page).contains("Anomalies and their minimal feature sets", "WQE batch", "message pattern", "sonde-data",
                j.at("/anomalies/0/mechanism").asText());
    }

    @Test
    void perftestPrintsEachMfsAsPerftestCommandLines() throws Exception {
        Path json = dir.resolve("run.json");
        Run r = run("search", "run", "--target", "sim:f-like", "--budget", "2h", "--seed", "2", "--perftest", "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("perftest: ", "B server", "A client", "-d $DEV");
        JsonNode j = Json.mapper().readTree(json.toFile());
        for (JsonNode a : j.get("anomalies")) {
            if (a.get("mfs").isNull()) continue;
            assertThat(a.at("/perftest/commands/0/line").asText()).matches("(numactl .* )?ib_(send|write|read)_bw .*");
            assertThat(a.at("/perftest/exact").asBoolean()).isEqualTo(a.at("/perftest/cannotExpress").isEmpty());
        }
    }

    @Test
    void aRemoteTargetRunsTheSearchThroughItsTemplate() throws Exception {
        Path file = dir.resolve("testbed.yaml");
        // a template whose every command fails: the first counter reading stops the search with the host's error
        java.nio.file.Files.writeString(file, """
                hosts:
                  a: {name: rdma-a, address: 10.0.0.1, interface: ens1f0}
                  b: {name: rdma-b, address: 10.0.0.2, interface: ens1f0}
                device: mlx5_0
                template: false {host} {command}
                spec: {line-rate: 100Gbps, packet-rate: 150e6}
                """);
        Run r = run("search", "run", "--target", "remote:" + file, "--budget", "1h");
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(4);
        assertThat(r.err()).contains("counter reading", "host A", "exited with 1");
    }

    @Test
    void aRemoteTargetFileWithABadKeyIsBadInput() throws Exception {
        Path file = dir.resolve("testbed.yaml");
        java.nio.file.Files.writeString(file, "hosts:\n  a: {name: x, address: 1.2.3.4, interface: e}\n  b: {name: y, address: 1.2.3.5, interface: e}\n"
                + "device: mlx5_0\nspec: {line-rate: 100Gbps, packet-rate: 1e8}\nduraton: 5s\n");
        Run r = run("search", "run", "--target", "remote:" + file);
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains("testbed.yaml", "duraton");
        Run c = run("search", "compare", "--target", "remote:" + file);
        assertThat(c.exitCode()).isIn(2, 3);
    }

    @Test
    void aCleanTargetFindsNothingAndExitsZero() {
        Run r = run("search", "run", "--target", "sim:clean", "--budget", "1h", "--method", "random");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("0 anomalies");
    }

    @Test
    void compareGivesTimeToNPerMethod() throws Exception {
        Path json = dir.resolve("cmp.json"), html = dir.resolve("cmp.html");
        Run r = run("search", "compare", "--methods", "random,collie", "--seeds", "2", "--budget", "2h", "--json", json.toString(),
                "--report", html.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("random", "collie", "N=1:");
        assertThat(r.err()).contains("random seed 1:", "collie seed 2:");
        JsonNode j = Json.mapper().readTree(json.toFile());
        assertThat(j.at("/methods/0/method").asText()).isEqualTo("random");
        assertThat(j.at("/methods/1/timeToN/0/n").asInt()).isEqualTo(1);
        assertThat(java.nio.file.Files.readString(html)).contains("Time to N anomalies", "<svg", "collie", "MFS precision");
    }

    @Test
    void checkAppListsTheMfssAnApplicationCanReach() throws Exception {
        Path json = dir.resolve("run.json");
        assertThat(run("search", "run", "--budget", "3h", "--seed", "2", "--json", json.toString()).exitCode()).isEqualTo(1);
        Path all = dir.resolve("all.yaml");
        java.nio.file.Files.writeString(all, "mtu: [1024, 2048, 4096]\n");
        Run r = run("search", "check-app", all.toString(), "--mfs", json.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("can be reached", "MFS 1", "leave it with any of");
        assertThat(run("search", "check-app", dir.resolve("missing.yaml").toString(), "--mfs", json.toString()).exitCode()).isEqualTo(4);
    }

    @Test
    void badTargetsAndMethodsAreUsageErrors() {
        assertThat(run("search", "run", "--target", "ssh:host").exitCode()).isEqualTo(2);
        assertThat(run("search", "run", "--target", "sim:nope").exitCode()).isEqualTo(2);
        Run m = run("search", "run", "--method", "tpe");
        assertThat(m.exitCode()).isEqualTo(2);
        assertThat(m.err()).contains("--method");
        for (String cmd : new String[] {"run", "compare"}) {
            Run s = run("search", cmd, "--screen", "-1");
            assertThat(s.exitCode()).isEqualTo(2);
            assertThat(s.err()).contains("--screen: must be in 0..10000, got -1");
        }
    }

    @Test
    void screenZeroRunsThePapersAnnealingAndSaysSo() throws Exception {
        Path json = dir.resolve("plain.json");
        Run r = run("search", "run", "--budget", "2h", "--seed", "2", "--screen", "0", "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isIn(0, 1);
        assertThat(Json.mapper().readTree(json.toFile()).get("screen").asInt()).isZero();
    }

    @Test
    void aLinuxTargetFileIsReadBeforeAnythingRuns() throws Exception {
        Run empty = run("search", "run", "--target", "linux:");
        assertThat(empty.exitCode()).isEqualTo(2);
        assertThat(empty.err()).contains("needs the target file").doesNotContain("baseline");
        Path bad = dir.resolve("linux.yaml");
        java.nio.file.Files.writeString(bad, "experiment: 2s\nspace:\n  backlog: [3]\n");
        Run r = run("search", "run", "--target", "linux:" + bad, "--budget", "1m");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err()).contains("linux.yaml").contains("space.backlog").contains("3 is not one of").doesNotContain("baseline");
        assertThat(r.out()).isEmpty();
    }
}
