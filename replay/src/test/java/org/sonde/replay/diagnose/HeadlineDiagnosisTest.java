package org.sonde.replay.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.replay.recording.ScenarioRecording;

/**
 * DETER §5.1's headline diagnosis on a workload like its own (bench/replay/spark-like.yaml, its Poisson traffic cut to
 * 40 ms): when the receiving applications read slowly, delayed ACKs are behind most of the slowest 100 KB – 1 MB
 * flows; when they read at once (spark-control.yaml), they are not.
 */
class HeadlineDiagnosisTest {
    @TempDir
    Path dir;

    private CaptureDiagnosis.SizeRow hundredKbToOneMb(String scenario) throws Exception {
        Path bench = Path.of("..", "bench", "replay", scenario);
        String yaml = Files.readString(bench);
        assertThat(yaml).contains("duration: 100ms");
        Path cut = dir.resolve(scenario);
        Files.writeString(cut, yaml.replace("duration: 100ms", "duration: 40ms"));
        Path out = dir.resolve(scenario + ".rec");
        ScenarioRecording.record(cut, 1, ScenarioRecording.DEFAULT_THRESHOLD_NANOS, ScenarioRecording.WHOLE_FRAMES, out, null);
        CaptureDiagnosis d = CaptureDiagnoser.diagnose(out.resolve("capture.pcapng"));
        return d.bySize().stream().filter(r -> r.minBytes() == 100_000).findFirst().orElseThrow();
    }

    @Test
    void slowReadersPutDelayedAcksBehindTheSlowestMediumFlows() throws Exception {
        CaptureDiagnosis.SizeRow slow = hundredKbToOneMb("spark-like.yaml");
        assertThat(slow.tailFlows()).isGreaterThanOrEqualTo(2);
        assertThat(slow.tailByKind().get(SlowdownKind.DELAYED_ACK) * 2).as("%s", slow).isGreaterThan(slow.tailFlows());
        assertThat(slow.byKind().get(SlowdownKind.DELAYED_ACK) * 2).as("%s", slow).isGreaterThan(slow.flows());

        CaptureDiagnosis.SizeRow control = hundredKbToOneMb("spark-control.yaml");
        assertThat(control.flows()).isEqualTo(slow.flows()); // the same flows: only the readers differ
        assertThat(control.byKind().get(SlowdownKind.DELAYED_ACK) * 4).as("%s", control).isLessThan(control.flows());
    }
}
