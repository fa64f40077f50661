package org.sonde.inject.analyze;

import java.util.List;

/**
 * CNP analysis: counts, Lumina's expected-versus-actual check in every scope, the measured intervals
 * between consecutive CNPs of a scope, CNPs addressed to a QP with nothing to notify, and the scope and
 * interval that explain the trace best.
 *
 * @param pass             no misdirected CNP, and the expected scope (if any) matched
 * @param strayCnps        CNPs between hosts that carry no QP under test in that direction
 * @param misdirectedCnps  CNPs to a QP that is not under test or got no trigger since its last CNP
 * @param inferred         null when the trace holds no CNP
 */
public record CnpResult(boolean pass, List<Reason> reasons, long omittedReasons, long cnps, long ecnMarkedDataPackets,
                        long naks, long strayCnps, long misdirectedCnps, List<Scope> scopes, Inference inferred) {
    public CnpResult {
        reasons = List.copyOf(reasons);
        scopes = List.copyOf(scopes);
    }

    /** One scope mode's verdict: expected and actual CNP totals, the scopes that differ, the CNP intervals. */
    public record Scope(CnpScope scope, boolean pass, long expected, long actual, List<Count> mismatches, Intervals intervals) {
        public Scope {
            mismatches = List.copyOf(mismatches);
        }
    }

    /** Expected and actual CNPs of one scope, e.g. {@code port 136} or {@code QP 3}. */
    public record Count(String scope, long expected, long actual) {
    }

    /** Intervals between consecutive CNPs of the same scope, in ns; all -1 when there are none. */
    public record Intervals(long count, long min, long p10, long p50, long p90, long p99, long max) {
    }

    /**
     * The rate limiter most consistent with the trace: the scope, interval and NAK setting whose
     * expected CNPs differ least from the actual ones ({@code mismatch} = Σ|expected − actual| over its
     * scopes), preferring coarser scopes and longer intervals on ties; and every scope that explains
     * the trace exactly with some interval.
     */
    public record Inference(CnpScope scope, long minIntervalNanos, boolean nakTriggers, long mismatch, List<CnpScope> consistentScopes) {
        public Inference {
            consistentScopes = List.copyOf(consistentScopes);
        }
    }

    public Scope scope(CnpScope s) {
        return scopes.stream().filter(x -> x.scope() == s).findFirst().orElseThrow();
    }
}
