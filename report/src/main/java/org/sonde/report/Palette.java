package org.sonde.report;

/**
 * The series colours and marker shapes. Colours are the Okabe–Ito palette, which stays
 * distinguishable under the common forms of colour blindness; yellow comes last because it is
 * faint on white. Series i always gets the same colour, shape and dash pattern, so output is
 * deterministic and a series keeps its look across the charts of a report.
 */
final class Palette {
    private static final String[] COLOURS = {
        "#0072B2", // blue
        "#E69F00", // orange
        "#009E73", // bluish green
        "#D55E00", // vermillion
        "#CC79A7", // reddish purple
        "#56B4E9", // sky blue
        "#000000", // black
        "#F0E442", // yellow
    };
    /** After all colours are used once, lines repeat the colours with these dash patterns. */
    private static final String[] DASHES = {"", "6 3", "2 2", "8 3 2 3"};

    /** Marker shapes; they vary with the colour so that series differ in greyscale print too. */
    public enum Shape { CIRCLE, SQUARE, TRIANGLE, DIAMOND }

    private Palette() {}

    /** Number of distinct colours before they repeat. */
    public static int size() {
        return COLOURS.length;
    }

    /** The colour of series {@code i} as {@code #RRGGBB}. */
    public static String colour(int i) {
        return COLOURS[Math.floorMod(i, COLOURS.length)];
    }

    /** The marker shape of series {@code i}. */
    public static Shape shape(int i) {
        Shape[] shapes = Shape.values();
        return shapes[Math.floorMod(i, shapes.length)];
    }

    /** The SVG {@code stroke-dasharray} of series {@code i}; empty for a solid line. */
    public static String dash(int i) {
        return DASHES[Math.floorMod(i / COLOURS.length, DASHES.length)];
    }
}
