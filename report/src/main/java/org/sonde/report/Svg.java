package org.sonde.report;

/**
 * Escaping and coordinate formatting for the markup the report writes, plus a small builder for SVG
 * elements. Reports are written as polyglot markup (valid HTML that is also well-formed XML), so
 * one escaping serves HTML text, HTML attributes and SVG alike.
 */
final class Svg {
    /** Font stack of every chart; unquoted family names keep the attribute free of quotes. */
    static final String FONT = "system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif";
    /** Mid-grey for axes and tick labels; dark enough to read when printed. */
    static final String INK = "#444";
    static final String GRID = "#e3e3e3";

    private final StringBuilder out = new StringBuilder(4096);

    /**
     * Escapes text for element content or a quoted attribute value. Characters that XML forbids
     * (most control characters, lone surrogates, U+FFFE/U+FFFF) become U+FFFD, and tab, line feed
     * and carriage return become character references so that neither an HTML nor an XML parser
     * normalises them away.
     */
    public static String escape(String s) {
        if (s == null) return "";
        StringBuilder sb = null;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            int len = validLength(s, i);
            String rep = switch (c) {
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '&' -> "&amp;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                case '\t' -> "&#9;";
                case '\n' -> "&#10;";
                case '\r' -> "&#13;";
                default -> len == 0 ? "\uFFFD" : null;
            };
            if (rep == null) {
                if (sb != null) sb.append(s, i, i + len);
                i += len - 1;
                continue;
            }
            if (sb == null) sb = new StringBuilder(n + 16).append(s, 0, i);
            sb.append(rep);
        }
        return sb == null ? s : sb.toString();
    }

    /**
     * The text a conforming parser reads back from {@link #escape}: the input with every character
     * that XML forbids replaced by U+FFFD.
     */
    public static String sanitized(String s) {
        if (s == null) return "";
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            int len = validLength(s, i);
            if (len == 0 && s.charAt(i) != '\t' && s.charAt(i) != '\n' && s.charAt(i) != '\r') {
                sb.append('\uFFFD');
            } else {
                sb.append(s, i, i + Math.max(1, len));
                i += Math.max(1, len) - 1;
            }
        }
        return sb.toString();
    }

    /** 2 for a surrogate pair, 1 for another allowed character, 0 for one XML (or HTML) forbids. */
    private static int validLength(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) return 2;
        boolean ok = c >= 0x20 && !(c >= 0x7F && c <= 0x9F) && !Character.isSurrogate(c) && c != 0xFFFE && c != 0xFFFF;
        return ok ? 1 : 0;
    }

    /**
     * A coordinate with at most two decimals, no exponent, no negative zero: short, deterministic,
     * and finer than any screen or printer resolves at chart sizes.
     */
    public static String coord(double v) {
        if (!Double.isFinite(v)) throw new IllegalArgumentException("non-finite coordinate " + v);
        long hundredths = Math.round(v * 100);
        if (hundredths == 0) return "0";
        StringBuilder sb = new StringBuilder(12);
        if (hundredths < 0) {
            sb.append('-');
            hundredths = -hundredths;
        }
        sb.append(hundredths / 100);
        long frac = hundredths % 100;
        if (frac != 0) {
            sb.append('.').append(frac / 10);
            if (frac % 10 != 0) sb.append(frac % 10);
        }
        return sb.toString();
    }

    /**
     * Estimated width in pixels of {@code s} in the chart font at {@code size} pixels. Charts are
     * laid out without font metrics, so margins use this slightly generous average.
     */
    public static double textWidth(String s, double size) {
        return s.codePointCount(0, s.length()) * 0.6 * size;
    }

    /** {@code s}, cut and ended with an ellipsis if wider than {@code maxWidth}. */
    public static String truncate(String s, double maxWidth, double size) {
        if (textWidth(s, size) <= maxWidth) return s;
        int keep = Math.max(1, (int) (maxWidth / (0.6 * size)) - 1);
        int end = s.offsetByCodePoints(0, Math.min(keep, s.codePointCount(0, s.length())));
        return s.substring(0, end) + "…";
    }

    // ---- builder ---------------------------------------------------------------------------

    Svg raw(String markup) {
        out.append(markup);
        return this;
    }

    Svg open(int width, int height, String label) {
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sonde-chart\" viewBox=\"0 0 ")
                .append(width).append(' ').append(height).append("\" width=\"").append(width)
                .append("\" height=\"").append(height).append("\" role=\"img\" aria-label=\"")
                .append(escape(label)).append("\" font-family=\"").append(FONT)
                .append("\" font-size=\"11\">");
        out.append("<rect width=\"").append(width).append("\" height=\"").append(height).append("\" fill=\"#fff\"/>");
        return this;
    }

    Svg line(double x1, double y1, double x2, double y2, String stroke, double width) {
        return line(x1, y1, x2, y2, stroke, width, "");
    }

    Svg line(double x1, double y1, double x2, double y2, String stroke, double width, String extra) {
        out.append("<line x1=\"").append(coord(x1)).append("\" y1=\"").append(coord(y1))
                .append("\" x2=\"").append(coord(x2)).append("\" y2=\"").append(coord(y2))
                .append("\" stroke=\"").append(stroke).append("\" stroke-width=\"").append(coord(width)).append('"');
        if (!extra.isEmpty()) out.append(' ').append(extra);
        out.append("/>");
        return this;
    }

    /** Text; {@code anchor} is start, middle or end; {@code extra} is raw attribute markup or empty. */
    Svg text(double x, double y, String anchor, String fill, String content, String extra) {
        out.append("<text x=\"").append(coord(x)).append("\" y=\"").append(coord(y))
                .append("\" text-anchor=\"").append(anchor).append("\" fill=\"").append(fill).append('"');
        if (!extra.isEmpty()) out.append(' ').append(extra);
        out.append('>').append(escape(content)).append("</text>");
        return this;
    }

    Svg rect(double x, double y, double w, double h, String fill, String extra, String tooltip) {
        out.append("<rect x=\"").append(coord(x)).append("\" y=\"").append(coord(y))
                .append("\" width=\"").append(coord(Math.max(0, w))).append("\" height=\"").append(coord(Math.max(0, h)))
                .append("\" fill=\"").append(fill).append('"');
        if (!extra.isEmpty()) out.append(' ').append(extra);
        return closeWithTooltip("rect", tooltip);
    }

    /** A marker of the given shape centred on (x, y); data markers have class {@code pt}, legend swatches {@code swatch}. */
    Svg marker(Palette.Shape shape, double x, double y, double r, String fill, String cssClass, String tooltip) {
        String attrs = " fill=\"" + fill + "\" class=\"" + cssClass + "\"";
        String tag = switch (shape) {
            case CIRCLE -> {
                out.append("<circle cx=\"").append(coord(x)).append("\" cy=\"").append(coord(y))
                        .append("\" r=\"").append(coord(r)).append('"');
                yield "circle";
            }
            case SQUARE -> {
                double s = r * 0.9;
                out.append("<rect x=\"").append(coord(x - s)).append("\" y=\"").append(coord(y - s))
                        .append("\" width=\"").append(coord(2 * s)).append("\" height=\"").append(coord(2 * s)).append('"');
                yield "rect";
            }
            case TRIANGLE -> {
                double s = r * 1.25;
                out.append("<path d=\"M").append(coord(x)).append(' ').append(coord(y - s))
                        .append('L').append(coord(x + s)).append(' ').append(coord(y + s * 0.8))
                        .append('L').append(coord(x - s)).append(' ').append(coord(y + s * 0.8)).append("Z\"");
                yield "path";
            }
            case DIAMOND -> {
                double s = r * 1.25;
                out.append("<path d=\"M").append(coord(x)).append(' ').append(coord(y - s))
                        .append('L').append(coord(x + s)).append(' ').append(coord(y))
                        .append('L').append(coord(x)).append(' ').append(coord(y + s))
                        .append('L').append(coord(x - s)).append(' ').append(coord(y)).append("Z\"");
                yield "path";
            }
        };
        out.append(attrs);
        return closeWithTooltip(tag, tooltip);
    }

    private Svg closeWithTooltip(String tag, String tooltip) {
        if (tooltip == null) {
            out.append("/>");
        } else {
            out.append("><title>").append(escape(tooltip)).append("</title></").append(tag).append('>');
        }
        return this;
    }

    String close() {
        out.append("</svg>");
        return out.toString();
    }
}
