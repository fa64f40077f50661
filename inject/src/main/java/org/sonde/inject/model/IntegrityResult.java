package org.sonde.inject.model;

import java.util.List;

/**
 * Whether a reconstructed trace can be trusted (Lumina §3.5: switch counters agree with the trace,
 * mirror sequence numbers are consecutive, timestamps do not regress), and if not, why. The
 * analyzers' results are meaningful only when {@code pass} holds.
 *
 * @param pass         every condition holds
 * @param tracePackets packets in the trace
 * @param reasons      one line per failed condition, empty exactly when the trace passes
 */
public record IntegrityResult(boolean pass, long tracePackets, List<String> reasons) {
    public IntegrityResult {
        reasons = List.copyOf(reasons);
        if (pass != reasons.isEmpty()) {
            throw new IllegalArgumentException("an integrity result passes exactly when it has no reasons: " + reasons);
        }
    }
}
