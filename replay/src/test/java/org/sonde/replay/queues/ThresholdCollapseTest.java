package org.sonde.replay.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.replay.recording.ConnectionLog;
import org.sonde.replay.recording.Recording;
import org.sonde.replay.recording.ScenarioRecording;

/**
 * DETER §5.4.3's shared-buffer threshold collapse on one switch: long flows from B and C stand A's queue at its
 * dynamic threshold; a burst of short flows into B fills the shared buffer and A's queue drops while it drains. The
 * same long flows without the burst drop only at A's own limit.
 */
class ThresholdCollapseTest {
    @TempDir
    static Path tmp;
    static Path collapse;
    static Path control;

    @BeforeAll
    static void record() throws Exception {
        Path scenario = Path.of(ThresholdCollapseTest.class.getResource("/scenarios/shared-buffer.yaml").toURI());
        collapse = tmp.resolve("collapse");
        ScenarioRecording.record(scenario, 1, ScenarioRecording.DEFAULT_THRESHOLD_NANOS, ScenarioRecording.NO_CAPTURE, collapse, null);
        // the control: the same file without the short flows
        Path longOnly = tmp.resolve("long-only.yaml");
        Files.writeString(longOnly, Files.readAllLines(scenario).stream().filter(l -> !l.contains("name: short-")).reduce("", (a, b) -> a + b + "\n"));
        control = tmp.resolve("control");
        ScenarioRecording.record(longOnly, 1, ScenarioRecording.DEFAULT_THRESHOLD_NANOS, ScenarioRecording.NO_CAPTURE, control, null);
    }

    @Test
    void aBurstIntoAnotherQueueCollapsesTheThresholdOfTheQueueStandingAtIt() {
        QueueReplayResult r = QueueReplay.replay(collapse, QueueReplayOptions.DEFAULT, null);
        QueueReplayResult.DropCauses causes = r.dropCauses();
        assertThat(causes.runCollapseDrops()).isPositive();
        // tagging drops what the run dropped where it dropped it, so the causes come back too
        assertThat(r.dropsWithTagging().error()).isZero();
        assertThat(causes.replayCollapseDrops()).isEqualTo(causes.runCollapseDrops());
        assertThat(causes.collapseInBoth()).isEqualTo(causes.runCollapseDrops());
        assertThat(causes.replayTailDrops()).isEqualTo(causes.runTailDrops());

        QueueReplayResult.Collapse top = r.collapses().getFirst();
        assertThat(top.firstDropMicros()).as("after the burst starts").isGreaterThan(5_000);
        assertThat(top.peakBytes() - top.queueBytesAtFirstDrop()).as("the queue was draining").isGreaterThanOrEqualTo(r.mtuBytes());
        assertThat(top.fullestOther()).isNotNull().isNotEqualTo(top.queue());
        assertThat(top.fullestOtherBytes()).isPositive();
        // the losers are long flows into A, and the short flows' queue (into B) is what grew
        Recording rec = ScenarioRecording.read(collapse);
        Map<Integer, ConnectionLog> byId = rec.connections().stream().collect(Collectors.toMap(ConnectionLog::id, c -> c));
        Set<Integer> losersServers = top.connections().stream().map(id -> byId.get(id).serverIp()).collect(Collectors.toSet());
        Set<Integer> shortServers = rec.connections().stream().filter(c -> c.startNanos() >= 5_000_000).map(ConnectionLog::serverIp).collect(Collectors.toSet());
        assertThat(losersServers).hasSize(1).doesNotContainAnyElementsOf(shortServers);
        assertThat(top.connections()).allMatch(id -> byId.get(id).startNanos() < 5_000_000);
    }

    @Test
    void theSameLongFlowsWithoutTheBurstDropOnlyAtTheirQueuesOwnLimit() {
        QueueReplayResult r = QueueReplay.replay(control, QueueReplayOptions.DEFAULT, null);
        assertThat(r.dropCauses().runTailDrops()).isPositive();
        assertThat(r.dropCauses().runCollapseDrops()).isZero();
        assertThat(r.dropCauses().replayCollapseDrops()).isZero();
        assertThat(r.collapses()).isEmpty();
    }

    private static QueueDrop drop(long queueBytes, long peakBytes, long othersAtPeak, long othersNow) {
        return new QueueDrop(1, 0, 100, queueBytes, 1_500, peakBytes, 50, othersAtPeak, othersNow, 1, othersNow);
    }

    @Test
    void aDropIsACollapseOnlyBelowTheQueuesPeakAndWhenTheOthersGrewByWhatItShrank() {
        int mtu = 1_500;
        assertThat(drop(100_000, 101_500, 0, 0).thresholdCollapse(mtu)).as("at its peak: its own limit").isFalse();
        assertThat(drop(100_000, 101_500, 0, 50_000).thresholdCollapse(mtu)).as("less than one MTU under its peak").isFalse();
        assertThat(drop(90_000, 101_500, 0, 50_000).thresholdCollapse(mtu)).isTrue();
        assertThat(drop(90_000, 101_500, 0, 11_000).thresholdCollapse(mtu)).as("the others grew less than it shrank").isFalse();
        assertThat(drop(90_000, 101_500, 20_000, 31_500).thresholdCollapse(mtu)).as("exactly what it shrank").isTrue();
    }
}
