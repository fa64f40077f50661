package org.sonde.inject.analyze;

import java.util.List;

/**
 * The go-back-N verdict: pass when every QP's sender and receiver state machines ended in their
 * accepting states without a violation. Each state machine reports its first violation only (later
 * ones usually follow from it); {@code omittedReasons} counts those beyond the kept list.
 */
public record GbnResult(GbnMode mode, boolean pass, List<Reason> reasons, long omittedReasons, List<QpGbnStats> qps) {
    public GbnResult {
        reasons = List.copyOf(reasons);
        qps = List.copyOf(qps);
    }

    long totalNakRetransmissions() {
        return qps.stream().mapToLong(QpGbnStats::nakRetransmissions).sum();
    }

    long totalTimeoutRetransmissions() {
        return qps.stream().mapToLong(QpGbnStats::timeoutRetransmissions).sum();
    }
}
