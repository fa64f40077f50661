package org.sonde.inject.tcp.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.inject.model.InjectedEvent.DROP;
import static org.sonde.inject.model.InjectedEvent.NONE;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.inject.tcp.TcpConnectionResult;
import org.sonde.inject.tcp.TcpEvent;
import org.sonde.inject.tcp.TcpPackets;
import org.sonde.inject.tcp.TcpRun;
import org.sonde.inject.tcp.analyze.TcpAnalysis;
import org.sonde.inject.tcp.analyze.TcpAnalyzer;

/** The study's scenarios and measurements, on traces built by hand (times in ms at the injector). */
class TcpStudyTest {
    private static final int P = 40000;

    private static TcpRun run(TcpScenario s, TcpPackets t, long durationNanos) {
        return new TcpRun(s.test("cubic"), "linux", "test", t.trace(), List.of(new TcpConnectionResult(1, P, 100, 100, true, 0, durationNanos, null)),
                Map.of(), Map.of(), 0, new long[0], new long[0]);
    }

    @Test
    void eachScenarioInjectsWhatItSays() {
        assertThat(TcpScenario.BASELINE.test("reno").events()).isEmpty();
        assertThat(TcpScenario.LOSS.test("reno").events()).extracting(TcpEvent::index, TcpEvent::iteration).containsExactly(
                org.assertj.core.groups.Tuple.tuple(5, 1));
        assertThat(TcpScenario.LOST_RETRANSMISSION.test("reno").events()).extracting(TcpEvent::index, TcpEvent::iteration).containsExactly(
                org.assertj.core.groups.Tuple.tuple(5, 1), org.assertj.core.groups.Tuple.tuple(5, 2));
        assertThat(TcpScenario.TAIL_LOSS.test("bbr").events()).extracting(TcpEvent::index).containsExactly(TcpScenario.SEGMENTS);
        assertThat(TcpScenario.ACK_LOSS.test("bbr").events()).hasSize(10).allMatch(e -> e.kind() == TcpEvent.Kind.ACK);
        assertThat(TcpScenario.TAIL_LOSS.test("bbr").traffic().congestionControl()).isEqualTo("bbr");
        assertThat(TcpScenario.TAIL_LOSS.test("bbr").traffic().messageBytes()).isEqualTo(20 * 1448);
    }

    @Test
    void aRunMeasuresTheWatchedRecoveryAndTheLongestStall() {
        // segment 5 of 6 lost, 3 SACKs show the hole, sent again 2 ms later; the longest silence is the 5 ms wait for the ACKs
        TcpPackets t = new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).data(0.1, P, 2, NONE).data(0.1, P, 3, NONE)
                .data(0.1, P, 4, NONE).data(0.1, P, 5, DROP).data(0.1, P, 6, NONE).ack(1, P, 4, 0).ack(0.1, P, 4, 0, 6, 6)
                .ack(0.1, P, 4, 0, 6, 6).ack(0.1, P, 4, 0, 6, 6).data(3.7, P, 5, NONE);
        TcpRun r = run(TcpScenario.LOSS, t, 9_000_000);
        TcpAnalysis a = TcpAnalyzer.analyze(t.trace(), true);
        TcpStudyRun m = TcpStudy.measure(TcpScenario.LOSS, "cubic", 1, r, a, "runs/loss-cubic-1");
        assertThat(m.recovery()).isEqualTo("fast-retransmit");
        assertThat(m.recoveryNanos()).isEqualTo(5_100_000);
        assertThat(m.stallNanos()).isEqualTo(5_000_000);
        assertThat(m.stallEndedBy()).isEqualTo("fast-retransmit");
        assertThat(m.completionNanos()).isEqualTo(9_000_000);
        assertThat(m.pass()).as(m.verdicts().toString()).isTrue();
    }

    @Test
    void aScenarioWhoseLossIsMissingFromTheTraceFails() {
        TcpPackets t = new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).data(4, P, 2, NONE);
        TcpStudyRun m = TcpStudy.measure(TcpScenario.TAIL_LOSS, "cubic", 1, run(TcpScenario.TAIL_LOSS, t, 1), TcpAnalyzer.analyze(t.trace(), true), "d");
        assertThat(m.pass()).isFalse();
        assertThat(m.verdicts()).anyMatch(v -> v.contains("is not in the trace"));
        assertThat(m.stallEndedBy()).isEqualTo("new data");
        assertThat(m.stallNanos()).isEqualTo(4_000_000);
    }

    private static TcpStudyRun measured(TcpScenario s, String cc, long completion, String recovery) {
        return new TcpStudyRun(s, cc, 1, completion, recovery, recovery == null ? null : 10L, 5L, "new data", true, List.of(), "d");
    }

    @Test
    void theSummaryTakesMediansPerCellAndSubtractsTheBaselineOfTheSameCongestionControl() {
        List<TcpStudyRun> runs = List.of(measured(TcpScenario.BASELINE, "reno", 10, null), measured(TcpScenario.BASELINE, "reno", 30, null),
                measured(TcpScenario.BASELINE, "reno", 20, null), measured(TcpScenario.TAIL_LOSS, "reno", 250, "rto"),
                measured(TcpScenario.TAIL_LOSS, "reno", 40, "tlp"), measured(TcpScenario.TAIL_LOSS, "reno", 260, "rto"),
                measured(TcpScenario.TAIL_LOSS, "bbr", 50, "tlp"));
        List<TcpStudyResult.Summary> s = TcpStudy.summarise(List.of("reno", "bbr"), runs);
        assertThat(s).extracting(TcpStudyResult.Summary::scenario, TcpStudyResult.Summary::congestionControl).containsExactly(
                org.assertj.core.groups.Tuple.tuple(TcpScenario.BASELINE, "reno"), org.assertj.core.groups.Tuple.tuple(TcpScenario.TAIL_LOSS, "reno"),
                org.assertj.core.groups.Tuple.tuple(TcpScenario.TAIL_LOSS, "bbr"));
        TcpStudyResult.Summary tail = s.get(1);
        assertThat(tail.completionNanos()).isEqualTo(250);
        assertThat(tail.addedNanos()).isEqualTo(230);
        assertThat(tail.recoveries()).isEqualTo("rto x2, tlp x1");
        assertThat(s.get(2).addedNanos()).as("bbr has no baseline run").isNull();
        assertThat(TcpStudyResult.median(java.util.stream.Stream.of(4L, null, 2L, 3L, 1L))).isEqualTo(2);
        assertThat(TcpStudyResult.median(java.util.stream.Stream.of((Long) null))).as("no value, no median").isNull();
        // study.json: a run without a watched loss has no recovery time, written null rather than -1
        com.fasterxml.jackson.databind.JsonNode baseline = org.sonde.core.Json.mapper().valueToTree(runs.getFirst());
        assertThat(baseline.get("recoveryNanos").isNull()).as(baseline.toString()).isTrue();
        assertThat(baseline.get("completionNanos").asLong()).isEqualTo(10);
    }
}
