package org.sonde.cli.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.core.Json;

/** sonde verify generate, check and watch through the command line (the in-process backend; Spark is tested in verify). */
class VerifyCommandTest {
    @TempDir
    Path dir;

    private static List<String> violations(JsonNode list) {
        List<String> out = new ArrayList<>();
        for (JsonNode v : list) out.add(v.get("type").asText() + " " + v.get("subnet").asText() + " " + v.get("switches"));
        out.sort(null);
        return out;
    }

    @Test
    void checkFindsExactlyWhatGenerateTruthSays() throws Exception {
        Path snap = dir.resolve("dcn"), json = dir.resolve("result.json"), html = dir.resolve("result.html");
        CliRun g = CliRun.of("verify", "generate", "dcn", "--seed", "7", "--switches", "300", "--plant", "loops=2,blackholes=2", "--out", snap.toString());
        assertThat(g.exitCode()).as(g.err()).isZero();
        assertThat(snap.resolve("rules.txt")).exists();
        CliRun c = CliRun.of("verify", "check", "--snapshot", snap.toString(), "--checks", "loops,blackholes", "--backend", "local",
                "--json", json.toString(), "--report", html.toString());
        assertThat(c.exitCode()).as(c.err()).isEqualTo(1);
        JsonNode result = Json.mapper().readTree(json.toFile()), truth = Json.mapper().readTree(snap.resolve("truth.json").toFile());
        assertThat(violations(result.get("violations"))).hasSize(4).isEqualTo(violations(truth.get("violations")));
        assertThat(result.get("seconds").asDouble()).isPositive();
        assertThat(result.get("phases").has("map")).isTrue();
        assertThat(result.get("violations").get(0).get("rules").size()).isPositive();
        assertThat(Files.readString(html)).contains("Forwarding verification", "Time per phase", "blackhole");
        assertThat(c.out()).contains("4 violations (2 loop, 2 blackhole)");
    }

    @Test
    void aCleanNetworkExitsZero() {
        Path snap = dir.resolve("inet");
        assertThat(CliRun.of("verify", "generate", "inet", "--seed", "1", "--switches", "20", "--prefixes", "500", "--out", snap.toString()).exitCode()).isZero();
        CliRun c = CliRun.of("verify", "check", "--snapshot", snap.toString(), "--checks", "loops,blackholes,reachability", "--backend", "local");
        assertThat(c.exitCode()).as(c.err()).isZero();
        assertThat(c.out()).contains("0 violations (none)");
    }

    @Test
    void aMalformedSnapshotIsBadInputNamingFileAndLine() throws Exception {
        Path snap = Files.createDirectories(dir.resolve("bad"));
        Files.writeString(snap.resolve("rules.txt"), "s1 10.0.0.0 24 deliver 1\ns2 10.0.0.0 24 s1\n");
        CliRun c = CliRun.of("verify", "check", "--snapshot", snap.toString(), "--backend", "local");
        assertThat(c.exitCode()).isEqualTo(3);
        assertThat(c.err()).contains("rules.txt: line 2: expected 5 fields");
    }

    @Test
    void usageErrors() {
        assertThat(CliRun.of("verify", "check", "--snapshot", dir.toString(), "--checks", "loops,cycles").exitCode()).isEqualTo(2);
        assertThat(CliRun.of("verify", "generate", "dcn", "--plant", "loops=x", "--out", dir.toString()).exitCode()).isEqualTo(2);
        assertThat(CliRun.of("verify", "generate", "inet", "--plant", "waypoints=1", "--switches", "10", "--prefixes", "10",
                "--out", dir.toString()).exitCode()).isEqualTo(2);
        assertThat(CliRun.of("verify", "check", "--snapshot", dir.toString(), "--backend", "local", "--master", "local[2]").exitCode()).isEqualTo(2);
    }

    @Test
    void helpDescribesEveryVerb() {
        CliRun help = CliRun.of("verify", "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("generate", "check", "watch", "convert");
        assertThat(CliRun.of("verify", "check", "--help").out()).contains("--backend", "--master", "--checks", "--json");
    }

    @Test
    void watchReportsStableStatesAndTheFalseAlarmItAvoids() throws Exception {
        Path snap = Files.createDirectories(dir.resolve("toy")), events = dir.resolve("events.txt"), json = dir.resolve("watch.json");
        Files.writeString(snap.resolve("rules.txt"), String.join("\n",
                "S11 192.168.0.0 24 deliver 10", "S11 192.168.1.0 24 S21,S22 10",
                "S12 192.168.0.0 24 S21,S22 10", "S12 192.168.1.0 24 deliver 10",
                "S21 192.168.0.0 24 S11 10", "S21 192.168.1.0 24 S12 10",
                "S22 192.168.0.0 24 S11 10", "S22 192.168.1.0 24 S12 10") + "\n");
        // the link S11-S22 fails: e1 and e2 10 ms apart (one stable state), then 2 s later S22 loses 192.168.1/24 (a black hole)
        Files.writeString(events, String.join("\n",
                "1000 ctl-a del S22 192.168.0.0 24 - 10",
                "1010 ctl-b mod S12 192.168.0.0 24 S21 10",
                "3000 ctl-a del S22 192.168.1.0 24 - 10") + "\n");
        Path html = dir.resolve("watch.html");
        CliRun w = CliRun.of("verify", "watch", "--snapshot", snap.toString(), "--events", events.toString(), "--epsilon", "50ms",
                "--json", json.toString(), "--report", html.toString());
        assertThat(w.exitCode()).as(w.err()).isEqualTo(1);
        JsonNode result = Json.mapper().readTree(json.toFile());
        assertThat(result.get("states")).hasSize(2);
        assertThat(result.get("states").get(0).get("events").asInt()).isEqualTo(2);
        assertThat(result.get("states").get(0).get("appeared")).isEmpty();
        assertThat(result.get("states").get(1).get("appeared").get(0).get("type").asText()).isEqualTo("blackhole");
        assertThat(w.out()).contains("3 events, 2 stable states");
        // the report leads with the verdict at the end of the stream, then the states and the violation left
        String report = Files.readString(html);
        assertThat(report).contains("1 violation after the last stable state", "Violations over the stable states", "Violations at the end",
                "blackhole", "192.168.1.0/24");
        assertThat(report.indexOf("1 violation after the last stable state")).isLessThan(report.lastIndexOf("Violations over the stable states"));
    }
}
