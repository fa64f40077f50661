package org.sonde.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Lines through (x, y) points, one per series: time series, counters (as steps), sweeps.
 *
 * <pre>{@code
 * LineChart.titled("Queue depth").xAxis("time (µs)").yAxis("bytes")
 *          .series("port 1", times, depths).step();
 * }</pre>
 */
public final class LineChart extends XyChart<LineChart> {
    private final List<Series> series = new ArrayList<>();
    private boolean step;
    private boolean markers;

    private LineChart(String title) {
        super(title, "", 4000);
    }

    public static LineChart titled(String title) {
        return new LineChart(title);
    }

    /** Adds a series; points are joined in the given order, so pass them sorted by x. */
    public LineChart series(String name, double[] xs, double[] ys) {
        series.add(new Series(name, xs.clone(), ys.clone()));
        return this;
    }

    /** Draws each value as holding until the next point (for counters and queue lengths). */
    public LineChart step() {
        this.step = true;
        return this;
    }

    /** Marks every point (with a tooltip); best for short series. */
    public LineChart markers() {
        this.markers = true;
        return this;
    }

    @Override
    List<Series> data(List<String> notes) {
        return series;
    }

    @Override
    Legend.Swatch swatch() {
        return markers ? Legend.Swatch.LINE_AND_MARKER : Legend.Swatch.LINE;
    }

    @Override
    boolean lines() {
        return true;
    }

    @Override
    boolean steps() {
        return step;
    }

    @Override
    boolean marksPoints() {
        return markers;
    }
}
