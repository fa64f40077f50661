package org.sonde.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.PacketDirection;
import org.sonde.cli.CliRun;
import org.sonde.core.Json;

/** sonde replay record and sonde replay connection through the command line, on the incast example. */
class ReplayRecordCommandTest {
    @TempDir
    Path dir;

    private static List<byte[]> ipPackets(Path capture, String a, String b) {
        List<byte[]> out = new ArrayList<>();
        try (CaptureReader r = CaptureReader.open(capture)) {
            while (r.next()) {
                if (r.direction() == PacketDirection.INBOUND) continue; // the record's capture holds arrivals too
                byte[] ip = Arrays.copyOfRange(r.array(), r.offset() + 14, r.offset() + r.capturedLength());
                String s = endpoint(ip, 12, 20);
                String d = endpoint(ip, 16, 22);
                if (s.equals(a) && d.equals(b)) out.add(ip);
            }
        }
        return out;
    }

    private static String endpoint(byte[] ip, int addr, int port) {
        return (ip[addr] & 255) + "." + (ip[addr + 1] & 255) + "." + (ip[addr + 2] & 255) + "." + (ip[addr + 3] & 255) + ":"
                + ((ip[port] & 255) << 8 | (ip[port + 1] & 255));
    }

    @Test
    void recordsTheIncastExampleAndReplaysAConnectionToTheCapturedPackets() throws Exception {
        Path rec = dir.resolve("rec");
        Path json = dir.resolve("rec.json");
        CliRun r = CliRun.of("replay", "record", "../examples/sim/incast.yaml", "--seed", "2", "--out", rec.toString(), "--capture", "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("160 connections (160 replayable)", "of the gzip header trace", "wrote " + rec.resolve("recording.sdr"));
        JsonNode conns = Json.mapper().readTree(rec.resolve("connections.json").toFile());
        assertThat(conns).hasSize(160);
        JsonNode c3 = conns.get(3);
        assertThat(c3.get("id").asInt()).isEqualTo(3);
        assertThat(c3.get("bytes").asLong()).isEqualTo(64_000);
        assertThat(c3.get("dst").asText()).endsWith(":5001");
        JsonNode summary = Json.mapper().readTree(json.toFile());
        assertThat(summary.get("connections").asInt()).isEqualTo(160);
        assertThat(summary.get("recordingBytes").asLong()).isEqualTo(Files.size(rec.resolve("recording.sdr")));

        Path out = dir.resolve("conn3");
        Path cj = dir.resolve("conn3.json");
        Path html = dir.resolve("conn3.html");
        CliRun c = CliRun.of("replay", "connection", rec.toString(), "--conn", "3", "--out", out.toString(), "--json", cj.toString(),
                "--report", html.toString());
        assertThat(c.exitCode()).as(c.err()).isZero();
        // the report diagnoses the replayed packets and draws the state; --report is a copy of OUT/report.html
        String page = Files.readString(out.resolve("report.html"));
        assertThat(page).contains("Replay of connection 3", "Slow flows by size", "congestion window", "retransmission timeout and RTT", "<svg");
        assertThat(Files.readString(html)).isEqualTo(page);
        assertThat(c.out()).contains("connection 3 " + c3.get("src").asText() + " > " + c3.get("dst").asText());
        int total = 0;
        for (boolean forward : new boolean[] {true, false}) { // each direction in order
            String a = c3.get(forward ? "src" : "dst").asText();
            String b = c3.get(forward ? "dst" : "src").asText();
            List<byte[]> want = ipPackets(rec.resolve("capture.pcapng"), a, b);
            List<byte[]> got = ipPackets(out.resolve("packets.pcapng"), a, b);
            assertThat(got).hasSameSizeAs(want).isNotEmpty();
            for (int i = 0; i < want.size(); i++) assertThat(got.get(i)).as("packet %d from %s", i + 1, a).isEqualTo(want.get(i));
            total += want.size();
        }
        JsonNode state = Json.mapper().readTree(out.resolve("state.json").toFile());
        assertThat(state.get("events").size()).isGreaterThan(total);
        JsonNode first = state.get("events").get(0);
        for (String k : List.of("cwnd", "ssthresh", "rtoNanos", "receiveWindow", "reordering", "congestionState", "quickAckMode", "delayedAckPending")) {
            assertThat(first.has(k)).as(k).isTrue();
        }
        JsonNode cs = Json.mapper().readTree(cj.toFile());
        assertThat(cs.get("packets").asInt()).isEqualTo(total);
        assertThat(cs.get("maxSendTimeErrorNanos").asLong()).isLessThanOrEqualTo(5_000);

        CliRun k = CliRun.of("replay", "check", rec.toString());
        assertThat(k.exitCode()).as(k.out() + k.err()).isZero();
        assertThat(k.out()).contains("160 of 160 connections replay to the captured packets");
    }

    @Test
    void aSnapLengthNeedsACaptureAndHeaders() {
        CliRun noCapture = CliRun.of("replay", "record", "../examples/sim/incast.yaml", "--out", dir.resolve("a").toString(), "--snaplen", "128");
        assertThat(noCapture.exitCode()).isEqualTo(2);
        assertThat(noCapture.err()).contains("--snaplen", "add --capture");
        CliRun tooShort = CliRun.of("replay", "record", "../examples/sim/incast.yaml", "--out", dir.resolve("b").toString(), "--capture",
                "--snaplen", "40");
        assertThat(tooShort.exitCode()).isEqualTo(2);
        assertThat(tooShort.err()).contains("--snaplen 40 is outside 94..");
        assertThat(dir.resolve("a")).doesNotExist();
        assertThat(dir.resolve("b")).doesNotExist();
    }
}
