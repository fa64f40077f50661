package org.sonde.replay.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The metrics' arithmetic on hand-made queues and drops. */
class QueueMetricsTest {
    /** A run snapshot as the watch stores it: queue id, flow count, then flow and bytes pairs. */
    private static int[] run(int... pairs) {
        int[] s = new int[2 + pairs.length];
        s[0] = 7;
        s[1] = pairs.length / 2;
        System.arraycopy(pairs, 0, s, 2, pairs.length);
        return s;
    }

    @Test
    void theQueueDifferenceSumsEveryFlowsDifferenceOverTheFlowsOfEither() {
        QueueContents rep = new QueueContents();
        rep.add(1, 3000); // in both: run 1500, replay 3000
        rep.add(2, 1500); // only in the replay
        // flow 3 only in the run (600); flow 1 differs by 1500; flow 2 adds 1500
        assertThat(rep.difference(run(1, 1500, 3, 600), 1)).isEqualTo(1500 + 1500 + 600);
        assertThat(rep.difference(run(1, 3000, 2, 1500), 1)).isZero();
        assertThat(new QueueContents().difference(run(), 1)).isZero();
    }

    @Test
    void departuresTakeAFlowsBytesAwayAndAnEmptiedFlowLeavesTheQueue() {
        QueueContents q = new QueueContents();
        q.add(1, 1500);
        q.add(2, 1000);
        q.add(1, 1500);
        assertThat(q.total()).isEqualTo(4000);
        q.remove(1, 1500);
        q.remove(2, 1000);
        assertThat(q.flows()).isEqualTo(1);
        assertThat(q.total()).isEqualTo(1500);
        q.remove(9, 1500); // a frame never counted (a lossless priority's) changes nothing
        assertThat(q.total()).isEqualTo(1500);
        assertThat(q.max()).isEqualTo(4000);
        int[] s = q.snapshot(1);
        assertThat(s).containsExactly(0, 1, 1, 1500);
    }

    @Test
    void dropsSplitIntoFalseAcceptsFalseDropsAndWrongLocations() {
        Map<Long, Integer> runDrops = Map.of(1L, 10, 2L, 10, 3L, 11, 4L, 12);
        Map<Long, Integer> replayDrops = Map.of(1L, 10, 3L, 12, 5L, 10, 6L, 10);
        DropComparison d = DropComparison.of(runDrops, replayDrops, Set.of(6L));
        assertThat(d.runDrops()).isEqualTo(4);
        assertThat(d.replayDrops()).isEqualTo(3); // packet 6 was still on its way when the run stopped
        assertThat(d.sameLocation()).isEqualTo(1);  // 1
        assertThat(d.wrongLocations()).isEqualTo(1); // 3
        assertThat(d.falseAccepts()).isEqualTo(2);  // 2, 4
        assertThat(d.falseDrops()).isEqualTo(1);    // 5
        assertThat(d.droppedInEither()).isEqualTo(5);
        assertThat(d.error()).isCloseTo(4 / 5.0, within(1e-12));
        assertThat(DropComparison.of(Map.of(), Map.of(), Set.of()).error()).isZero();
    }
}
