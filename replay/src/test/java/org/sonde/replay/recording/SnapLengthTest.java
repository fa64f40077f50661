package org.sonde.replay.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;
import org.sonde.core.UsageException;
import org.sonde.replay.connection.ReplayCheck;
import org.sonde.replay.diagnose.CaptureDiagnoser;

/**
 * A capture cut to the headers ({@code --snaplen}) serves replay check and diagnosis as the whole one does: the
 * same records with their original lengths, every connection identical to its replay, the same diagnosis. The run
 * is a persistent connection of large requests and an incast into a small buffer, so segments are lost and resent.
 */
class SnapLengthTest {
    @TempDir
    static Path dir;
    static Path whole;
    static Path cut;
    static Path scenario;

    @BeforeAll
    static void recordTwice() throws Exception {
        scenario = Path.of(SnapLengthTest.class.getResource("/scenarios/requests-incast.yaml").toURI());
        whole = dir.resolve("whole");
        cut = dir.resolve("cut");
        ScenarioRecording.record(scenario, 1, ScenarioRecording.DEFAULT_THRESHOLD_NANOS, ScenarioRecording.WHOLE_FRAMES, whole, null);
        ScenarioRecording.record(scenario, 1, ScenarioRecording.DEFAULT_THRESHOLD_NANOS, ScenarioRecording.MIN_SNAP_LENGTH, cut, null);
    }

    private record Rec(long timeNanos, int capturedLength, int originalLength) {}

    private static List<Rec> records(Path dir) {
        List<Rec> out = new ArrayList<>();
        try (CaptureReader r = CaptureReader.open(dir.resolve(ScenarioRecording.CAPTURE))) {
            while (r.next()) out.add(new Rec(r.timestampNanos(), r.capturedLength(), r.originalLength()));
        }
        return out;
    }

    @Test
    void theCutCaptureHoldsTheSameRecordsCutToTheSnapLength() throws Exception {
        List<Rec> w = records(whole), c = records(cut);
        assertThat(c).hasSameSizeAs(w);
        long cutBytes = 0;
        for (int i = 0; i < w.size(); i++) {
            assertThat(c.get(i).timeNanos()).isEqualTo(w.get(i).timeNanos());
            assertThat(c.get(i).originalLength()).isEqualTo(w.get(i).originalLength());
            assertThat(c.get(i).capturedLength()).isEqualTo(Math.min(w.get(i).capturedLength(), ScenarioRecording.MIN_SNAP_LENGTH));
            if (w.get(i).capturedLength() > ScenarioRecording.MIN_SNAP_LENGTH) cutBytes++;
        }
        assertThat(cutBytes).as("full-sized segments were cut").isPositive();
        assertThat(Files.size(cut.resolve(ScenarioRecording.CAPTURE))).isLessThan(Files.size(whole.resolve(ScenarioRecording.CAPTURE)) / 5);
    }

    @Test
    void replayCheckAndDiagnosisReadTheCutCaptureAsTheWholeOne() {
        ReplayCheck.Result check = ReplayCheck.check(cut);
        assertThat(check.agrees()).as("%s", check.mismatches()).isTrue();
        assertThat(check.packets()).isEqualTo(ReplayCheck.check(whole).packets());
        var fromCut = CaptureDiagnoser.diagnose(cut.resolve(ScenarioRecording.CAPTURE));
        var fromWhole = CaptureDiagnoser.diagnose(whole.resolve(ScenarioRecording.CAPTURE));
        assertThat(fromWhole.flows().stream().mapToInt(f -> f.retransmissions().size()).sum()).as("the run resent segments").isPositive();
        assertThat(fromCut.flows()).isEqualTo(fromWhole.flows());
    }

    @Test
    void aSnapLengthShorterThanTheHeadersIsRefused() {
        assertThatThrownBy(() -> ScenarioRecording.record(scenario, 1, ScenarioRecording.DEFAULT_THRESHOLD_NANOS,
                ScenarioRecording.MIN_SNAP_LENGTH - 1, dir.resolve("short"), null))
                .isInstanceOf(UsageException.class).hasMessageContaining("--snaplen 93");
        assertThat(dir.resolve("short")).doesNotExist();
    }
}
