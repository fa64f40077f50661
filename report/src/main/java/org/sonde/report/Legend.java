package org.sonde.report;

import java.util.ArrayList;
import java.util.List;

/** The legend of a chart: one entry per series, flowing left to right in rows above the plot. */
final class Legend {
    /** How an entry shows its series. */
    enum Swatch { LINE, LINE_AND_MARKER, MARKER, BOX }

    record Item(String name, int index, Swatch swatch) {}

    static final double ROW = 18;
    private static final double FONT = 12;
    private static final double SWATCH = 22;
    private static final double GAP = 18;

    private final List<Item> items;

    Legend(List<Item> items) {
        this.items = List.copyOf(items);
    }

    double height(double width) {
        return rows(width).size() * ROW;
    }

    private double itemWidth(Item item, double width) {
        return SWATCH + Math.min(Svg.textWidth(item.name(), FONT), width - SWATCH);
    }

    private List<List<Item>> rows(double width) {
        List<List<Item>> rows = new ArrayList<>();
        List<Item> row = new ArrayList<>();
        double used = 0;
        for (Item item : items) {
            double w = itemWidth(item, width);
            if (!row.isEmpty() && used + GAP + w > width) {
                rows.add(row);
                row = new ArrayList<>();
                used = 0;
            }
            used += (row.isEmpty() ? 0 : GAP) + w;
            row.add(item);
        }
        if (!row.isEmpty()) rows.add(row);
        return rows;
    }

    /** Draws the legend with its top-left corner at (x, y) within {@code width}. */
    void draw(Svg svg, double x, double y, double width) {
        if (items.isEmpty()) return;
        svg.raw("<g class=\"legend\">");
        double cy = y + ROW / 2;
        for (List<Item> row : rows(width)) {
            double cx = x;
            for (Item item : row) {
                String colour = Palette.colour(item.index());
                svg.raw("<g class=\"legend-item\"><title>").raw(Svg.escape(item.name())).raw("</title>");
                switch (item.swatch()) {
                    case LINE, LINE_AND_MARKER -> {
                        String dash = Palette.dash(item.index());
                        svg.line(cx, cy, cx + 16, cy, colour, 2, dash.isEmpty() ? "" : "stroke-dasharray=\"" + dash + "\"");
                        if (item.swatch() == Swatch.LINE_AND_MARKER) svg.marker(Palette.shape(item.index()), cx + 8, cy, 3, colour, "swatch", null);
                    }
                    case MARKER -> svg.marker(Palette.shape(item.index()), cx + 8, cy, 3.5, colour, "swatch", null);
                    case BOX -> svg.rect(cx + 3, cy - 5, 10, 10, colour, "", null);
                }
                String label = Svg.truncate(item.name(), width - SWATCH, FONT);
                svg.text(cx + SWATCH, cy + 4, "start", "#222", label, "font-size=\"12\"");
                svg.raw("</g>");
                cx += itemWidth(item, width) + GAP;
            }
            cy += ROW;
        }
        svg.raw("</g>");
    }
}
