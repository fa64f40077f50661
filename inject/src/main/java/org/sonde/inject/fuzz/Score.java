package org.sonde.inject.fuzz;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Δ = Σ wᵢ·sᵢ of one run, with each term's sᵢ (paper §4, "Scoring").
 *
 * @param total Δ
 * @param terms sᵢ per objective, before weighting
 */
public record Score(double total, Map<ScoreTerm, Double> terms) {
    public Score {
        // in the terms' order: fuzz.json is the same on every run (Map.copyOf's order changes from JVM to JVM)
        terms = Collections.unmodifiableMap(new EnumMap<>(terms));
    }

    /** NAK latency that scores 1 (log₂(1 + 1)): about a CX4 Lx NAK reaction. */
    static final double LATENCY_REFERENCE_NANOS = 100_000;

    public static Score of(RunOutcome o, Map<ScoreTerm, Double> weights) {
        Map<ScoreTerm, Double> s = new EnumMap<>(ScoreTerm.class);
        s.put(ScoreTerm.INNOCENT_MCT_INFLATION, log2(Math.max(1, o.innocentMctInflation())));
        s.put(ScoreTerm.COUNTER_INCONSISTENCY, log2(1 + o.counterMismatches()));
        s.put(ScoreTerm.GBN_FAILURE, log2(1 + o.gbnViolations()));
        s.put(ScoreTerm.DISCARDS, log2(1 + o.discards()));
        s.put(ScoreTerm.TIMEOUTS, log2(1 + o.timeouts()));
        s.put(ScoreTerm.LARGE_LATENCY, log2(1 + o.maxNakLatencyNanos() / LATENCY_REFERENCE_NANOS));
        s.put(ScoreTerm.CONCURRENT_RECOVERIES, log2(1 + o.concurrentRecoveries()));
        s.put(ScoreTerm.INNOCENT_RETRANSMISSIONS, log2(1 + o.innocentRetransmissions()));
        double total = 0;
        for (var e : s.entrySet()) total += weights.getOrDefault(e.getKey(), 0.0) * e.getValue();
        return new Score(total, s);
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
