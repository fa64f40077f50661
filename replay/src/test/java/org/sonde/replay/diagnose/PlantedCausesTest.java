package org.sonde.replay.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.sim.net.FrameFilter;

/**
 * Each flow-level diagnosis on a simulated connection with its cause planted (DETER §5.2–5.3's root causes), and
 * not on the same connection without it. One connection, captured at its sender.
 */
class PlantedCausesTest {
    private static final long SECOND = 1_000_000_000L;
    private static final int SEGMENT = 1448;
    /** Duplicate-threshold loss detection without RACK or tail loss probes, as DETER's Linux 4.4 had. */
    private static final Map<String, Object> DUPTHRESH = Map.of("recovery", 0, "early-retrans", 0);

    @TempDir
    Path dir;

    private FlowDiagnosis data(String name, Map<String, Object> tcp, PlantedFaults.Messages m, FrameFilter onData,
                               java.util.function.Function<org.sonde.sim.net.Network, FrameFilter> onAcks, long runNanos) {
        CaptureDiagnosis d = CaptureDiagnoser.diagnose(PlantedFaults.run(dir, name, tcp, m, onData, onAcks, runNanos));
        return d.flows().stream().filter(f -> f.dst().port() == 5001).findFirst().orElseThrow();
    }

    private static List<SlowdownKind> kinds(FlowDiagnosis f) {
        return f.slowdowns().stream().map(Slowdown::kind).toList();
    }

    private static Slowdown the(FlowDiagnosis f, SlowdownKind k) {
        return f.slowdowns().stream().filter(s -> s.kind() == k).findFirst().orElseThrow(() -> new AssertionError("no " + k + " in " + kinds(f)));
    }

    /** §5.3 root cause 1: seven segments in the first flight, the fifth lost: two duplicate ACKs, then the timer. */
    @Test
    void tooFewDuplicateAcks() {
        FlowDiagnosis f = data("few", DUPTHRESH, PlantedFaults.Messages.one(7 * SEGMENT), PlantedFaults.dropData(5), null, SECOND);
        Slowdown s = the(f, SlowdownKind.TOO_FEW_DUPACKS);
        assertThat(s.evidence().figures().get("duplicateAcks")).isEqualTo(2L);
        assertThat(s.costNanos()).isGreaterThanOrEqualTo(200_000_000L); // rto_min
        assertThat(kinds(f)).doesNotContain(SlowdownKind.LATE_FAST_RETRANSMIT, SlowdownKind.TAIL_DROP);
        // the third segment lost instead leaves four behind it: a fast retransmit, nothing slow
        FlowDiagnosis early = data("few-early", DUPTHRESH, PlantedFaults.Messages.one(7 * SEGMENT), PlantedFaults.dropData(3), null, SECOND);
        assertThat(early.kindCounts().get(RetransmissionKind.FAST_RETRANSMIT)).isEqualTo(1);
        assertThat(kinds(early)).doesNotContain(SlowdownKind.TOO_FEW_DUPACKS);
    }

    /**
     * §5.2's late fast retransmit: the duplicate threshold has grown (here tcp_reordering starts at 20), so the six
     * segments behind a loss bring six duplicate ACKs and no fast retransmit; the timer resends it.
     */
    @Test
    void grownDuplicateThresholdDelaysTheFastRetransmit() {
        Map<String, Object> grown = new java.util.HashMap<>(DUPTHRESH);
        grown.put("reordering", 20);
        FlowDiagnosis f = data("late", grown, PlantedFaults.Messages.one(80 * SEGMENT), PlantedFaults.dropData(74), null, SECOND);
        Slowdown s = the(f, SlowdownKind.LATE_FAST_RETRANSMIT);
        assertThat(s.evidence().figures().get("duplicateAcks")).isBetween(3L, 6L);
        assertThat(s.evidence().text()).contains("tp->reordering").contains("no reordering earlier");
        FlowDiagnosis normal = data("late-normal", DUPTHRESH, PlantedFaults.Messages.one(80 * SEGMENT), PlantedFaults.dropData(74), null, SECOND);
        assertThat(normal.kindCounts().get(RetransmissionKind.FAST_RETRANSMIT)).isEqualTo(1);
        assertThat(kinds(normal)).doesNotContain(SlowdownKind.LATE_FAST_RETRANSMIT);
    }

