package org.sonde.inject.fuzz;

import java.util.List;

/**
 * What one fuzzing run measured, the inputs of the score and the anomaly rule.
 *
 * @param integrityPass             the trace passed the integrity check
 * @param trafficComplete           every message completed
 * @param innocentQps               QPs without events
 * @param innocentMctNanos          their mean message completion time as the host measured it (null: none)
 * @param baselineInnocentMctNanos  the same in the same test without events (null: none)
 * @param innocentMctInflation      the ratio of the two; 1 when either is missing
 * @param counterMismatches         NIC counters that disagree with the trace
 * @param gbnViolations             go-back-N violations (kept and omitted reasons)
 * @param discards                  packets the NICs counted as discarded (counters named *discard*)
 * @param timeouts                  retransmission timeouts the NICs counted (local_ack_timeout_err)
 * @param maxNakLatencyNanos        the longest NAK generation plus reaction time of a loss (0: none)
 * @param concurrentRecoveries      the most NAK-recovered losses awaiting their retransmission at one time
 * @param innocentRetransmissions   retransmissions (NAK or timeout) the trace shows on QPs without events
 * @param findings                  the counter mismatches and go-back-N violations in words (at most
 *                                  {@link #MAX_FINDINGS}), so a report says what the anomaly was
 */
public record RunOutcome(boolean integrityPass, boolean trafficComplete, int innocentQps, Double innocentMctNanos,
                         Double baselineInnocentMctNanos, double innocentMctInflation, long counterMismatches, long gbnViolations,
                         long discards, long timeouts, long maxNakLatencyNanos,
                         int concurrentRecoveries, long innocentRetransmissions, List<String> findings) {
    public static final int MAX_FINDINGS = 5;

    public RunOutcome {
        findings = List.copyOf(findings);
    }
}
