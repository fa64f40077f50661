package org.sonde.replay.butterfly;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.replay.connection.ReplayCheck;
import org.sonde.replay.recording.ScenarioRecording;

/**
 * The butterfly effect: flow starts moved by less than a microsecond change the packet sequences of many connections
 * of an incast, while exact re-execution changes none and replay reproduces all of them.
 */
class ButterflyTest {
    @TempDir
    Path tmp;

    @Test
    void subMicrosecondJitterChangesConnectionsAndReplayDoesNot() throws Exception {
        Path scenario = Path.of(ButterflyTest.class.getResource("/scenarios/incast-drops.yaml").toURI());
        Butterfly.Result exact = Butterfly.measure(scenario, 7, 0, 1);
        assertThat(exact.connections()).isEqualTo(320);
        assertThat(exact.reruns().getFirst().differing()).as("re-execution without jitter").isZero();
        assertThat(exact.timeouts()).as("the incast's RTOs").isPositive();
        assertThat(exact.timeoutReproductionRate()).isEqualTo(1.0);

        Butterfly.Result jittered = Butterfly.measure(scenario, 7, 500, 2);
        for (Butterfly.Rerun r : jittered.reruns()) {
            assertThat(r.missing()).isZero();
            assertThat(r.differing()).as("connections whose packets changed under 500 ns of jitter").isGreaterThan(jittered.connections() / 10);
            assertThat(r.timeoutsReproduced()).isFalse();
        }

        Path rec = tmp.resolve("rec");
        ScenarioRecording.record(scenario, 7, ScenarioRecording.DEFAULT_THRESHOLD_NANOS, ScenarioRecording.WHOLE_FRAMES, rec, null);
        ReplayCheck.Result check = ReplayCheck.check(rec);
        assertThat(check.identical()).isEqualTo(320);
        assertThat(check.agrees()).isTrue();
    }
}
