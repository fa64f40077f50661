package org.sonde.load.engine;

import org.sonde.load.stats.Counter;
import org.sonde.load.stats.WorkerStats;

/**
 * One worker's launcher state over its {@link LaunchSchedule}: how many connections (or UDP flows)
 * to open now, at most {@code launch_num} per tick (dperf's {@code work_space_client_launch_num}),
 * and never above the worker's share of cc. Launches owed while at cc are forgiven, as dperf
 * pauses its launcher there; in CPS mode (no cc) they are counted as skipped.
 */
public final class LaunchPacer {
    private final LaunchSchedule schedule;
    private final long startNanos;
    private final int launchNum;
    private final boolean countSkipped;
    private long launched;

    public LaunchPacer(LaunchSchedule schedule, long startNanos, int launchNum, boolean countSkipped) {
        this.schedule = schedule;
        this.startNanos = startNanos;
        this.launchNum = launchNum;
        this.countSkipped = countSkipped;
    }

    /** How many to launch now, given {@code open} of at most {@code maxOpen}; the caller launches that many. */
    public int takeDue(long nowNanos, long open, long maxOpen, WorkerStats stats) {
        long due = schedule.dueBy((nowNanos - startNanos) / 1e9);
        long owed = due - launched;
        if (owed <= 0) return 0;
        long room = Math.max(0, maxOpen - open);
        int n = (int) Math.min(Math.min(owed, launchNum), room);
        launched += n;
        if (n == room && n < owed) {
            if (countSkipped) stats.add(Counter.LAUNCH_SKIPPED, due - launched);
            launched = due;
        }
        return n;
    }

    /** When the next launch is due (nanoTime), or {@link Long#MAX_VALUE} if never. */
    public long nextLaunchNanos() {
        double t = schedule.timeOf(launched + 1);
        return t > 1e9 ? Long.MAX_VALUE : startNanos + (long) (t * 1e9);
    }
}
