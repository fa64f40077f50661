package org.sonde.replay.linux;

import java.util.List;

/**
 * The recorded kernel's timer tick: TCP's timers are armed in jiffies and fire when the timer softirq runs for their
 * bucket's jiffy, so the replay fires them on the same ticks. {@code originMonotonicNanos} is the monotonic time (the
 * recorder's clock) at which jiffies was 0: jiffy {@code j} ticked at {@code originMonotonicNanos + j * tickNanos}.
 */
record KernelTimerTick(long tickNanos, long originMonotonicNanos) {
    /** The tick lengths of Linux's {@code CONFIG_HZ} choices (100, 250, 300, 1000), as {@code TICK_NSEC} rounds them. */
    private static final long[] TICKS = {10_000_000L, 4_000_000L, 3_333_333L, 1_000_000L};

    /**
     * The tick of the timer softirq's runs, each a monotonic time and the jiffy it ran for: the length from the
     * earliest and latest jiffies (the nearest {@code CONFIG_HZ} tick), the origin from the run closest to its tick
     * (a run comes after its tick by the softirq's latency). Null with fewer than two jiffies seen.
     */
    static KernelTimerTick of(List<long[]> runs) {
        long[] first = null, last = null;
        for (long[] r : runs) {
            if (first == null || r[1] < first[1]) first = r;
            if (last == null || r[1] > last[1]) last = r;
        }
        if (first == null || last[1] == first[1]) return null;
        double measured = (double) (last[0] - first[0]) / (last[1] - first[1]);
        long tick = TICKS[0];
        for (long t : TICKS) if (Math.abs(t - measured) < Math.abs(tick - measured)) tick = t;
        long origin = Long.MAX_VALUE;
        for (long[] r : runs) origin = Math.min(origin, r[0] - r[1] * tick);
        return new KernelTimerTick(tick, origin);
    }
}
