package org.sonde.replay.linux;

import java.util.Arrays;
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
     * latency of the origin, where a wrong length spreads them by the difference times the jiffies between the runs.
     * A run whose jiffy does not fit the others (a recording has shown one at jiffy 516 among jiffies near 2^32) lands
     * far from them with every length: the runs that count are those within one tick of the median origin, the
     * {@code CONFIG_HZ} tick that keeps the most of them (the narrowest spread among equals) is the length, and the
     * earliest of their origins the origin. Null unless two runs of different jiffies agree.
     */
    static KernelTimerTick of(List<long[]> runs) {
        long firstJiffy = Long.MAX_VALUE, lastJiffy = Long.MIN_VALUE;
        for (long[] r : runs) {
            firstJiffy = Math.min(firstJiffy, r[1]);
            lastJiffy = Math.max(lastJiffy, r[1]);
        }
        if (runs.isEmpty() || firstJiffy == lastJiffy) return null;
        KernelTimerTick best = null;
        int bestCount = 0;
        long bestSpread = Long.MAX_VALUE;
        for (long tick : TICKS) {
            long[] origins = new long[runs.size()];
            for (int i = 0; i < origins.length; i++) origins[i] = runs.get(i)[0] - runs.get(i)[1] * tick;
            long[] sorted = origins.clone();
            Arrays.sort(sorted);
            long median = sorted[(sorted.length - 1) / 2];
            long min = Long.MAX_VALUE, max = Long.MIN_VALUE, lowJiffy = Long.MAX_VALUE, highJiffy = Long.MIN_VALUE;
            int count = 0;
            for (int i = 0; i < origins.length; i++) {
                if (Math.abs(origins[i] - median) > tick) continue;
                count++;
                min = Math.min(min, origins[i]);
                max = Math.max(max, origins[i]);
                lowJiffy = Math.min(lowJiffy, runs.get(i)[1]);
                highJiffy = Math.max(highJiffy, runs.get(i)[1]);
            }
            if (lowJiffy == highJiffy) continue; // one jiffy's runs tell no length
            if (count > bestCount || count == bestCount && max - min < bestSpread) {
                bestCount = count;
                bestSpread = max - min;
                best = new KernelTimerTick(tick, min);
            }
        }
        return best;
    }
}
