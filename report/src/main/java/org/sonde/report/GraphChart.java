package org.sonde.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A network drawn as nodes and directed links, each link coloured by a value in [0, 1] on a
 * light-to-dark red scale (grey and dashed where there is no value): which links are suspected,
 * lossy or busy. The caller places the nodes (x and y in [0, 1], y down); the two directions of
 * a link are drawn side by side, each on its right-hand side, so both colours show.
 *
 * <pre>{@code
 * GraphChart g = GraphChart.titled("Links by suspicion").scale("share of probes bad")
 *     .node("h0", 0.1, 1).node("edge0", 0.1, 0.5)
 *     .edge("h0", "edge0", 0.0, "h0->edge0: 0 of 12 bad").edge("edge0", "h0", Double.NaN, "no probes");
 * }</pre>
 */
public final class GraphChart implements Chart {
    private static final int WIDTH = 760;
    private static final int PAD = 24;
    /** Beyond this many nodes, labels would overlap: names go to the tooltips only. */
    private static final int MAX_LABELS = 48;

    private record Node(String name, double x, double y) {}

    private record Edge(String from, String to, double value, String tooltip, boolean marked) {}

    private final String title;
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final List<Edge> edges = new ArrayList<>();
    private String scale = "value";
    private int height = 420;

    private GraphChart(String title) {
        this.title = title == null ? "" : title;
    }

    public static GraphChart titled(String title) {
        return new GraphChart(title);
    }

    /** What the colour means, for the legend. */
    public GraphChart scale(String label) {
        scale = label;
        return this;
    }

    /** The drawing's height in pixels (default 420). */
    public GraphChart height(int pixels) {
        if (pixels < 120 || pixels > 2000) throw new IllegalArgumentException("height " + pixels + " is not 120..2000");
        height = pixels;
        return this;
    }

    /** A node at ({@code x}, {@code y}), both in [0, 1], y growing downwards. */
    public GraphChart node(String name, double x, double y) {
        if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1)) throw new IllegalArgumentException("node " + name + " at (" + x + ", " + y + "): outside [0, 1]");
        if (nodes.putIfAbsent(name, new Node(name, x, y)) != null) throw new IllegalArgumentException("node " + name + " given twice");
        return this;
    }

    /** A directed link coloured by {@code value} in [0, 1] (NaN: no value). */
    public GraphChart edge(String from, String to, double value, String tooltip) {
        return edge(from, to, value, tooltip, false);
    }

    /** A directed link; {@code marked} draws it thicker (a link to look at first). */
    public GraphChart edge(String from, String to, double value, String tooltip, boolean marked) {
        if (!nodes.containsKey(from) || !nodes.containsKey(to)) throw new IllegalArgumentException("link " + from + "->" + to + " joins a node not added yet");
        if (!Double.isNaN(value) && !(value >= 0 && value <= 1)) throw new IllegalArgumentException("link " + from + "->" + to + " has value " + value + ", not in [0, 1]");
        edges.add(new Edge(from, to, value, tooltip, marked));
        return this;
    }

    @Override
    public String title() {
        return title;
    }

    /** The colour of a value: #fde0d2 at 0 to #99000d at 1. */
    static String colour(double v) {
        int[] lo = {0xfd, 0xe0, 0xd2}, hi = {0x99, 0x00, 0x0d};
        StringBuilder sb = new StringBuilder("#");
        for (int i = 0; i < 3; i++) sb.append(String.format("%02x", Math.round(lo[i] + (hi[i] - lo[i]) * v)));
        return sb.toString();
    }

    @Override
    public Rendered render() {
        int legend = 30;
        Svg svg = new Svg().open(WIDTH, height + legend, title.isEmpty() ? "network" : title);
        double w = WIDTH - 2 * PAD, h = height - 2 * PAD;
        int noValue = 0;
        for (Edge e : edges) {
            Node a = nodes.get(e.from()), b = nodes.get(e.to());
            double x1 = PAD + a.x() * w, y1 = PAD + a.y() * h, x2 = PAD + b.x() * w, y2 = PAD + b.y() * h;
            double len = Math.hypot(x2 - x1, y2 - y1);
            // each direction on its own side of the centre line
            double ox = len == 0 ? 0 : -(y2 - y1) / len * 1.8, oy = len == 0 ? 0 : (x2 - x1) / len * 1.8;
            boolean none = Double.isNaN(e.value());
            if (none) noValue++;
            String stroke = none ? "#bbb" : colour(e.value());
            double width = e.marked() ? 4.5 : 2.2;
            String extra = (none ? "stroke-dasharray=\"3 3\" " : "") + "stroke-linecap=\"round\"";
            svg.raw("<g>");
            svg.line(x1 + ox, y1 + oy, x2 + ox, y2 + oy, stroke, width, extra);
            if (e.tooltip() != null) svg.raw("<title>" + Svg.escape(e.tooltip()) + "</title>");
            svg.raw("</g>");
        }
        boolean labels = nodes.size() <= MAX_LABELS;
        for (Node n : nodes.values()) {
            double x = PAD + n.x() * w, y = PAD + n.y() * h;
            svg.marker(Palette.Shape.CIRCLE, x, y, 4, "#444", "pt", n.name());
            if (labels) svg.text(x, y - 7, "middle", Svg.INK, n.name(), "font-size=\"9\"");
        }
        // legend: the scale from 0 to 1, then the no-value dash
        double ly = height + 10;
        int steps = 20;
        for (int i = 0; i < steps; i++) svg.rect(PAD + i * 8, ly, 8, 10, colour(i / (steps - 1.0)), "", null);
        svg.text(PAD, ly + 21, "start", Svg.INK, "0", "");
        svg.text(PAD + steps * 8, ly + 21, "end", Svg.INK, "1", "");
        svg.text(PAD + steps * 8 + 8, ly + 9, "start", Svg.INK, scale, "");
        double nx = PAD + steps * 8 + 16 + Svg.textWidth(scale, 11);
        svg.line(nx, ly + 5, nx + 24, ly + 5, "#bbb", 2.2, "stroke-dasharray=\"3 3\"");
        svg.text(nx + 30, ly + 9, "start", Svg.INK, "no value", "");
        List<String> notes = new ArrayList<>();
        if (!labels) notes.add(nodes.size() + " nodes: names are in the tooltips");
        if (noValue > 0) notes.add(noValue + " of " + edges.size() + " links without a value (dashed)");
        return new Rendered(svg.close(), notes);
    }
}
