package org.sonde.replay.queues;

import org.sonde.core.UsageException;
import org.sonde.replay.recording.Recording;

/**
 * How to replay a recording's switch queues.
 *
 * @param thresholdNanos  send-time sampling bound: {@link #RECORDED} uses the recording's own samples; another value
 *                        samples the replayed send times again with it (Alg. 1), as a recording made with it would have
 * @param clockErrorNanos each host's clock is off by a value drawn uniformly in 0..this (DETER §5.4.2: 5 µs)
 * @param tagging         also replay with DETER's drop tagging (§3.4); the replay without it is always made, to compare
 * @param tagMarginMtu    a tagged packet is dropped where its queue holds more than its limit less this many MTUs
 */
public record QueueReplayOptions(long thresholdNanos, long clockErrorNanos, boolean tagging, int tagMarginMtu) {
    /** Use the recording's samples as they are. */
    public static final long RECORDED = -1;
    public static final QueueReplayOptions DEFAULT = new QueueReplayOptions(RECORDED, 5_000, true, 5);

    /** The send-time bound in effect for {@code rec}: this one, or the recording's own. */
    public long thresholdBound(Recording rec) {
        return thresholdNanos == RECORDED ? rec.thresholdNanos() : thresholdNanos;
    }

    public QueueReplayOptions {
        if (thresholdNanos < 0 && thresholdNanos != RECORDED) throw new UsageException("--threshold must not be negative");
        if (clockErrorNanos < 0) throw new UsageException("--clock-error must not be negative");
        if (tagMarginMtu < 0) throw new UsageException("--tag-margin must not be negative");
    }
}
