package org.sonde.replay.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureFormatException;
import org.sonde.core.Json;

class CaptureDiagnoserTest {
    private static final int MSS = 1448;

    @TempDir
    Path dir;

    /**
     * Linux 6.x between two namespaces, Listing 2 of the inject examples: connection 2's fifth data segment is dropped,
     * then its retransmission, then that one's; connection 3's tenth (the last of the first message) is dropped.
     */
    @Test
    void linuxListing2PlantedLossesGetTheirCauses() {
        CaptureDiagnosis d = CaptureDiagnoser.diagnose(SimulatedCaptures.resource(dir, SimulatedCaptures.LINUX_LISTING2));
        List<FlowDiagnosis> data = d.flows().stream().filter(f -> f.dst().port() == 5001).toList();
        assertThat(data).hasSize(3);
        assertThat(data.get(0).retransmissions()).isEmpty();

        long fifth = 4L * MSS + 1;
        List<Retransmission> conn2 = data.get(1).retransmissions().stream().filter(r -> r.relativeSeq() == fifth).toList();
        assertThat(conn2).extracting(Retransmission::kind)
                .containsExactly(RetransmissionKind.FAST_RETRANSMIT, RetransmissionKind.RTO, RetransmissionKind.RTO);
        assertThat(conn2.get(2).evidence().figures().get("backoff")).isEqualTo(2L);
        assertThat(conn2.get(0).evidence().figures().get("duplicateAcks")).isGreaterThanOrEqualTo(3L);
        // the second timeout waits twice as long as the first (exponential backoff)
        long first = conn2.get(1).timeNanos() - conn2.get(0).timeNanos(), second = conn2.get(2).timeNanos() - conn2.get(1).timeNanos();
        assertThat((double) second / first).isBetween(1.8, 2.2);

        long tenth = 9L * MSS + 1;
        assertThat(data.get(2).retransmissions()).singleElement().satisfies(r -> {
            assertThat(r.relativeSeq()).isEqualTo(tenth);
            assertThat(r.kind()).isEqualTo(RetransmissionKind.TLP);
        });
        // connection 2's tail probe repeated a segment that had arrived: the receiver's D-SACK says so
        assertThat(data.get(1).retransmissions()).filteredOn(r -> r.kind() == RetransmissionKind.SPURIOUS).singleElement()
                .satisfies(r -> {
                    assertThat(r.trigger()).isEqualTo(RetransmissionKind.TLP);
                    assertThat(r.spuriousEvidence().text()).contains("D-SACK");
                });
    }

    private final Endpoint c = new Endpoint("10.0.0.1", 40000), srv = new Endpoint("10.0.0.2", 80);

    /** A connection from c to srv: SYN at 0, SYN-ACK at {@code synAckNanos}, the final ACK 1 ms later carrying {@code bytes}. */
    private ConnectionAnalyzer handshake(long synAckNanos, int bytes) {
        ConnectionAnalyzer conn = new ConnectionAnalyzer(c, srv);
        conn.accept(new TcpPacket(1, 0, c, srv, 100, 0, TcpPacket.SYN, 64000, 0, 1, -1, new long[0]));
        conn.accept(new TcpPacket(2, synAckNanos, srv, c, 500, 101, TcpPacket.SYN | TcpPacket.ACK, 64000, 0, 2, -1, new long[0]));
        conn.accept(new TcpPacket(3, synAckNanos + 1_000_000, c, srv, 101, 501, TcpPacket.ACK, 64000, bytes, 3, -1, new long[0]));
        return conn;
    }

