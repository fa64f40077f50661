package org.sonde.inject.analyze;

import org.sonde.inject.model.IntegrityResult;

/**
 * Every analyzer's result over one trace. {@code integrity} comes from trace reconstruction and
 * {@code counters} needs the run's counters; either is null when not available. The results hold
 * QP indices (from 0); {@code firstQpNumber} is what the test calls its first QP, for display.
 */
public record Analysis(IntegrityResult integrity, GbnResult gbn, LatencyResult latency, CnpResult cnp,
                       CounterResult counters, CompletionResult completion, int firstQpNumber) {

    /** All verdicts that were computed pass. */
    public boolean pass() {
        return (integrity == null || integrity.pass()) && gbn.pass() && cnp.pass() && (counters == null || counters.pass());
    }
}
