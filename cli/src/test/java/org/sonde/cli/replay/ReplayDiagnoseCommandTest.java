package org.sonde.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.cli.CliRun;
import org.sonde.core.Json;
import org.sonde.replay.diagnose.SimulatedCaptures;

/** sonde replay diagnose through the command line. */
class ReplayDiagnoseCommandTest {
    @TempDir
    Path dir;

    @Test
    void writesTheJsonAndSummarisesEachFlow() throws Exception {
        Path capture = SimulatedCaptures.resource(dir, SimulatedCaptures.LINUX_LISTING2);
        Path json = dir.resolve("diagnosis.json");
        CliRun r = CliRun.of("replay", "diagnose", capture.toString(), "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("138 frames", "6 flows", "FAST_RETRANSMIT", "SPURIOUS (sent by TLP)", "D-SACK", "diagnosis in " + json);
        JsonNode root = Json.mapper().readTree(json.toFile());
        assertThat(root.get("flows")).hasSize(6);
        int retransmissions = 0;
        for (JsonNode f : root.get("flows")) retransmissions += f.get("retransmissions").asInt();
        assertThat(retransmissions).isEqualTo(5);
    }

    /** Listing 2's connection 3 loses the tail of its first message: the report draws that flow and embeds the JSON. */
    @Test
    void theReportDrawsTheSlowFlowsAndEmbedsTheJson() throws Exception {
        Path capture = SimulatedCaptures.resource(dir, SimulatedCaptures.LINUX_LISTING2);
        Path json = dir.resolve("diagnosis.json"), html = dir.resolve("diagnosis.html");
        CliRun r = CliRun.of("replay", "diagnose", capture.toString(), "--json", json.toString(), "--report", html.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("TAIL_DROP 1", "report " + html);
        String page = Files.readString(html);
        assertThat(page).contains("Slow flows by size", "TAIL_DROP", "The slowest flows", "<svg", "retransmitted", "cited by the diagnosis");
        assertThat(Json.mapper().readTree(org.sonde.report.HtmlReport.embeddedJson(page))).isEqualTo(Json.mapper().readTree(json.toFile()));
    }

    @Test
    void aFileThatIsNotACaptureIsBadInput() throws Exception {
        Path bad = dir.resolve("trace.pcap");
        Files.writeString(bad, "not a capture at all");
        CliRun r = CliRun.of("replay", "diagnose", bad.toString());
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains("trace.pcap", "not a capture file");
    }

    @Test
    void aMissingFileIsAnEnvironmentError() {
        CliRun r = CliRun.of("replay", "diagnose", dir.resolve("absent.pcapng").toString());
        assertThat(r.exitCode()).isEqualTo(4);
        assertThat(r.err()).contains("absent.pcapng");
    }
}
