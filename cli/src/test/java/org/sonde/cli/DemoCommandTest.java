package org.sonde.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DemoCommandTest {
    @TempDir
    Path dir;

    @Test
    void theDemoRunsEveryStepAndEndsByNamingItsReport() throws IOException {
        Path out = dir.resolve("demo");
        CliRun run = CliRun.of("demo", "--out", out.toString(), "--roce-size", "2M");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        String last = run.out().strip().lines().reduce((a, b) -> b).orElseThrow();
        assertThat(last).isEqualTo("Report: " + out.resolve("report.html").toAbsolutePath());
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("Sonde demo");
        // a section per capability, each linking to the reports its steps wrote, every one of them there
        List<String> capabilities = List.of("Captures", "Test packet generation (ATPG)", "Forwarding verification (Libra)", "Simulation",
                "Load generation (dperf)", "Event injection (Lumina)", "Probe planning (NetSonar)", "Anomaly search (Collie)");
        for (String c : capabilities) assertThat(html).contains("<h2>" + c + "</h2>");
        List<String> links = java.util.regex.Pattern.compile("<a href=\"([^\"#][^\"]*)\"").matcher(html).results().map(m -> m.group(1)).toList();
        assertThat(links).contains("atpg/report.html", "verify/report.html", "sim/report.html", "load/keepalive.html", "inject/neutral/report.html",
                "probe/report.html", "search/report.html", "pcap/roce-write.pcapng.html");
        for (String link : links) assertThat(out.resolve(link)).as(link).isRegularFile();
        assertThat(Files.readString(out.resolve("atpg/report.html"))).contains("ATPG test suite");
        assertThat(Files.readString(out.resolve("verify/report.html"))).contains("Forwarding verification");
        assertThat(Files.readString(out.resolve("load/keepalive.html"))).contains("Sonde load test");
        JsonNode json = Json.mapper().readTree(out.resolve("report.json").toFile());
        assertThat(json.get("steps").size()).isGreaterThanOrEqualTo(8);
        json.get("steps").forEach(s -> assertThat(s.get("ok").asBoolean()).as(s.toString()).isTrue());
        assertThat(json.get("captures").get("roce-write.pcapng").get("badIcrcs").asLong()).isZero();
        assertThat(json.get("captures").get("tcp-ip.pcapng").get("protocols").has("tcp")).isTrue();
        assertThat(json.get("steps").findValuesAsText("name")).anyMatch(n -> n.startsWith("ATPG"));
        assertThat(json.get("steps").findValuesAsText("name")).anyMatch(n -> n.startsWith("Libra"));
        assertThat(Files.exists(out.resolve("atpg/suite/suite.json"))).isTrue();
        assertThat(json.get("steps").findValuesAsText("name")).anyMatch(n -> n.startsWith("Load test"));
        assertThat(json.get("steps").findValuesAsText("name")).anyMatch(n -> n.startsWith("Inject Lumina's Listing 2"));
        assertThat(Json.mapper().readTree(out.resolve("inject/neutral/analysis.json").toFile()).get("gbn").get("pass").asBoolean()).isTrue();
        assertThat(Files.readString(out.resolve("inject/neutral/report.html"))).contains("<svg");
        assertThat(json.get("steps").findValuesAsText("name")).anyMatch(n -> n.startsWith("NetSonar on a k=4 fat-tree"));
        assertThat(Files.readString(out.resolve("probe/report.html"))).contains("Accuracy by method", "<svg");
        assertThat(json.get("steps").findValuesAsText("name")).anyMatch(n -> n.startsWith("Collie on the simulated f-like"));
        // the demo's test is the example's, byte for byte
        try (var in = org.sonde.cli.demo.DemoCommand.class.getResourceAsStream("inject-listing2.yaml")) {
            assertThat(in.readAllBytes()).isEqualTo(Files.readAllBytes(Path.of("..", "examples", "inject", "listing2.yaml")));
        }
        JsonNode load = Json.mapper().readTree(out.resolve("load/keepalive.json").toFile());
        assertThat(load.get("requests").asLong()).isPositive().isEqualTo(load.get("responses2xx").asLong());

        // every JSON file the demo wrote is a documented output: its own, and those of the capabilities' own commands
        JsonSchemas.validate("demo", out.resolve("report.json"));
        JsonSchemas.validate("load-result", out.resolve("load/keepalive.json"));
        JsonSchemas.validate("load-result", out.resolve("load/cps.json"));
        for (String capture : List.of("roce-write.pcapng", "roce-read.pcap", "tcp-ip.pcapng")) {
            JsonSchemas.validate("pcap-inspect-report", out.resolve("pcap/" + capture + ".json"));
        }
        JsonSchemas.validate("atpg-suite", out.resolve("atpg/suite/suite.json"));
        JsonSchemas.validate("atpg-summary", out.resolve("atpg/suite/summary.json"));
        JsonSchemas.validate("verify-truth", out.resolve("verify/truth.json"));
        JsonSchemas.validate("sim-stats", out.resolve("sim/stats.json"));
        for (String nic : List.of("neutral", "cx5-like")) {
            JsonSchemas.validate("inject-result", out.resolve("inject/" + nic + "/result.json"));
            JsonSchemas.validate("inject-analysis", out.resolve("inject/" + nic + "/analysis.json"));
        }
    }
}
