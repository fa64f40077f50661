package org.sonde.replay.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.sim.tcp.TcpObserver;

/** What the recorder keeps of a run with drops and timeouts, the file's round trip, and damaged files. */
class RecordingTest {
    @TempDir
    static Path tmp;
    static ScenarioRecording.Summary summary;
    static Recording rec;

    @BeforeAll
    static void record() throws Exception {
        Path scenario = Path.of(RecordingTest.class.getResource("/scenarios/incast-drops.yaml").toURI());
        summary = ScenarioRecording.record(scenario, 7, 5_000, ScenarioRecording.NO_CAPTURE, tmp.resolve("run"), null);
        rec = ScenarioRecording.read(tmp.resolve("run"));
    }

    @Test
    void theRecordingHoldsTheNetworksDropsAndTheTimersThatFired() {
        long gaps = 0;
        long rtos = 0;
        for (ConnectionLog c : rec.connections()) {
            long last = -1;
            for (Arrival a : c.server().decodeArrivals()) {
                if (a.index() > last + 1) gaps++;
                last = Math.max(last, a.index());
                assertThat(a.delayNanos()).isPositive();
            }
            rtos += c.client().decodeHandlers().stream().filter(h -> h == HandlerKind.RETRANS).count();
            assertThat(c.client().decodeSentCount()).isGreaterThan(c.client().decodeSamples().size());
        }
        assertThat(gaps).as("segments the switch dropped, seen as gaps at the receiver").isPositive();
        assertThat(rtos).as("retransmission timeouts").isPositive();
    }

    @Test
    void callsAreKeptAsAFewPatterns() {
        // every sender writes 64 KB and closes, every receiver reads all and closes: three patterns for 320 connections
        assertThat(rec.patterns()).containsExactlyInAnyOrder(new CallPattern(TcpObserver.Call.SEND, 64_000, 0),
                new CallPattern(TcpObserver.Call.CLOSE, 0, 0), new CallPattern(TcpObserver.Call.READ_ALL, 0, 0));
        ConnectionLog c = rec.connections().getFirst();
        List<RecordedCall> calls = c.client().decodeCalls(rec.patterns(), c.startNanos());
        assertThat(calls).extracting(x -> x.pattern().call()).containsExactly(TcpObserver.Call.SEND, TcpObserver.Call.CLOSE);
        assertThat(calls).allMatch(RecordedCall::nested); // made inside the connected callback
    }

    @Test
    void theRecordingIsSmallerThanTheCompressedHeaderTrace() {
        assertThat(summary.connections()).isEqualTo(320);
        assertThat(summary.recordingBytes()).isEqualTo(Files.exists(tmp.resolve("run/recording.sdr")) ? sizeOf(tmp.resolve("run/recording.sdr")) : -1);
        assertThat(summary.headerTraceGzipBytes()).isLessThan(summary.headerTraceBytes());
        assertThat(summary.recordingBytes()).isLessThan(summary.headerTraceGzipBytes());
        assertThat(summary.recordingBytes()).isLessThan(summary.headerTraceZstdBytes());
        System.out.println("incast-drops: " + summary);
    }

    private static long sizeOf(Path p) {
        try {
            return Files.size(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theFileReadsBackToTheSameRecording() {
        byte[] bytes = RecordingFile.encode(rec);
        Recording back = RecordingFile.decode(bytes);
        assertThat(back.config()).isEqualTo(rec.config());
        assertThat(back.patterns()).isEqualTo(rec.patterns());
        assertThat(back.endNanos()).isEqualTo(rec.endNanos());
        assertThat(RecordingFile.encode(back)).isEqualTo(bytes);
        for (int i = 0; i < rec.connections().size(); i++) {
            ConnectionLog a = rec.connections().get(i);
            ConnectionLog b = back.connections().get(i);
            assertThat(b.src()).isEqualTo(a.src());
            assertThat(b.startNanos()).isEqualTo(a.startNanos());
            assertThat(b.serverIss()).isEqualTo(a.serverIss());
            assertThat(b.server().decodeArrivals()).isEqualTo(a.server().decodeArrivals());
        }
    }

    @Test
    void damagedFilesAreBadInputNamingTheFile() throws Exception {
        byte[] bytes = Files.readAllBytes(tmp.resolve("run/recording.sdr"));
        Path cut = tmp.resolve("cut.sdr");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
        assertThatThrownBy(() -> ScenarioRecording.read(cut)).isInstanceOf(BadInputException.class).hasMessageContaining("cut.sdr").hasMessageContaining("ends early");
        Path other = tmp.resolve("other.sdr");
        Files.writeString(other, "name: not a recording\n");
        assertThatThrownBy(() -> ScenarioRecording.read(other)).isInstanceOf(BadInputException.class).hasMessageContaining("not a Sonde recording");
        Path longer = tmp.resolve("longer.sdr");
        byte[] more = Arrays.copyOf(bytes, bytes.length + 3);
        Files.write(longer, more);
        assertThatThrownBy(() -> ScenarioRecording.read(longer)).isInstanceOf(BadInputException.class).hasMessageContaining("after its last connection");
    }
}
