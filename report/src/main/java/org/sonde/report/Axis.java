package org.sonde.report;

/**
 * A value axis: its title (with units, e.g. {@code time (µs)}), whether it is logarithmic, and its
 * ticks, whose ends are the axis' domain. Maps values to fractions of the axis length.
 *
 * @param title the axis title; empty for none
 * @param ticks nice ticks enclosing the data
 */
record Axis(String title, Ticks ticks) {
    public Axis {
        title = title == null ? "" : title;
    }

    /**
     * An axis over [min, max]; on a log axis both must be at least {@link Ticks#MIN_LOG}. With
     * {@code target} ticks or so on a linear axis.
     */
    public static Axis of(String title, double min, double max, boolean log, int target) {
        return new Axis(title, log ? Ticks.log(min, max) : Ticks.linear(min, max, target));
    }

    public boolean log() {
        return ticks.log();
    }

    /** Where {@code v} lies between the ends of the axis: 0 at the low end, 1 at the high end. */
    public double fraction(double v) {
        double lo = ticks.lo();
        double hi = ticks.hi();
        double f = log()
                ? (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))
                : (v - lo) / (hi - lo);
        // the domain encloses the data; clamping only absorbs rounding at the ends
        return Math.clamp(f, 0.0, 1.0);
    }

    /** Whether the axis can show {@code v}: finite, within range, and positive on a log axis. */
    public static boolean plottable(double v, boolean log) {
        return Double.isFinite(v) && Math.abs(v) <= Ticks.LIMIT && (!log || v >= Ticks.MIN_LOG);
    }

    /** Width in pixels of the widest tick label at the chart's tick font size. */
    double labelWidth() {
        double w = 0;
        for (Ticks.Tick t : ticks.ticks()) w = Math.max(w, Svg.textWidth(t.label(), 11));
        return w;
    }
}
