package org.sonde.sim.report;

/**
 * One time unit for a whole chart axis or table, chosen from the span it shows, so a reader
 * compares numbers instead of units ({@code 950us} beside {@code 1.2ms}).
 *
 * @param label the unit's symbol
 * @param nanos nanoseconds per unit
 */
record TimeScale(String label, double nanos) {
    /** The largest unit in which {@code spanNanos} is at least 10: ns, µs, ms or s. */
    static TimeScale forSpan(long spanNanos) {
        if (spanNanos >= 10_000_000_000L) return new TimeScale("s", 1e9);
        if (spanNanos >= 10_000_000L) return new TimeScale("ms", 1e6);
        if (spanNanos >= 10_000L) return new TimeScale("µs", 1e3);
        return new TimeScale("ns", 1);
    }

    double of(long timeNanos) {
        return timeNanos / nanos;
    }

    /** A time in this unit, with three significant digits at least. */
    String text(long timeNanos) {
        double v = of(timeNanos);
        return v >= 100 ? String.format("%.0f", v) : v >= 10 ? String.format("%.1f", v) : String.format("%.2f", v);
    }
}
