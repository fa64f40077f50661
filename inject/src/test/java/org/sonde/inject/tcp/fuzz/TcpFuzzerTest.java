package org.sonde.inject.tcp.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.tcp.TcpConnectionResult;
import org.sonde.inject.tcp.TcpEvent;
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTestConfigLoader;
import org.sonde.inject.tcp.TcpTestConfigWriter;
import org.sonde.inject.tcp.analyze.TcpAnalysis;
import org.sonde.inject.tcp.analyze.TcpAnalysis.Recovery;
import org.sonde.inject.tcp.analyze.TcpAnalysis.RecoveryKind;

/** The TCP fuzzer's candidates and anomaly rule, without a kernel. */
class TcpFuzzerTest {
    private static final TcpFuzzTarget TARGET = TcpFuzzTarget.DEFAULT;
    private static final TcpAnalysis.Integrity INTACT = new TcpAnalysis.Integrity(true, Map.of(), List.of());

    private static TcpAnalysis analysis(TcpAnalysis.Integrity integrity, List<Recovery> recoveries) {
        return new TcpAnalysis(integrity, recoveries, List.of(), List.of(), new TcpAnalysis.SackHonesty(true, 0, List.of()), List.of(), List.of());
    }

    private static List<TcpConnectionResult> took(long nanos, String error) {
        return List.of(new TcpConnectionResult(1, 40000, 100, error == null ? 100 : 0, error == null, 0, nanos, error));
    }

    private static void valid(List<TcpEvent> g) {
        assertThat(g).isNotEmpty().hasSizeLessThanOrEqualTo(TARGET.maxEvents());
        Set<String> packets = new HashSet<>();
        for (TcpEvent e : g) {
            assertThat(packets.add(e.kind() + " " + e.index() + " " + e.iteration())).as("one event per packet: %s", g).isTrue();
            assertThat(e.connection()).isEqualTo(1);
            int limit = e.kind() == TcpEvent.Kind.SEGMENT ? TARGET.segments() : 2 * TARGET.segments();
            assertThat(e.index()).isBetween(1, limit);
            if (e.kind() == TcpEvent.Kind.ACK) {
                assertThat(e.iteration()).isEqualTo(1);
                assertThat(e.action()).isNotInstanceOf(EventAction.MarkEcn.class);
            }
        }
    }

    @Property(tries = 200)
    void candidatesAndTheirMutationsAreTestsTheLoaderAccepts(@ForAll long seed) {
        TcpFuzzer f = TcpFuzzer.candidates(TARGET);
        SplittableRandom r = new SplittableRandom(seed);
        List<TcpEvent> g = f.random(r);
        valid(g);
        for (int i = 0; i < 20; i++) {
            g = f.mutate(g, r);
            valid(g);
        }
        // what the fuzzer would write as a trigger reads back as the same test
        TcpTestConfig t = f.test(g);
        TcpTestConfig back = TcpTestConfigLoader.parse(TcpTestConfigWriter.toYaml(t, "a comment\non two lines"), "trigger.yaml", "x");
        assertThat(back.traffic()).isEqualTo(t.traffic());
        assertThat(back.events()).extracting(TcpEvent::kind, TcpEvent::index, TcpEvent::iteration, TcpEvent::action)
                .containsExactlyElementsOf(t.events().stream().map(e -> org.assertj.core.groups.Tuple.tuple(e.kind(), e.index(), e.iteration(), e.action()))
                        .toList());
    }

    private static final List<TcpEvent> ONE = List.of(new TcpEvent(1, TcpEvent.Kind.SEGMENT, 20, 1, new EventAction.Drop(), "t"));

    @Test
    void aConnectionAsSlowAsTheThresholdIsAnAnomalyAndTheScoreCountsTimeouts() {
        Recovery rto = new Recovery(1, 20, 1, RecoveryKind.RTO, 210_000_000, 0, true, "timed out");
        TcpFuzzRun slow = TcpFuzzer.judge(3, ONE, took(1_200_000_000, null), analysis(INTACT, List.of(rto)), 900_000_000, 1_000_000_000);
        assertThat(slow.anomalous()).isTrue();
        assertThat(slow.why()).startsWith("the connection took 1200 ms (threshold 1000 ms): 1 timeouts");
        assertThat(slow.score()).isEqualTo(900 + 200);
        assertThat(slow.events()).containsExactly("seg 20 iter 1: {type: drop}");
        TcpFuzzRun fast = TcpFuzzer.judge(4, ONE, took(30_000_000, null), analysis(INTACT, List.of()), 20_000_000, 1_000_000_000);
        assertThat(fast.anomalous()).isFalse();
        assertThat(fast.why()).isEmpty();
        assertThat(fast.score()).isEqualTo(20);
    }

    @Test
    void aFailedVerdictOrConnectionIsAnAnomalyAndAnIncompleteTraceIsNotJudged() {
        Recovery early = new Recovery(1, 5, 1, RecoveryKind.RTO, 150_000_000, 0, false, "sooner than Linux's minimum RTO");
        TcpFuzzRun verdict = TcpFuzzer.judge(1, ONE, took(200_000_000, null), analysis(INTACT, List.of(early)), 150_000_000, 1_000_000_000);
        assertThat(verdict.anomalous()).isTrue();
        assertThat(verdict.why()).contains("a verdict failed: seg 5 iter 1: sooner than");
        TcpFuzzRun failed = TcpFuzzer.judge(1, ONE, took(5, "reset by peer"), analysis(INTACT, List.of()), 1, 1_000_000_000);
        assertThat(failed.anomalous()).isTrue();
        assertThat(failed.completionNanos()).as("no completion time when a connection failed").isNull();
        assertThat(failed.why()).contains("reset by peer");
        // fewer than two data transmissions: no stall to measure, null in fuzz.json rather than -1
        TcpFuzzRun noGap = TcpFuzzer.judge(1, ONE, took(5, "reset by peer"), analysis(INTACT, List.of()), -1, 1_000_000_000);
        assertThat(noGap.stallNanos()).isNull();
        assertThat(noGap.score()).isGreaterThanOrEqualTo(0);
        assertThat(org.sonde.core.Json.mapper().valueToTree(noGap).get("stallNanos").isNull()).isTrue();
        TcpAnalysis.Integrity gap = new TcpAnalysis.Integrity(false, Map.of(), List.of("3 packets were dropped at the queue"));
        TcpFuzzRun unjudged = TcpFuzzer.judge(1, ONE, took(5_000_000_000L, null), analysis(gap, List.of()), 1, 1_000_000_000);
        assertThat(unjudged.anomalous()).isFalse();
        assertThat(unjudged.score()).isZero();
        assertThat(unjudged.why()).startsWith("not judged, the trace is incomplete");
    }
}
