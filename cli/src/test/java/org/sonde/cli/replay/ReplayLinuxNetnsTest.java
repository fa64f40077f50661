package org.sonde.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;
import org.sonde.cli.CliRun;
import org.sonde.cli.JsonSchemas;
import org.sonde.core.Json;
import org.sonde.testkit.Netns;

/**
 * {@code sonde replay linux} on real connections between namespaces: every connection run is recorded, the
 * recorder's drops are segments the capture shows sent again, and without loss every handshake replays with the
 * kernel's sequence numbers (where a direction departs later is printed).
 */
@Tag("netns")
class ReplayLinuxNetnsTest {
    @TempDir
    Path dir;

    /** Runs the command line; a machine without root or bpftrace fails the test saying so, unless SONDE_SKIP_NETNS=1. */
    private static CliRun sonde(String... args) {
        CliRun r = CliRun.of(args);
        if (r.exitCode() == 4 && Netns.saysPrerequisiteMissing(r.err())) {
            throw Netns.unavailable("root, iproute2, ethtool, nftables and bpftrace", r.err().strip(), null);
        }
        return r;
    }

    private JsonNode run(String name, String loss) throws Exception {
        Path out = dir.resolve(name), json = dir.resolve(name + ".json");
        CliRun r = sonde("replay", "linux", "--connections", "8", "--parallel", "4", "--loss", loss, "--seed", "3", "--out", out.toString(),
                "--json", json.toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        JsonSchemas.validate("replay-linux", json);
        JsonSchemas.validate("replay-linux", out.resolve("agreement.json"));
        assertThat(out.resolve("capture.pcapng")).isRegularFile();
        JsonNode a = Json.mapper().readTree(json.toFile());
        assertThat(a.get("connectionsRun").asInt()).as("connections that completed").isEqualTo(8);
        assertThat(a.get("connectionsRecorded").asInt()).as("connections recorded = connections run").isEqualTo(8);
        assertThat(a.get("connectionsReplayed").asInt()).isEqualTo(8);
        for (JsonNode c : a.get("connections")) {
            assertThat(c.get("capturedFromClient").asInt()).as(c.get("name").asText()).isPositive();
            assertThat(c.get("capturedFromServer").asInt()).as(c.get("name").asText()).isPositive();
        }
        return a;
    }

    @Test
    void withoutLossEveryHandshakeReplaysWithTheKernelsSequenceNumbers() throws Exception {
        JsonNode a = run("clean", "0");
        assertThat(a.get("drops").asInt()).isZero(); // the kernel may still retransmit, spuriously
        List<String> departures = new ArrayList<>();
        for (JsonNode c : a.get("connections")) {
            // SYN, SYN-ACK and the handshake's ACK: the recorded draws make the replay's first packets the kernel's
            for (String dir : List.of("fromClient", "fromServer")) {
                JsonNode d = c.get(dir);
                if (d.isNull()) continue;
                departures.add(d.toString());
                assertThat(d.get("index").asInt()).as("%s %s", c.get("name").asText(), d).isGreaterThanOrEqualTo(dir.equals("fromClient") ? 2 : 1);
            }
        }
        departures.forEach(System.out::println);
        assertThat(a.get("packetsCompared").asLong()).isPositive();
        assertThat(a.get("sendTimeErrorMedianNanos").isNull()).isFalse();
    }

    @Test
    void everyRecordedDropIsASegmentTheCaptureShowsSentAgain() throws Exception {
        JsonNode a = run("lossy", "0.03");
        assertThat(a.get("drops").asInt()).as("3 % of about a thousand segments").isPositive();
        // the capture's data segments: how often each (sender port, seq, len) was sent
        Map<String, Integer> sent = new HashMap<>();
        try (CaptureReader r = CaptureReader.open(dir.resolve("lossy").resolve("capture.pcapng"))) {
            while (r.next()) {
                byte[] b = r.array();
                int ip = r.offset() + 14, tcp = ip + (b[ip] & 15) * 4;
                int len = ((b[ip + 2] & 255) << 8 | (b[ip + 3] & 255)) - (tcp - ip) - ((b[tcp + 12] & 255) >> 4) * 4;
                long seq = (b[tcp + 4] & 255L) << 24 | (b[tcp + 5] & 255L) << 16 | (b[tcp + 6] & 255L) << 8 | (b[tcp + 7] & 255L);
                if (len > 0) sent.merge(((b[tcp] & 255) << 8 | (b[tcp + 1] & 255)) + ":" + seq + ":" + len, 1, Integer::sum);
            }
        }
        JsonNode rec = Json.mapper().readTree(dir.resolve("lossy").resolve("recording.json").toFile());
        int dataDrops = 0;
        for (JsonNode c : rec.get("connections")) {
            for (JsonNode d : c.get("drops")) {
                if (d.get("payloadBytes").asInt() == 0) continue;
                dataDrops++;
                int port = d.get("fromClient").asBoolean() ? c.get("clientPort").asInt() : c.get("serverPort").asInt();
                String key = port + ":" + d.get("seq").asLong() + ":" + d.get("payloadBytes").asInt();
                assertThat(sent.getOrDefault(key, 0)).as("dropped data segment %s sent again", key).isGreaterThanOrEqualTo(2);
            }
        }
        assertThat(dataDrops).as("data segments dropped").isPositive();
        a.get("divergencesByCause").fields().forEachRemaining(e -> System.out.println(e.getKey() + ": " + e.getValue()));
    }
}
