package org.sonde.inject.study;

import java.util.List;
import org.sonde.inject.analyze.CnpScope;
import org.sonde.inject.analyze.CounterResult;

/**
 * §6.3's CNP experiment on one profile: every packet of four QPs on two GIDs per host marked.
 *
 * @param inferredScope     the CNP analyzer's best-fitting (coarsest exact) limiter scope
 * @param consistentScopes  every scope that explains the CNPs exactly
 * @param minGapNanos       the smallest gap between CNPs of one inferred scope: the limiter's interval; null without
 *                          a gap
 * @param gapsNanos         all gaps within the inferred scope (for the CDF)
 * @param counterMismatches the counter checks of this run that disagreed with the trace
 */
public record CnpPacingRun(String profile, long cnps, long ecnMarked, CnpScope inferredScope, List<CnpScope> consistentScopes,
                           Long minGapNanos, List<Long> gapsNanos, List<CounterResult.Check> counterMismatches) {
    public CnpPacingRun {
        consistentScopes = List.copyOf(consistentScopes);
        gapsNanos = List.copyOf(gapsNanos);
        counterMismatches = List.copyOf(counterMismatches);
    }
}
