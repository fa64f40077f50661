package org.sonde.inject.mirror;

import java.util.List;

/**
 * Whether a trace is complete enough to analyse (paper §3.5, anchor §2.1), and if not, why.
 *
 * @param valid          every condition holds
 * @param tracePackets   packets in the trace
 * @param reasons        one line per failed condition, empty when valid
 */
public record IntegrityResult(boolean valid, long tracePackets, List<String> reasons) {
    public IntegrityResult {
        reasons = List.copyOf(reasons);
        if (valid != reasons.isEmpty()) throw new IllegalArgumentException("a trace is valid exactly when no reason speaks against it");
    }
}
