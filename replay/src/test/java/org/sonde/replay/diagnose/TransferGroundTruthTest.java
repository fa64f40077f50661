package org.sonde.replay.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.replay.recording.ScenarioRecording;

/**
 * The transfers found in a simulated capture against the requests the scenario wrote on persistent connections: h0
 * writes four 200 KB requests to h1, 5 ms apart, on one connection, while h2 and h3 answer h1 three times at once
 * (an incast, 64 KB each, 5 ms apart) into a 100 KB buffer, so some requests lose segments.
 */
class TransferGroundTruthTest {
    private static final long MS = 1_000_000;

    @TempDir
    Path dir;

    @Test
    void eachRequestOnAPersistentConnectionIsATransfer() throws Exception {
        Path scenario = Path.of(TransferGroundTruthTest.class.getResource("/scenarios/requests-incast.yaml").toURI());
        Path out = dir.resolve("rec");
        ScenarioRecording.record(scenario, 1, ScenarioRecording.DEFAULT_THRESHOLD_NANOS, ScenarioRecording.WHOLE_FRAMES, out, null);
        CaptureDiagnosis d = CaptureDiagnoser.diagnose(out.resolve("capture.pcapng"));
        List<FlowDiagnosis> data = d.flows().stream().filter(f -> f.dataBytes() > 0)
                .sorted(Comparator.comparingLong(FlowDiagnosis::dataBytes).reversed()).toList();
        assertThat(data).hasSize(3);
        long epoch = data.stream().mapToLong(FlowDiagnosis::firstNanos).min().orElseThrow();

        FlowDiagnosis requests = data.getFirst();
        assertThat(requests.transfers()).as("%s", requests.transfers()).hasSize(4);
        long size = requests.dataBytes() / 4;
        for (int i = 0; i < 4; i++) {
            Transfer t = requests.transfers().get(i);
            assertThat(t.bytes()).isEqualTo(size);
            assertThat(t.startSeq()).isEqualTo(1 + i * size);
            // written 5 ms apart from the first, whose transfer begins with the connection's handshake (the capture's start)
            assertThat(t.firstNanos() - epoch).isBetween(5L * i * MS, 5L * i * MS + MS / 10);
            assertThat(t.durationNanos()).isPositive();
        }
        // every resend of the connection belongs to exactly one request
        assertThat(requests.transfers().stream().mapToInt(t -> t.retransmissions().size()).sum()).isEqualTo(requests.retransmissions().size());

        for (FlowDiagnosis answers : data.subList(1, 3)) {
            assertThat(answers.transfers()).as("%s", answers.transfers()).hasSize(3)
                    .allSatisfy(t -> assertThat(t.bytes()).isEqualTo(answers.dataBytes() / 3));
            assertThat(answers.transfers().stream().mapToInt(t -> t.retransmissions().size()).sum()).isEqualTo(answers.retransmissions().size());
        }
        assertThat(data.stream().mapToLong(f -> f.retransmissions().size()).sum()).as("the incast must cost some segments").isPositive();
    }
}
