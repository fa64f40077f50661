package org.sonde.sim.tcp;

/**
 * When a TCP timer armed for a deadline fires. Linux arms TCP's timers in jiffies on its timer wheel
 * ({@code kernel/time/timer.c}): the timeout becomes whole ticks, rounded up ({@code usecs_to_jiffies}), counted from
 * the current jiffy, which began at the last tick; {@code calc_index()} then puts the timer in the bucket after its
 * expiry at its level's granularity (level 0: every tick, for timeouts under 63 ticks; each further level 8 times
 * coarser), so that it never fires early, and it fires at that bucket's tick. A tick of 0 fires every timer at its
 * deadline, to the nanosecond.
 *
 * @param tickNanos   1 s / {@code CONFIG_HZ}, 0 for nanosecond timers
 * @param originNanos the simulated time at which jiffies was 0
 */
record TimerWheel(long tickNanos, long originNanos) {
    /** {@code LVL_CLK_SHIFT}: each level's granularity is 8 times the one below. */
    private static final int LEVEL_SHIFT = 3;
    /** {@code LVL_SIZE}: buckets per level. */
    private static final long LEVEL_SIZE = 64;
    /** {@code LVL_DEPTH} for HZ above 100. */
    private static final int LEVELS = 9;

    /** The time at which a timer armed at {@code now} for {@code deadline} fires. */
    long expiry(long now, long deadline) {
        if (tickNanos == 0) return deadline;
        long clk = Math.floorDiv(now - originNanos, tickNanos);
        long delta = Math.max(0, Math.ceilDiv(deadline - now, tickNanos));
        int level = 0;
        while (level < LEVELS - 1 && delta >= levelStart(level + 1)) level++;
        int shift = LEVEL_SHIFT * level;
        long bucket = (((clk + delta) >> shift) + 1) << shift;
        return originNanos + bucket * tickNanos;
    }

    /** {@code LVL_START(n)}: the smallest timeout, in ticks, that level {@code n} holds. */
    private static long levelStart(int n) {
        return (LEVEL_SIZE - 1) << ((n - 1) * LEVEL_SHIFT);
    }
}
