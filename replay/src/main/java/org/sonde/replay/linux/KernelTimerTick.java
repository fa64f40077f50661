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
     * The tick of the timer softirq's runs, each a monotonic time and the jiffy it ran for. A run comes after its tick
     * by the softirq's latency, so with the right length every run's time less its jiffy's ticks lands within that
     * latency of the origin, where a wrong length spreads them by the difference times the jiffies between the runs:
     * the {@code CONFIG_HZ} tick with the narrowest spread is the length, the earliest of those times the origin.
     * Null with fewer than two jiffies seen.
     */
    static KernelTimerTick of(List<long[]> runs) {
        long firstJiffy = Long.MAX_VALUE, lastJiffy = Long.MIN_VALUE;
        for (long[] r : runs) {
            firstJiffy = Math.min(firstJiffy, r[1]);
            lastJiffy = Math.max(lastJiffy, r[1]);
        }
        if (runs.isEmpty() || firstJiffy == lastJiffy) return null;
        KernelTimerTick best = null;
        long bestSpread = Long.MAX_VALUE;
        for (long tick : TICKS) {
            long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
            for (long[] r : runs) {
                long origin = r[0] - r[1] * tick;
                min = Math.min(min, origin);
                max = Math.max(max, origin);
            }
            if (max - min < bestSpread) {
                bestSpread = max - min;
                best = new KernelTimerTick(tick, min);
            }
        }
        return best;
    }
}
