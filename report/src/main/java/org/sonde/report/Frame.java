package org.sonde.report;

/**
 * The layout and furniture every chart shares: the canvas, the title, the legend, the plot area,
 * grid lines with tick labels, axis lines and axis titles. Charts compute their margins (which
 * depend on their labels) and draw their data inside {@link #left}..{@link #right} by
 * {@link #top}..{@link #bottom}.
 */
final class Frame {
    static final double PAD = 12;
    /** Room for an axis title beside the tick labels. */
    static final double TITLE_ROOM = 20;
    /** Room for a row of horizontal tick labels. */
    static final double TICK_ROOM = 18;

    final int width;
    final int height;
    final double left;
    final double top;
    final double right;
    final double bottom;

    private Frame(int width, int height, double left, double top, double right, double bottom) {
        this.width = width;
        this.height = height;
        this.left = left;
        this.top = top;
        this.right = right;
        this.bottom = bottom;
    }

    /** Height taken above the plot area by the title, the legend and {@code extra} pixels. */
    static double top(String title, Legend legend, int width, double extra) {
        double t = title.isEmpty() ? PAD : 32;
        double l = legend.height(width - 2 * PAD);
        return t + l + (l > 0 ? 8 : 0) + extra + 6;
    }

    /** A frame with the given margins around the plot area; the top margin comes from {@link #top}. */
    static Frame of(int width, int height, double top, double leftMargin, double rightMargin, double bottomMargin) {
        return new Frame(width, height, leftMargin, top, width - rightMargin, height - bottomMargin);
    }

    /** Left margin for a vertical axis with labels {@code labelWidth} wide and an optional title. */
    static double leftMargin(double labelWidth, String axisTitle) {
        return PAD + (axisTitle.isEmpty() ? 0 : TITLE_ROOM) + labelWidth + 8;
    }

    /** Bottom margin for a row of tick labels {@code labelHeight} high and an optional title. */
    static double bottomMargin(double labelHeight, String axisTitle) {
        return PAD / 2 + (axisTitle.isEmpty() ? 0 : TITLE_ROOM) + labelHeight + 4;
    }

    double x(Axis axis, double v) {
        return left + axis.fraction(v) * (right - left);
    }

    double y(Axis axis, double v) {
        return bottom - axis.fraction(v) * (bottom - top);
    }

    /** Opens the SVG and draws the title, the legend and the plot area. */
    Svg begin(String title, Legend legend) {
        Svg svg = new Svg().open(width, height, title);
        if (!title.isEmpty()) svg.text(PAD, 22, "start", "#1a1a1a", title, "font-size=\"15\" font-weight=\"600\"");
        legend.draw(svg, PAD, title.isEmpty() ? PAD : 32, width - 2 * PAD);
        svg.rect(left, top, right - left, bottom - top, "#fff", "class=\"plot-area\"", null);
        return svg;
    }

    /** Vertical grid lines and labels below the plot for a horizontal value axis. */
    void xTicks(Svg svg, Axis axis) {
        for (Ticks.Tick t : axis.ticks().ticks()) {
            double px = x(axis, t.value());
            svg.line(px, top, px, bottom, gridColour(axis, t), 1, "class=\"grid x\" data-v=\"" + t.value() + "\"");
            svg.line(px, bottom, px, bottom + 4, Svg.INK, 1);
            svg.text(px, bottom + 16, "middle", Svg.INK, t.label(), "");
        }
    }

    /** Horizontal grid lines and labels left of the plot for a vertical value axis. */
    void yTicks(Svg svg, Axis axis) {
        for (Ticks.Tick t : axis.ticks().ticks()) {
            double py = y(axis, t.value());
            svg.line(left, py, right, py, gridColour(axis, t), 1, "class=\"grid y\" data-v=\"" + t.value() + "\"");
            svg.line(left - 4, py, left, py, Svg.INK, 1);
            svg.text(left - 7, py + 4, "end", Svg.INK, t.label(), "");
        }
    }

    /** A zero line inside a linear axis is drawn darker: it is the baseline people look for. */
    private static String gridColour(Axis axis, Ticks.Tick t) {
        return !axis.log() && t.value() == 0 && t.value() != axis.ticks().lo() ? "#b5b5b5" : Svg.GRID;
    }

    /** The left and bottom axis lines, drawn over the grid. */
    void axisLines(Svg svg) {
        svg.line(left, top, left, bottom, "#888", 1);
        svg.line(left, bottom, right, bottom, "#888", 1);
    }

    /** Axis titles: below the plot and rotated left of it; empty titles are not drawn. */
    void axisTitles(Svg svg, String xTitle, String yTitle) {
        String style = "font-size=\"12\" class=\"axis-title\"";
        if (!xTitle.isEmpty()) svg.text((left + right) / 2, height - PAD / 2 - 2, "middle", "#222", xTitle, style);
        if (!yTitle.isEmpty()) {
            double x = PAD + 10;
            double y = (top + bottom) / 2;
            svg.text(x, y, "middle", "#222", yTitle,
                    style + " transform=\"rotate(-90 " + Svg.coord(x) + " " + Svg.coord(y) + ")\"");
        }
    }

    /** Says so in the middle of an empty plot, rather than leaving a blank that looks broken. */
    void noData(Svg svg) {
        svg.text((left + right) / 2, (top + bottom) / 2, "middle", "#777", "no data", "font-size=\"14\" class=\"no-data\"");
    }
}
