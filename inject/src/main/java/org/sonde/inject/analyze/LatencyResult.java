package org.sonde.inject.analyze;

import java.util.List;
import java.util.function.ToLongFunction;

/** Every loss with its retransmission timeline, in the order the losses happened. */
public record LatencyResult(List<LossLatency> losses) {
    public LatencyResult {
        losses = List.copyOf(losses);
    }

    /** NAK generation latencies of NAK-recovered losses where it is measurable. */
    public long[] nakGeneration() {
        return values(Recovery.NAK, LossLatency::nakGenerationNanos);
    }

    public long[] nakReaction() {
        return values(Recovery.NAK, LossLatency::nakReactionNanos);
    }

    public long[] timeouts() {
        return values(Recovery.TIMEOUT, LossLatency::timeoutNanos);
    }

    public long count(Recovery recovery) {
        return losses.stream().filter(l -> l.recovery() == recovery).count();
    }

    private long[] values(Recovery recovery, ToLongFunction<LossLatency> field) {
        return losses.stream().filter(l -> l.recovery() == recovery).mapToLong(field).filter(v -> v >= 0).toArray();
    }
}
