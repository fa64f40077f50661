package org.sonde.inject.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScoreTest {
    static RunOutcome outcome(boolean integrity, double inflation, long mismatches, long gbn, long discards, long timeouts, long nakLatency,
                              int concurrent, long innocentRetransmissions) {
        return new RunOutcome(integrity, true, 4, inflation * 100, 100.0, inflation, mismatches, gbn, discards, timeouts, nakLatency,
                concurrent, innocentRetransmissions, List.of());
    }

    static final Map<ScoreTerm, Double> ALL_ONE = Map.of(ScoreTerm.INNOCENT_MCT_INFLATION, 1.0, ScoreTerm.COUNTER_INCONSISTENCY, 1.0,
            ScoreTerm.GBN_FAILURE, 1.0, ScoreTerm.DISCARDS, 1.0, ScoreTerm.TIMEOUTS, 1.0, ScoreTerm.LARGE_LATENCY, 1.0,
            ScoreTerm.CONCURRENT_RECOVERIES, 1.0, ScoreTerm.INNOCENT_RETRANSMISSIONS, 1.0);

    /** The terms and weights iterate, and so serialize into fuzz.json, in one order on every run: the terms'. */
    @Test
    void termsAndWeightsAreInTheTermsOrder() {
        Score s = Score.of(outcome(true, 4, 3, 1, 7, 15, 300_000, 8, 31), ALL_ONE);
        assertThat(s.terms().keySet()).containsExactly(ScoreTerm.values());
        assertThat(new Score(1, ALL_ONE).terms().keySet()).containsExactly(ScoreTerm.values());
        assertThat(List.copyOf(FuzzTarget.general().weights().keySet())).isSorted();
        assertThat(List.copyOf(FuzzTarget.noisyNeighbour().weights().keySet())).isSorted();
    }

    @Test
    void aRunWithoutAnomaliesScoresZero() {
        Score s = Score.of(outcome(true, 1, 0, 0, 0, 0, 0, 0, 0), ALL_ONE);
        assertThat(s.total()).isZero();
        assertThat(s.terms()).hasSize(ScoreTerm.values().length).allSatisfy((t, v) -> assertThat(v).isZero());
    }

    @Test
    void eachTermIsLogarithmicAndWeighted() {
        Score s = Score.of(outcome(true, 4, 3, 1, 7, 15, 300_000, 8, 31), ALL_ONE);
        assertThat(s.terms().get(ScoreTerm.INNOCENT_MCT_INFLATION)).isCloseTo(2, within(1e-9));
        assertThat(s.terms().get(ScoreTerm.COUNTER_INCONSISTENCY)).isCloseTo(2, within(1e-9));
        assertThat(s.terms().get(ScoreTerm.GBN_FAILURE)).isCloseTo(1, within(1e-9));
        assertThat(s.terms().get(ScoreTerm.DISCARDS)).isCloseTo(3, within(1e-9));
        assertThat(s.terms().get(ScoreTerm.TIMEOUTS)).isCloseTo(4, within(1e-9));
        assertThat(s.terms().get(ScoreTerm.LARGE_LATENCY)).isCloseTo(2, within(1e-9)); // 300 µs / 100 µs
        assertThat(s.terms().get(ScoreTerm.CONCURRENT_RECOVERIES)).isCloseTo(Math.log(9) / Math.log(2), within(1e-9));
        assertThat(s.terms().get(ScoreTerm.INNOCENT_RETRANSMISSIONS)).isCloseTo(5, within(1e-9));

        Score weighted = Score.of(outcome(true, 4, 3, 0, 7, 0, 0, 0, 0), Map.of(ScoreTerm.INNOCENT_MCT_INFLATION, 0.5, ScoreTerm.DISCARDS, 2.0));
        assertThat(weighted.total()).isCloseTo(0.5 * 2 + 2.0 * 3, within(1e-9)); // counters weigh nothing here
    }

    @Test
    void fasterInnocentFlowsDoNotScore() {
        assertThat(Score.of(outcome(true, 0.5, 0, 0, 0, 0, 0, 0, 0), ALL_ONE).total()).isZero();
    }

    @Test
    void theAnomalyRuleNeedsATrustworthyTraceAndAnEnabledCondition() {
        AnomalyRule noisy = new AnomalyRule(3, false, false);
        assertThat(noisy.holds(outcome(true, 3.0, 0, 0, 0, 0, 0, 0, 0))).isTrue();
        assertThat(noisy.holds(outcome(true, 2.99, 5, 5, 100, 0, 0, 0, 0))).isFalse();
        assertThat(noisy.holds(outcome(false, 10, 0, 0, 0, 0, 0, 0, 0))).isFalse();
        AnomalyRule general = new AnomalyRule(0, true, false);
        assertThat(general.holds(outcome(true, 100, 0, 3, 0, 0, 0, 0, 0))).isFalse();
        assertThat(general.holds(outcome(true, 1, 1, 0, 0, 0, 0, 0, 0))).isTrue();
        assertThatThrownBy(() -> new AnomalyRule(0, false, false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AnomalyRule(0.5, false, false)).isInstanceOf(IllegalArgumentException.class);
    }
}
