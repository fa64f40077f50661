package org.sonde.inject.fuzz;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * What the fuzzer looks for (paper §4, Algorithm 1's {@code target}): the search space, the weights
 * of the score, when to declare an anomaly, and the genetic search's own settings.
 *
 * @param name              names the target in results
 * @param objective         general, or noisy neighbour (events on some QPs only, the rest innocent)
 * @param space             the values configs may take
 * @param weights           wᵢ per score term (missing terms weigh 0)
 * @param anomaly           when to stop
 * @param poolSize          random configs the pool starts with
 * @param acceptProbability p: how likely a config scoring below the pool's median still joins it
 */
public record FuzzTarget(String name, Objective objective, SearchSpace space, Map<ScoreTerm, Double> weights, AnomalyRule anomaly,
                         int poolSize, double acceptProbability) {
    public enum Objective {
        /** Events on any QP; anomalies are counter inconsistencies and go-back-N violations. */
        GENERAL,
        /** QPs split into injected and innocent ones; the anomaly is innocent QPs slowed down (§6.2.2). */
        NOISY_NEIGHBOUR
    }

    public FuzzTarget {
        // in the terms' order: fuzz.json is the same on every run (Map.copyOf's order changes from JVM to JVM)
        weights = Collections.unmodifiableMap(new EnumMap<>(weights));
        if (poolSize < 1) throw new IllegalArgumentException("the pool needs at least one initial config, got " + poolSize);
        if (!(acceptProbability >= 0 && acceptProbability <= 1)) throw new IllegalArgumentException("accept probability must be 0..1, got " + acceptProbability);
        for (var w : weights.entrySet()) {
            if (!(w.getValue() >= 0) || w.getValue().isInfinite()) throw new IllegalArgumentException("weight of " + w.getKey().yamlName() + " must be ≥ 0");
        }
        if (objective == Objective.NOISY_NEIGHBOUR && (space.numQps().max() < 2 || space.injectedQps().min() < 1)) {
            throw new IllegalArgumentException("noisy neighbour needs at least 2 QPs and 1 injected QP, so some QPs are injected and some innocent");
        }
        if (anomaly.innocentMctInflation() > 0 && objective != Objective.NOISY_NEIGHBOUR) {
            throw new IllegalArgumentException("an innocent-MCT threshold needs objective noisy-neighbour (only it has innocent QPs)");
        }
    }

    /**
     * Innocent MCT inflated 3× in a trustworthy run. The score leads there through simultaneous
     * recoveries, then innocent retransmissions and discards; timeouts weigh little, since timeouts
     * of the injected QPs alone are no neighbour effect.
     */
    public static FuzzTarget noisyNeighbour() {
        return new FuzzTarget("noisy-neighbour", Objective.NOISY_NEIGHBOUR, SearchSpace.NOISY_NEIGHBOUR,
                Map.of(ScoreTerm.INNOCENT_MCT_INFLATION, 1.0, ScoreTerm.INNOCENT_RETRANSMISSIONS, 0.5, ScoreTerm.DISCARDS, 0.5,
                        ScoreTerm.CONCURRENT_RECOVERIES, 0.5, ScoreTerm.TIMEOUTS, 0.1, ScoreTerm.COUNTER_INCONSISTENCY, 0.1,
                        ScoreTerm.GBN_FAILURE, 0.1, ScoreTerm.LARGE_LATENCY, 0.5),
                new AnomalyRule(3.0, false, false), 16, 0.2);
    }

    /** Counter inconsistencies and go-back-N violations over a wide space. */
    public static FuzzTarget general() {
        return new FuzzTarget("general", Objective.GENERAL, SearchSpace.GENERAL,
                Map.of(ScoreTerm.COUNTER_INCONSISTENCY, 1.0, ScoreTerm.GBN_FAILURE, 1.0, ScoreTerm.DISCARDS, 0.5, ScoreTerm.TIMEOUTS, 0.25,
                        ScoreTerm.LARGE_LATENCY, 0.25),
                new AnomalyRule(0, true, true), 8, 0.2);
    }

    public static FuzzTarget builtIn(Objective objective) {
        return objective == Objective.NOISY_NEIGHBOUR ? noisyNeighbour() : general();
    }
}
