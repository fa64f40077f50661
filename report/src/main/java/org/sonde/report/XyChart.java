package org.sonde.report;

import java.util.ArrayList;
import java.util.List;

/**
 * What line, scatter and CDF charts share: two value axes (linear or log, with titles), series of
 * (x, y) points in palette order, cleaning (NaN, infinite and, on log axes, non-positive values are
 * skipped and counted in a note), thinning of long series, and drawing.
 *
 * @param <C> the concrete chart, so that the fluent setters return it
 */
abstract sealed class XyChart<C extends XyChart<C>> implements Chart permits LineChart, ScatterChart, CdfChart {
    static final int WIDTH = 720;
    static final int HEIGHT = 400;

    /** Points of one series, before cleaning. */
    record Series(String name, double[] xs, double[] ys) {
        Series {
            if (xs.length != ys.length) {
                throw new IllegalArgumentException("series " + Notes.quote(name) + ": xs has " + xs.length
                        + " values but ys has " + ys.length);
            }
        }
    }

    private final String title;
    private String xTitle = "";
    private String yTitle;
    private boolean logX;
    private boolean logY;
    private int maxPoints;

    XyChart(String title, String yTitle, int maxPoints) {
        this.title = title == null ? "" : title;
        this.yTitle = yTitle;
        this.maxPoints = maxPoints;
    }

    @SuppressWarnings("unchecked")
    final C self() {
        return (C) this;
    }

    /** Title of the x axis, with units: {@code "time (µs)"}. */
    public C xAxis(String title) {
        this.xTitle = title == null ? "" : title;
        return self();
    }

    /** Title of the y axis, with units: {@code "queue depth (bytes)"}. */
    public C yAxis(String title) {
        this.yTitle = title == null ? "" : title;
        return self();
    }

    /** Logarithmic x axis; points with x ≤ 0 are skipped and counted in a note. */
    public C logX() {
        this.logX = true;
        return self();
    }

    /** Logarithmic y axis; points with y ≤ 0 are skipped and counted in a note. */
    public C logY() {
        this.logY = true;
        return self();
    }

    /** Longer series are thinned to about this many points, keeping each bucket's extremes. */
    public C maxPoints(int maxPoints) {
        if (maxPoints < 4) throw new IllegalArgumentException("maxPoints must be at least 4, got " + maxPoints);
        this.maxPoints = maxPoints;
        return self();
    }

    @Override
    public String title() {
        return title;
    }

    boolean isLogX() {
        return logX;
    }

    /** The series to draw, in legend order; may add notes about the data. */
    abstract List<Series> data(List<String> notes);

    /** How the legend shows a series. */
    abstract Legend.Swatch swatch();

    /** Whether points are joined by lines (as steps when {@link #steps()}). */
    abstract boolean lines();

    boolean steps() {
        return false;
    }

    /** Whether every point gets a marker (with a tooltip). */
    abstract boolean marksPoints();

    /** The y axis over the data's range; CDFs fix it to [0, 1]. */
    Axis yAxis(String title, double min, double max, boolean log) {
        return Axis.of(title, min, max, log, 6);
    }

    @Override
    public final Rendered render() {
        List<String> notes = new ArrayList<>();
        List<Series> shown = new ArrayList<>();
        double minX = Double.POSITIVE_INFINITY, maxX = Double.NEGATIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY, maxY = Double.NEGATIVE_INFINITY;
        for (Series s : data(notes)) {
            Series c = clean(s, notes);
            shown.add(c);
            for (int i = 0; i < c.xs().length; i++) {
                minX = Math.min(minX, c.xs()[i]);
                maxX = Math.max(maxX, c.xs()[i]);
                minY = Math.min(minY, c.ys()[i]);
                maxY = Math.max(maxY, c.ys()[i]);
            }
        }
        boolean empty = minX > maxX;
        Axis x = empty ? Axis.of(xTitle, logX ? 1 : 0, logX ? 10 : 1, logX, 8) : Axis.of(xTitle, minX, maxX, logX, 8);
        Axis y = empty ? yAxis(yTitle, logY ? 1 : 0, logY ? 10 : 1, logY) : yAxis(yTitle, minY, maxY, logY);

        List<Legend.Item> items = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) items.add(new Legend.Item(shown.get(i).name(), i, swatch()));
        Legend legend = new Legend(items);
        double lastLabel = Svg.textWidth(x.ticks().ticks().getLast().label(), 11);
        Frame f = Frame.of(WIDTH, HEIGHT, Frame.top(title, legend, WIDTH, 0),
                Frame.leftMargin(y.labelWidth(), yTitle),
                Math.max(Frame.PAD + 4, lastLabel / 2 + 4),
                Frame.bottomMargin(Frame.TICK_ROOM, xTitle));

