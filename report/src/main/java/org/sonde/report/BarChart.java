package org.sonde.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Bars per category, grouped side by side when there are several series; vertical by default,
 * {@link #horizontal()} for long category labels or many categories. Values are printed at the bar
 * ends when there are few bars, so the chart reads on paper too.
 *
 * <pre>{@code
 * BarChart.titled("Packets per protocol").categories("RoCEv2", "TCP", "UDP")
 *         .series("packets", new double[] {1200, 340, 56}).valueAxis("packets").horizontal();
 * }</pre>
 */
public final class BarChart implements Chart {
    private static final int WIDTH = 720;
    /** Above this many bars the values are left to the tooltips. */
    private static final int MAX_VALUE_LABELS = 40;
    private static final double LABEL_FONT = 11;
    /** The label where a category has no value. */
    private static final String NONE = "none";

    /** {@code absent[i]}: the value of category i does not exist (not a zero, not a measurement failure to footnote). */
    private record Series(String name, double[] values, boolean[] absent) {}

    private final String title;
    private List<String> categories = List.of();
    private final List<Series> series = new ArrayList<>();
    private boolean horizontal;
    private boolean log;
    private String valueTitle = "";
    private String categoryTitle = "";

    private BarChart(String title) {
        this.title = title == null ? "" : title;
    }

    public static BarChart titled(String title) {
        return new BarChart(title);
    }

    /** The categories, in display order; set them before the series. */
    public BarChart categories(String... categories) {
        if (!series.isEmpty()) throw new IllegalStateException("set the categories before adding series");
        this.categories = List.of(categories);
        return this;
    }

    /** One value per category; several series are drawn as groups of bars. */
    public BarChart series(String name, double[] values) {
        if (values.length != categories.size()) {
            throw new IllegalArgumentException("series " + Notes.quote(name) + " has " + values.length
                    + " values for " + categories.size() + " categories");
        }
        series.add(new Series(name, values.clone(), new boolean[values.length]));
        return this;
    }

    /**
     * One value per category, {@code null} where the category has none: no bar is drawn there and
     * it is labelled "none", so an absent value reads neither as a zero nor as a plotting failure.
     */
    public BarChart series(String name, List<? extends Number> values) {
        double[] v = new double[values.size()];
        boolean[] absent = new boolean[v.length];
        for (int i = 0; i < v.length; i++) {
            Number n = values.get(i);
            absent[i] = n == null;
            v[i] = n == null ? Double.NaN : n.doubleValue();
        }
        series(name, v);
        series.set(series.size() - 1, new Series(name, v, absent));
        return this;
    }

    /** Bars grow to the right and category labels sit on the left, where long ones fit. */
    public BarChart horizontal() {
        this.horizontal = true;
        return this;
    }

    /** Logarithmic value axis; bars grow from the axis' low end and values ≤ 0 are skipped with a note. */
    public BarChart logScale() {
        this.log = true;
        return this;
    }

    /** Title of the value axis, with units: {@code "throughput (Gbit/s)"}. */
    public BarChart valueAxis(String title) {
        this.valueTitle = title == null ? "" : title;
        return this;
    }

    /** Title of the category axis. */
    BarChart categoryAxis(String title) {
        this.categoryTitle = title == null ? "" : title;
        return this;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public Rendered render() {
        List<String> notes = new ArrayList<>();
        double min = log ? Double.POSITIVE_INFINITY : 0;
        double max = log ? Double.NEGATIVE_INFINITY : 0;
        int bars = 0;
        for (Series s : series) {
            int nonFinite = 0, nonPositive = 0;
            for (int i = 0; i < s.values().length; i++) {
                double v = s.values()[i];
                if (s.absent()[i]) continue;
                if (!Axis.plottable(v, false)) {
                    nonFinite++;
                } else if (!Axis.plottable(v, log)) {
                    nonPositive++;
                } else {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                    bars++;
                }
            }
            Notes.skipped(notes, s.name(), nonFinite, nonPositive, "value");
        }
        boolean empty = bars == 0;
        int target = horizontal ? 8 : 6;
        Axis axis = empty ? Axis.of(valueTitle, log ? 1 : 0, log ? 10 : 1, log, target) : Axis.of(valueTitle, min, max, log, target);
        List<Legend.Item> items = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) items.add(new Legend.Item(series.get(i).name(), i, Legend.Swatch.BOX));
        Legend legend = new Legend(items);
        boolean valueLabels = bars <= MAX_VALUE_LABELS;
        Svg svg = horizontal ? horizontal(axis, legend, valueLabels, empty) : vertical(axis, legend, valueLabels, empty);
        return new Rendered(svg.close(), notes);
    }

    /** Where bars start: zero on a linear axis, the low end on a log axis. */
    private double base(Axis axis) {
        return axis.log() ? axis.ticks().lo() : 0;
    }

    private Svg vertical(Axis axis, Legend legend, boolean valueLabels, boolean empty) {
        int nCat = Math.max(1, categories.size());
        double left = Frame.leftMargin(axis.labelWidth(), valueTitle);
        double plotWidth = WIDTH - left - Frame.PAD - 4;
        double band = plotWidth / nCat;
        double widest = 0;
        for (String c : categories) widest = Math.max(widest, Svg.textWidth(c, LABEL_FONT));
        // labels wider than their band are turned by 40° and cut at 160 px
        boolean turn = widest > band - 6;
        double turnedWidth = Math.min(widest, 160);
        double labelHeight = turn ? turnedWidth * Math.sin(Math.toRadians(40)) + 14 : Frame.TICK_ROOM;
        int height = (int) Math.ceil(380 + labelHeight - Frame.TICK_ROOM);
        double top = Frame.top(title, legend, WIDTH, valueLabels ? 12 : 0);
        Frame f = Frame.of(WIDTH, height, top, left, Frame.PAD + 4, Frame.bottomMargin(labelHeight, categoryTitle));
        Svg svg = f.begin(title, legend);
        f.yTicks(svg, axis);
        f.axisLines(svg);
        f.axisTitles(svg, categoryTitle, valueTitle);
        if (empty) f.noData(svg);
        // with very many categories only every k-th is labelled; every bar's tooltip names its category
        int labelEvery = turn ? Math.max(1, (int) Math.ceil(13 / band)) : 1;
        double inner = band * 0.8;
        double barWidth = inner / Math.max(1, series.size());
        for (int c = 0; c < categories.size(); c++) {
            double bandLeft = f.left + c * band;
            for (int s = 0; s < series.size(); s++) {
                double v = series.get(s).values()[c];
                double x = bandLeft + band * 0.1 + s * barWidth;
                if (series.get(s).absent()[c]) {
                    svg.text(x + barWidth / 2, f.y(axis, base(axis)) - 4, "middle", "#777", NONE, "font-size=\"10\" class=\"value absent\"");
                    continue;
                }
                if (!Axis.plottable(v, log)) continue;
                double y0 = f.y(axis, base(axis));
                double y1 = f.y(axis, v);
                svg.rect(x + 0.5, Math.min(y0, y1), barWidth - 1, Math.abs(y1 - y0), Palette.colour(s), "class=\"bar\"",
                        tooltip(c, s, v));
                String label = Numbers.format(v);
                if (valueLabels && Svg.textWidth(label, 10) <= barWidth + 4) {
                    double ly = v >= base(axis) ? y1 - 4 : y1 + 12;
                    svg.text(x + barWidth / 2, ly, "middle", "#333", label, "font-size=\"10\" class=\"value\"");
                }
            }
            double cx = bandLeft + band / 2;
            String full = categories.get(c);
            if (c % labelEvery != 0) continue;
            if (turn) {
                String cut = Svg.truncate(full, turnedWidth, LABEL_FONT);
                categoryLabel(svg, cx, f.bottom + 12, "end", cut, full,
                        "transform=\"rotate(-40 " + Svg.coord(cx) + " " + Svg.coord(f.bottom + 12) + ")\"");
            } else {
                categoryLabel(svg, cx, f.bottom + 16, "middle", full, full, "");
            }
        }
        return svg;
    }

    private Svg horizontal(Axis axis, Legend legend, boolean valueLabels, boolean empty) {
        int nCat = Math.max(1, categories.size());
        double widest = 0;
        for (String c : categories) widest = Math.max(widest, Svg.textWidth(c, LABEL_FONT));
        double labelWidth = Math.min(widest, 240);
        double valueRoom = 0;
        if (valueLabels) {
            for (Series s : series) for (double v : s.values()) valueRoom = Math.max(valueRoom, Svg.textWidth(Numbers.format(v), 10) + 6);
        }
        double band = Math.max(24, series.size() * 13 + 10);
        double top = Frame.top(title, legend, WIDTH, 0);
        double bottomMargin = Frame.bottomMargin(Frame.TICK_ROOM, valueTitle);
        int height = (int) Math.ceil(top + nCat * band + bottomMargin);
        double lastLabel = Svg.textWidth(axis.ticks().ticks().getLast().label(), 11);
        Frame f = Frame.of(WIDTH, height, top, Frame.leftMargin(labelWidth, categoryTitle),
                Math.max(Frame.PAD + 4, Math.max(valueRoom, lastLabel / 2 + 4)), bottomMargin);
        Svg svg = f.begin(title, legend);
        f.xTicks(svg, axis);
        f.axisLines(svg);
        f.axisTitles(svg, valueTitle, categoryTitle);
        if (empty) f.noData(svg);
        double barHeight = band * 0.75 / Math.max(1, series.size());
        for (int c = 0; c < categories.size(); c++) {
            double bandTop = f.top + c * band;
            for (int s = 0; s < series.size(); s++) {
                double v = series.get(s).values()[c];
                double y = bandTop + band * 0.125 + s * barHeight;
                if (series.get(s).absent()[c]) {
                    svg.text(f.x(axis, base(axis)) + 4, y + barHeight / 2 + 3.5, "start", "#777", NONE, "font-size=\"10\" class=\"value absent\"");
                    continue;
                }
                if (!Axis.plottable(v, log)) continue;
                double x0 = f.x(axis, base(axis));
                double x1 = f.x(axis, v);
                svg.rect(Math.min(x0, x1), y + 0.5, Math.abs(x1 - x0), barHeight - 1, Palette.colour(s), "class=\"bar\"",
                        tooltip(c, s, v));
                if (valueLabels) {
                    boolean right = v >= base(axis);
                    svg.text(right ? x1 + 4 : x1 - 4, y + barHeight / 2 + 3.5, right ? "start" : "end", "#333",
                            Numbers.format(v), "font-size=\"10\" class=\"value\"");
                }
            }
            String full = categories.get(c);
            categoryLabel(svg, f.left - 7, bandTop + band / 2 + 4, "end", Svg.truncate(full, labelWidth, LABEL_FONT), full, "");
        }
        return svg;
    }

    /** A category label; a cut one carries the full text as its tooltip. */
    private static void categoryLabel(Svg svg, double x, double y, String anchor, String shown, String full, String extra) {
        String attrs = "class=\"category\"" + (extra.isEmpty() ? "" : " " + extra);
        if (shown.equals(full)) {
            svg.text(x, y, anchor, Svg.INK, shown, attrs);
        } else {
            svg.raw("<text x=\"" + Svg.coord(x) + "\" y=\"" + Svg.coord(y) + "\" text-anchor=\"" + anchor + "\" fill=\""
                    + Svg.INK + "\" " + attrs + "><title>" + Svg.escape(full) + "</title>" + Svg.escape(shown) + "</text>");
        }
    }

    private String tooltip(int c, int s, double v) {
        return categories.get(c) + "\n" + series.get(s).name() + ": " + Numbers.format(v);
    }
}
