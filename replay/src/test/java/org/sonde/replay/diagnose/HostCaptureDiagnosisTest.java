package org.sonde.replay.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureInterface;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.PacketDirection;
import org.sonde.packet.Ipv4Address;
import org.sonde.replay.recording.ConnectionLog;
import org.sonde.replay.recording.Recording;
import org.sonde.replay.recording.ScenarioRecording;

/**
 * {@code replay record --capture} writes what tcpdump on every host would hold (an interface per host, each segment
 * outbound at its sender's and, unless dropped, inbound at its receiver's), and the diagnosis reads each direction of
 * a connection at its sender's interface, as it would read a capture taken on that host alone. The run is a persistent
 * connection of large requests and an incast into a small buffer, so segments are lost and resent.
 */
class HostCaptureDiagnosisTest {
    @TempDir
    static Path dir;
    static Path rec;
    static ScenarioRecording.Summary summary;

    private record Copy(int interfaceId, PacketDirection direction, long timeNanos, byte[] frame) {}

    @BeforeAll
    static void record() throws Exception {
        Path scenario = Path.of(HostCaptureDiagnosisTest.class.getResource("/scenarios/requests-incast.yaml").toURI());
        rec = dir.resolve("rec");
        summary = ScenarioRecording.record(scenario, 1, ScenarioRecording.DEFAULT_THRESHOLD_NANOS, ScenarioRecording.WHOLE_FRAMES, rec, null);
    }

    private static List<Copy> copies(Path capture) {
        List<Copy> out = new ArrayList<>();
        try (CaptureReader r = CaptureReader.open(capture)) {
            while (r.next()) {
                out.add(new Copy(r.interfaceId(), r.direction(), r.timestampNanos(),
                        Arrays.copyOfRange(r.array(), r.offset(), r.offset() + r.capturedLength())));
            }
        }
        return out;
    }

    /** The host's address, which the recorder writes at the end of its interface's comment ("host h1, 10.0.0.2"). */
    private static Ipv4Address address(CaptureReader r) {
        String comment = r.interfaceComment();
        assertThat(comment).startsWith("host " + r.interfaceName() + ", ");
        return Ipv4Address.parse(comment.substring(comment.lastIndexOf(' ') + 1));
    }

    /** The IP and TCP headers but for what the path may change (ECN, so the header checksum too). */
    private static String unchangedOnThePath(byte[] frame) {
        byte[] b = Arrays.copyOfRange(frame, 14, Math.min(frame.length, 14 + 60));
        b[1] &= (byte) 0xFC;
        b[10] = 0;
        b[11] = 0;
        return Arrays.toString(b);
    }

    @Test
    void eachSegmentLeavesAtItsSendersInterfaceAndArrivesAtItsReceiversUnlessDropped() {
        Recording recording = ScenarioRecording.read(rec);
        Map<Ipv4Address, Integer> interfaceOfIp = new HashMap<>();
        List<String> names = new ArrayList<>();
        try (CaptureReader r = CaptureReader.open(rec.resolve(ScenarioRecording.CAPTURE))) {
            while (r.next()) {
                Integer known = interfaceOfIp.putIfAbsent(address(r), r.interfaceId());
                assertThat(known == null ? r.interfaceId() : known).isEqualTo(r.interfaceId());
                if (!names.contains(r.interfaceName())) names.add(r.interfaceName());
            }
        }
        assertThat(names).containsExactlyInAnyOrder("h0", "h1", "h2", "h3");

        Map<String, List<Copy>> departed = new HashMap<>();
        long out = 0, in = 0;
        for (Copy c : copies(rec.resolve(ScenarioRecording.CAPTURE))) {
            Ipv4Address src = Ipv4Address.read(c.frame, 26), dst = Ipv4Address.read(c.frame, 30);
            switch (c.direction) {
                case OUTBOUND -> {
                    assertThat(c.interfaceId).as("a departure at its sender's interface").isEqualTo(interfaceOfIp.get(src));
                    departed.computeIfAbsent(unchangedOnThePath(c.frame), k -> new ArrayList<>()).add(c);
                    out++;
                }
                case INBOUND -> {
                    assertThat(c.interfaceId).as("an arrival at its receiver's interface").isEqualTo(interfaceOfIp.get(dst));
                    List<Copy> sent = departed.get(unchangedOnThePath(c.frame));
                    assertThat(sent).as("an arrival of a segment that left before").isNotEmpty();
                    assertThat(sent.getFirst().timeNanos).isLessThan(c.timeNanos);
                    sent.removeFirst();
                    in++;
                }
                default -> throw new AssertionError("a copy without a direction");
            }
        }
        long arrivals = 0;
        for (ConnectionLog c : recording.connections()) arrivals += c.client().decodeArrivals().size() + c.server().decodeArrivals().size();
        assertThat(out).isEqualTo(summary.packets());
        assertThat(in).as("every arrival the recorder saw").isEqualTo(arrivals);
        assertThat(out - in).as("segments the switch dropped").isPositive();
    }

