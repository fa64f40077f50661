package org.sonde.report;

import java.util.List;

/**
 * A chart drawn on the server as inline SVG: {@link LineChart}, {@link ScatterChart},
 * {@link CdfChart}, {@link BarChart} or {@link GraphChart} (a network).
 */
sealed interface Chart permits XyChart, BarChart, GraphChart {
    /** The title drawn above the chart; may be empty. */
    String title();

    /** Draws the chart. The same chart always gives the same SVG. */
    Rendered render();

    /**
     * A drawn chart.
     *
     * @param svg   a standalone {@code <svg>} element (well-formed XML)
     * @param notes what the reader should know about the drawing: values skipped (NaN, infinite,
     *              non-positive on a log axis) and series thinned for drawing
     */
    record Rendered(String svg, List<String> notes) {
        public Rendered {
            notes = List.copyOf(notes);
        }
    }
}
