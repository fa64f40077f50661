package org.sonde.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Empirical CDFs of raw samples, one step curve per series, computed by the chart (see
 * {@link Cdf}). The y axis is the cumulative fraction, 0 to 1.
 *
 * <pre>{@code
 * CdfChart.titled("Flow completion time").xAxis("flow completion time (ms)").logX()
 *         .samples("DCTCP", fctDctcp).samples("Cubic", fctCubic);
 * }</pre>
 */
public final class CdfChart extends XyChart<CdfChart> {
    private final Map<String, double[]> samples = new LinkedHashMap<>();

    private CdfChart(String title) {
        super(title, "cumulative fraction", 4000);
    }

    public static CdfChart titled(String title) {
        return new CdfChart(title);
    }

    /** Adds a series from raw samples; NaN and infinite samples are left out and counted in a note. */
    public CdfChart samples(String name, double[] values) {
        if (samples.containsKey(name)) throw new IllegalArgumentException("two CDF series named " + Notes.quote(name));
        samples.put(name, values.clone());
        return this;
    }

    @Override
    List<Series> data(List<String> notes) {
        List<Series> out = new ArrayList<>();
        for (Map.Entry<String, double[]> e : samples.entrySet()) {
            Cdf cdf = Cdf.of(e.getValue());
            Notes.skipped(notes, e.getKey(), cdf.skipped(), 0, "sample");
            out.add(steps(e.getKey(), cdf, notes));
        }
        return out;
    }

    /**
     * The corners of the CDF's step curve: it rises at each value v from the fraction below v to
     * the fraction at or below v. On a log axis the curve starts at the first value it can show,
     * at the height of the samples left of the axis.
     */
    private Series steps(String name, Cdf cdf, List<String> notes) {
        double[] v = cdf.values();
        double[] f = cdf.fractions();
        int first = 0;
        if (isLogX()) {
            while (first < v.length && !Axis.plottable(v[first], true)) first++;
            if (first > 0) {
                long below = Math.round(f[first - 1] * cdf.count());
                notes.add(Notes.quote(name) + ": the log axis cannot show " + Notes.count(below, "sample") + " ≤ 0; the curve starts at "
                        + Numbers.format(f[first - 1]));
            }
        }
        int n = v.length - first;
        if (n == 0) return new Series(name, new double[0], new double[0]);
        double[] xs = new double[n + 1];
        double[] ys = new double[n + 1];
        xs[0] = v[first];
        ys[0] = first == 0 ? 0 : f[first - 1];
        for (int i = 0; i < n; i++) {
            xs[i + 1] = v[first + i];
            ys[i + 1] = f[first + i];
        }
        return new Series(name, xs, ys);
    }

    @Override
    Axis yAxis(String title, double min, double max, boolean log) {
        return log ? super.yAxis(title, min, max, true) : Axis.of(title, 0, 1, false, 5);
    }

    @Override
    Legend.Swatch swatch() {
        return Legend.Swatch.LINE;
    }

    @Override
    boolean lines() {
        return true;
    }

    @Override
    boolean steps() {
        return true;
    }

    @Override
    boolean marksPoints() {
        return false;
    }
}