    /** Zero windows advertised by the receiver count for the flow towards it; a RST's zero window does not. */
    @Test
    void zeroWindowsAreCountedForTheFlowTheyStall() {
        long ms = 1_000_000;
        ConnectionAnalyzer conn = handshake(ms, 1000);
        conn.accept(new TcpPacket(4, 3 * ms, srv, c, 501, 1101, TcpPacket.ACK, 0, 0, 4, -1, new long[0]));
        conn.accept(new TcpPacket(5, 300 * ms, c, srv, 1100, 501, TcpPacket.ACK, 64000, 0, 5, -1, new long[0])); // window probe
        conn.accept(new TcpPacket(6, 301 * ms, srv, c, 501, 1101, TcpPacket.ACK, 0, 0, 6, -1, new long[0]));
        conn.accept(new TcpPacket(7, 400 * ms, srv, c, 501, 1101, TcpPacket.ACK, 8000, 0, 7, -1, new long[0])); // window update
        conn.accept(new TcpPacket(8, 500 * ms, srv, c, 501, 1101, TcpPacket.RST, 0, 0, 8, -1, new long[0]));
        FlowDiagnosis toServer = conn.forward.result(conn.initialRttNanos());
        assertThat(toServer.zeroWindowFrames()).containsExactly(4L, 6L);
        assertThat(toServer.duplicateAckFrames()).isEmpty(); // the window update changed the window: not a duplicate
        assertThat(toServer.retransmissions()).isEmpty();
        assertThat(conn.backward.result(conn.initialRttNanos()).zeroWindowFrames()).isEmpty();
        assertThat(toServer.initialRttNanos()).isEqualTo(2 * ms);
        assertThat(toServer.slowdowns()).singleElement().satisfies(s -> {
            assertThat(s.kind()).isEqualTo(SlowdownKind.ZERO_WINDOW);
            assertThat(s.costNanos()).isEqualTo(397 * ms);
            assertThat(s.evidence().frames()).containsExactly(4L, 7L);
        });
    }

    /** At the receiver, an ACK may be timed in the tick its data arrived (microsecond pcap, a simulated host): no round trip. */
    @Test
    void acksTimedInTheTickOfTheirDataGiveNoRoundTrip() {
        long ms = 1_000_000;
        ConnectionAnalyzer conn = handshake(0, 0);
        for (int i = 0; i < 8; i++) {
            long t = (3 + 10 * i) * ms, seq = 101 + 1000L * i;
            conn.accept(new TcpPacket(4 + 2 * i, t, c, srv, seq, 501, TcpPacket.ACK, 64000, 1000, 4 + 2 * i, -1, new long[0]));
            conn.accept(new TcpPacket(5 + 2 * i, t, srv, c, 501, seq + 1000, TcpPacket.ACK, 64000, 0, 5 + 2 * i, -1, new long[0]));
        }
        FlowDiagnosis toServer = conn.forward.result(conn.initialRttNanos());
        assertThat(conn.forward.minRttNanos()).isEqualTo(-1);
        assertThat(toServer.retransmissions()).isEmpty();
        assertThat(toServer.slowdowns()).extracting(Slowdown::kind).doesNotContain(SlowdownKind.CONGESTION);
    }

    @Test
    void jsonHasTheFieldsTheIssueNames() throws Exception {
        CaptureDiagnosis d = CaptureDiagnoser.diagnose(SimulatedCaptures.resource(dir, SimulatedCaptures.LINUX_LISTING2));
        Path json = dir.resolve("d.json");
        CaptureDiagnoser.writeJson(d, json);
        JsonNode root = Json.mapper().readTree(Files.readString(json));
        JsonNode flows = root.get("flows");
        assertThat(flows.size()).isEqualTo(6);
        JsonNode conn2 = flows.get(2);
        assertThat(conn2.get("src").asText()).matches("10\\.1\\.0\\.1:\\d+");
        assertThat(conn2.get("dst").asText()).isEqualTo("10.2.0.1:5001");
        assertThat(conn2.get("retransmissions").asInt()).isEqualTo(conn2.get("causes").size()).isEqualTo(4);
        assertThat(conn2.get("causes").get(0).get("kind").asText()).isNotBlank();
        assertThat(conn2.get("causes").get(0).get("evidence").get("text").asText()).isNotBlank();
        JsonNode summary = root.get("summary");
        assertThat(summary.get("flows").asInt()).isEqualTo(6);
        assertThat(summary.get("slowFlows").get("TAIL_DROP").asInt()).isEqualTo(1);
        assertThat(summary.get("retransmissions").get("RTO").asInt()).isEqualTo(2);
        assertThat(summary.get("retransmissions").get("FAST_RETRANSMIT").asInt()).isEqualTo(1);
        assertThat(summary.get("retransmissions").get("TLP").asInt()).isEqualTo(1);
        assertThat(summary.get("retransmissions").get("SPURIOUS").asInt()).isEqualTo(1);
    }

    @Test
    void aFileThatIsNotACaptureIsRejectedWithItsName() throws Exception {
        Path bad = dir.resolve("notes.txt");
        Files.writeString(bad, "hello, not a capture");
        assertThatThrownBy(() -> CaptureDiagnoser.diagnose(bad)).isInstanceOf(CaptureFormatException.class).hasMessageContaining("notes.txt");
    }
}
