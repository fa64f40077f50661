package org.sonde.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Unconnected (x, y) points, one marker shape and colour per series; every point has a tooltip.
 *
 * <pre>{@code
 * ScatterChart.titled("Throughput vs. message size").xAxis("message size (bytes)").logX()
 *             .yAxis("throughput (Gbit/s)").series("RC", sizes, gbps);
 * }</pre>
 */
public final class ScatterChart extends XyChart<ScatterChart> {
    private final List<Series> series = new ArrayList<>();

    private ScatterChart(String title) {
        super(title, "", 4000);
    }

    public static ScatterChart titled(String title) {
        return new ScatterChart(title);
    }

    public ScatterChart series(String name, double[] xs, double[] ys) {
        series.add(new Series(name, xs.clone(), ys.clone()));
        return this;
    }

    @Override
    List<Series> data(List<String> notes) {
        return series;
    }

    @Override
    Legend.Swatch swatch() {
        return Legend.Swatch.MARKER;
    }

    @Override
    boolean lines() {
        return false;
    }

    @Override
    boolean marksPoints() {
        return true;
    }
}