        Svg svg = f.begin(title, legend);
        f.xTicks(svg, x);
        f.yTicks(svg, y);
        f.axisLines(svg);
        f.axisTitles(svg, xTitle, yTitle);
        for (int i = 0; i < shown.size(); i++) draw(svg, f, x, y, shown.get(i), i);
        if (empty) f.noData(svg);
        return new Rendered(svg.close(), notes);
    }

    /** Drops points an axis cannot show and thins long series; says so in the notes. */
    private Series clean(Series s, List<String> notes) {
        int n = s.xs().length;
        double[] xs = new double[n];
        double[] ys = new double[n];
        int kept = 0, nonFinite = 0, nonPositive = 0;
        for (int i = 0; i < n; i++) {
            double x = s.xs()[i], y = s.ys()[i];
            if (!Axis.plottable(x, false) || !Axis.plottable(y, false)) {
                nonFinite++;
            } else if (!Axis.plottable(x, logX) || !Axis.plottable(y, logY)) {
                nonPositive++;
            } else {
                xs[kept] = x;
                ys[kept] = y;
                kept++;
            }
        }
        Notes.skipped(notes, s.name(), nonFinite, nonPositive, "point");
        xs = java.util.Arrays.copyOf(xs, kept);
        ys = java.util.Arrays.copyOf(ys, kept);
        int[] keep = Downsample.extremes(xs, ys, maxPoints);
        if (keep.length < kept) {
            double[] tx = new double[keep.length], ty = new double[keep.length];
            for (int i = 0; i < keep.length; i++) {
                tx[i] = xs[keep[i]];
                ty[i] = ys[keep[i]];
            }
            notes.add(Notes.quote(s.name()) + ": " + Notes.count(kept, "point") + " drawn as " + Numbers.group(Integer.toString(keep.length))
                    + " (the extremes of each stretch are kept)");
            xs = tx;
            ys = ty;
        }
        return new Series(s.name(), xs, ys);
    }

    private void draw(Svg svg, Frame f, Axis xAxis, Axis yAxis, Series s, int index) {
        int n = s.xs().length;
        String colour = Palette.colour(index);
        svg.raw("<g class=\"series\">");
        if (lines() && n >= 2) {
            StringBuilder d = new StringBuilder(n * 14);
            String last = null;
            String prevY = null;
            for (int i = 0; i < n; i++) {
                String px = Svg.coord(f.x(xAxis, s.xs()[i]));
                String py = Svg.coord(f.y(yAxis, s.ys()[i]));
                if (last == null) {
                    last = px + " " + py;
                    d.append('M').append(last);
                } else {
                    if (steps()) last = lineTo(d, last, px + " " + prevY);
                    last = lineTo(d, last, px + " " + py);
                }
                prevY = py;
            }
            String dash = Palette.dash(index);
            svg.raw("<path class=\"line\" d=\"" + d + "\" fill=\"none\" stroke=\"" + colour
                    + "\" stroke-width=\"1.75\" stroke-linejoin=\"round\""
                    + (dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\"") + "><title>"
                    + Svg.escape(s.name()) + "</title></path>");
        }
        // a lone point of a line series would be invisible without its marker
        if (marksPoints() || n == 1) {
            Palette.Shape shape = Palette.shape(index);
            double r = lines() ? 3 : 3.5;
            svg.raw(lines() ? "<g>" : "<g fill-opacity=\"0.8\">");
            for (int i = 0; i < n; i++) {
                svg.marker(shape, f.x(xAxis, s.xs()[i]), f.y(yAxis, s.ys()[i]), r, colour, "pt", tooltip(s, i));
            }
            svg.raw("</g>");
        }
        svg.raw("</g>");
    }

    private static String lineTo(StringBuilder d, String last, String next) {
        if (!next.equals(last)) d.append('L').append(next);
        return next;
    }

    private String tooltip(Series s, int i) {
        return s.name() + "\n" + (xTitle.isEmpty() ? "x" : xTitle) + ": " + Numbers.format(s.xs()[i])
                + "\n" + (yTitle.isEmpty() ? "y" : yTitle) + ": " + Numbers.format(s.ys()[i]);
    }
}