    @Test
    void eachFlowIsDiagnosedAtItsSendersInterfaceAsFromThatHostsCaptureAlone() {
        Path capture = rec.resolve(ScenarioRecording.CAPTURE);
        CaptureDiagnosis all = CaptureDiagnoser.diagnose(capture);
        assertThat(all.flows().stream().mapToInt(f -> f.retransmissions().size()).sum()).as("the run resent segments").isPositive();
        assertThat(all.flows()).allSatisfy(f -> assertThat(f.capturedAt()).isNotNull());
        assertThat(all.toText(false)).contains(" (at h0): ");
        assertThat(all.toJson().get("flows").get(0).get("capturedAt").asText()).isEqualTo(all.flows().getFirst().capturedAt().name());
        List<Copy> copies = copies(capture);
        Map<String, Integer> interfaceOfName = new HashMap<>();
        Map<String, String> address = new HashMap<>();
        try (CaptureReader r = CaptureReader.open(capture)) {
            while (r.next()) {
                interfaceOfName.putIfAbsent(r.interfaceName(), r.interfaceId());
                address.putIfAbsent(r.interfaceName(), address(r).toString());
            }
        }
        for (Map.Entry<String, Integer> host : interfaceOfName.entrySet()) {
            // that host's tcpdump: its interface's packets alone, without directions
            Path one = dir.resolve(host.getKey() + ".pcapng");
            try (CaptureWriter w = CaptureWriter.pcapng(one, List.of(new CaptureInterface(host.getKey(), LinkTypes.ETHERNET)))) {
                for (Copy c : copies) if (c.interfaceId == host.getValue()) w.write(0, c.timeNanos, c.frame, 0, c.frame.length, c.frame.length, null);
            }
            List<FlowDiagnosis> alone = CaptureDiagnoser.diagnose(one).flows().stream()
                    .filter(f -> f.src().ip().equals(address.get(host.getKey()))).toList();
            List<FlowDiagnosis> there = all.flows().stream().filter(f -> host.getKey().equals(String.valueOf(f.capturedAt()))).toList();
            assertThat(there).as("flows read at %s", host.getKey()).hasSameSizeAs(alone).isNotEmpty();
            for (int i = 0; i < alone.size(); i++) {
                FlowDiagnosis a = alone.get(i), t = there.get(i);
                assertThat(t.src()).isEqualTo(a.src());
                assertThat(t.dst()).isEqualTo(a.dst());
                assertThat(t.packets()).isEqualTo(a.packets());
                assertThat(t.dataBytes()).isEqualTo(a.dataBytes());
                assertThat(t.retransmissions()).extracting(Retransmission::timeNanos, Retransmission::relativeSeq, Retransmission::kind)
                        .isEqualTo(a.retransmissions().stream().map(r -> org.assertj.core.groups.Tuple.tuple(r.timeNanos(), r.relativeSeq(), r.kind())).toList());
                assertThat(t.slowdowns()).extracting(Slowdown::kind).isEqualTo(a.slowdowns().stream().map(Slowdown::kind).toList());
            }
        }
    }
}