    /**
     * DETER Table 3's RTO: the 20th of 80 segments is lost and so is its fast retransmission; the duplicate ACKs go on
     * asking for it and, without RACK, only the timer resends it. With RACK the lost copy is found by send-time order.
     */
    @Test
    void aLostRetransmissionWaitsForTheTimer() {
        FlowDiagnosis f = data("lost-copy", DUPTHRESH, PlantedFaults.Messages.one(80 * SEGMENT), PlantedFaults.dropDataAndItsRetransmission(20),
                null, SECOND);
        Slowdown s = the(f, SlowdownKind.LOST_RETRANSMISSION);
        assertThat(s.costNanos()).isGreaterThanOrEqualTo(200_000_000L); // rto_min
        assertThat(s.evidence().figures().get("duplicateAcksAfter")).isPositive();
        assertThat(s.evidence().frames()).hasSize(2);
        assertThat(f.kindCounts().get(RetransmissionKind.FAST_RETRANSMIT)).isEqualTo(1);
        assertThat(f.kindCounts().get(RetransmissionKind.RTO)).isGreaterThanOrEqualTo(1);
        assertThat(kinds(f)).doesNotContain(SlowdownKind.DELAYED_ACK_RTO, SlowdownKind.ACK_DROP, SlowdownKind.TAIL_DROP);
        // the first copy alone lost: a fast retransmit repairs it, nothing waits for the timer
        FlowDiagnosis once = data("lost-once", DUPTHRESH, PlantedFaults.Messages.one(80 * SEGMENT), PlantedFaults.dropData(20), null, SECOND);
        assertThat(kinds(once)).doesNotContain(SlowdownKind.LOST_RETRANSMISSION);
        // RACK (the default) finds the lost copy itself, a round trip later
        FlowDiagnosis rack = data("lost-copy-rack", Map.of(), PlantedFaults.Messages.one(80 * SEGMENT), PlantedFaults.dropDataAndItsRetransmission(20),
                null, SECOND);
        assertThat(kinds(rack)).doesNotContain(SlowdownKind.LOST_RETRANSMISSION);
        assertThat(rack.kindCounts().get(RetransmissionKind.RTO)).isZero();
    }

    /** §5.2's ACK drops: every ACK of the last round trips is lost on the way back; the timer resends data that had arrived. */
    @Test
    void lostAcksMakeTheTimerResendDeliveredData() {
        FlowDiagnosis f = data("acks", Map.of(), PlantedFaults.Messages.one(40 * SEGMENT), null, PlantedFaults.dropAcks(12, 100_000_000L), SECOND);
        Slowdown s = the(f, SlowdownKind.ACK_DROP);
        assertThat(s.evidence().text()).contains("D-SACK");
        assertThat(s.costNanos()).isGreaterThan(100_000_000L);
        assertThat(f.retransmissions()).allSatisfy(r -> assertThat(r.kind()).isEqualTo(RetransmissionKind.SPURIOUS));
        FlowDiagnosis clean = data("acks-clean", Map.of(), PlantedFaults.Messages.one(40 * SEGMENT), null, null, SECOND);
        assertThat(clean.retransmissions()).isEmpty();
        assertThat(clean.slowdowns()).isEmpty();
    }

    /**
     * §5.1's burst–40 ms–ACK pattern: a receiver whose application reads at 50 Mb/s from a 64 KB buffer lets its free
     * space shrink, and Linux then holds the ACK back; the same transfer to a receiver that reads at once has none.
     */
    @Test
    void aSlowReaderMakesTheReceiverHoldItsAcks() {
        FlowDiagnosis f = data("slow-reader", Map.of("receive-buffer", "64KB", "read-rate", "50Mbps", "read-size", "16KB"),
                PlantedFaults.Messages.one(1_000_000), null, null, 2 * SECOND);
        Slowdown s = the(f, SlowdownKind.DELAYED_ACK);
        assertThat(s.evidence().figures().get("stalls")).isGreaterThanOrEqualTo(10L);
        assertThat(s.evidence().figures().get("windowAtLastStallBytes")).isLessThan(s.evidence().figures().get("windowLargestBytes"));
        assertThat(s.evidence().text()).contains("shrunk");
        assertThat(kinds(f)).doesNotContain(SlowdownKind.ACK_DROP, SlowdownKind.APPLICATION_LIMITED);
        FlowDiagnosis fast = data("fast-reader", Map.of("receive-buffer", "64KB"), PlantedFaults.Messages.one(1_000_000), null, null, 2 * SECOND);
        assertThat(kinds(fast)).doesNotContain(SlowdownKind.DELAYED_ACK);
    }

    /** A standing queue of 300 µs on a 20 µs path: every round trip is mostly queueing. */
    @Test
    void aStandingQueueIsCongestion() {
        FlowDiagnosis f = data("queue", Map.of(), PlantedFaults.Messages.one(2_000_000), PlantedFaults.delayData(300_000), null, SECOND);
        Slowdown s = the(f, SlowdownKind.CONGESTION);
        assertThat(s.evidence().figures().get("medianRttMicros")).isBetween(300L, 400L);
        assertThat(s.evidence().figures().get("baseRttMicros")).isLessThan(50L);
        FlowDiagnosis free = data("no-queue", Map.of(), PlantedFaults.Messages.one(2_000_000), null, null, SECOND);
        assertThat(kinds(free)).doesNotContain(SlowdownKind.CONGESTION);
    }

    /** Three messages written 20 ms apart: two idle periods of the application, each about 20 ms less the transfer. */
    @Test
    void gapsBetweenWritesAreApplicationLimited() {
        FlowDiagnosis f = data("app", Map.of(), new PlantedFaults.Messages(20_000, 3, 20_000_000), null, null, SECOND);
        Slowdown s = the(f, SlowdownKind.APPLICATION_LIMITED);
        assertThat(s.evidence().figures().get("periods")).isEqualTo(2L);
        assertThat(s.costNanos()).isBetween(38_000_000L, 40_000_000L);
        assertThat(kinds(f)).doesNotContain(SlowdownKind.DELAYED_ACK);
        FlowDiagnosis once = data("app-once", Map.of(), PlantedFaults.Messages.one(60_000), null, null, SECOND);
        assertThat(once.slowdowns()).isEmpty();
    }
}
