package org.sonde.load.engine;

/**
 * The open-loop launcher's timetable for one worker: how many connections should have been
 * launched by a given time. After {@code wait}, dperf's slow start ramps the rate linearly from 0
 * to the target over {@code slow_start} seconds ({@code ctl.c}); then the rate holds. Launches
 * follow the clock, not the replies: a slow server does not slow the launcher (open loop).
 */
public final class LaunchSchedule {
    private final double ratePerSecond;
    private final double waitSeconds;
    private final double rampSeconds;

    public LaunchSchedule(double ratePerSecond, double waitSeconds, double rampSeconds) {
        this.ratePerSecond = ratePerSecond;
        this.waitSeconds = waitSeconds;
        this.rampSeconds = rampSeconds;
    }

    /** Launches due in total by {@code t} seconds after the start. */
    long dueBy(double t) {
        double s = t - waitSeconds;
        if (s <= 0 || ratePerSecond <= 0) return 0;
        if (s < rampSeconds) return (long) (ratePerSecond * s * s / (2 * rampSeconds));
        return (long) (ratePerSecond * (rampSeconds / 2 + (s - rampSeconds)));
    }

    /** The time (seconds after the start) at which launch number {@code n} (counting from 1) is due. */
    double timeOf(long n) {
        if (ratePerSecond <= 0) return Double.POSITIVE_INFINITY;
        double rampLaunches = ratePerSecond * rampSeconds / 2;
        if (n <= rampLaunches && rampSeconds > 0) return waitSeconds + Math.sqrt(2 * rampSeconds * n / ratePerSecond);
        return waitSeconds + rampSeconds + (n - rampLaunches) / ratePerSecond;
    }

    /** The rate in effect at {@code t}. */
    double rateAt(double t) {
        double s = t - waitSeconds;
        if (s <= 0) return 0;
        return s < rampSeconds ? ratePerSecond * s / rampSeconds : ratePerSecond;
    }
}
