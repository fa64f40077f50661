package org.sonde.core.config;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Quantities as people write them in scenarios and options: durations ({@code 100us}, {@code 1.5ms},
 * {@code 5m}, {@code 2h}), rates
 * ({@code 10Gbps}, {@code 400Mbps}) and sizes ({@code 30KB}, {@code 1MiB}, {@code 1500}). Decimal
 * prefixes are powers of 1000, binary ones (KiB, MiB, GiB) of 1024. Results are exact integers;
 * a value that is not a whole number of base units is rejected rather than rounded.
 */
public final class Units {
    private static final Pattern QUANTITY = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*([a-zA-Zµ/]*)");

    private Units() {
    }

    public static long nanos(String text) {
        return scaled(text, "duration", switch (unit(text)) {
            case "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m", "min" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> throw new IllegalArgumentException("duration '" + text + "' needs a unit: ns, us, ms, s, m or h");
        });
    }

    public static long bitsPerSecond(String text) {
        return scaled(text, "rate", switch (unit(text).toLowerCase(Locale.ROOT)) {
            case "bps" -> 1L;
            case "kbps" -> 1_000L;
            case "mbps" -> 1_000_000L;
            case "gbps" -> 1_000_000_000L;
            case "tbps" -> 1_000_000_000_000L;
            default -> throw new IllegalArgumentException("rate '" + text + "' needs a unit: bps, Kbps, Mbps, Gbps or Tbps");
        });
    }

    public static long bytes(String text) {
        return scaled(text, "size", switch (unit(text)) {
            case "", "B" -> 1L;
            case "KB", "kB" -> 1_000L;
            case "MB" -> 1_000_000L;
            case "GB" -> 1_000_000_000L;
            case "KiB" -> 1L << 10;
            case "MiB" -> 1L << 20;
            case "GiB" -> 1L << 30;
            default -> throw new IllegalArgumentException("size '" + text + "' has an unknown unit; use B, KB, MB, GB, KiB, MiB or GiB");
        });
    }

    private static String unit(String text) {
        return matcher(text).group(2);
    }

    private static Matcher matcher(String text) {
        Matcher m = QUANTITY.matcher(text.strip());
        if (!m.matches()) throw new IllegalArgumentException("'" + text + "' is not a quantity such as 10us, 10Gbps or 30KB");
        return m;
    }

    private static long scaled(String text, String what, long factor) {
        BigDecimal v = new BigDecimal(matcher(text).group(1)).multiply(BigDecimal.valueOf(factor));
        try {
            return v.longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(what + " '" + text + "' is not a whole number of "
                    + switch (what) { case "duration" -> "nanoseconds"; case "rate" -> "bits per second"; default -> "bytes"; });
        }
    }

    /** Formats nanoseconds for people: 1.5ms, 120us, 42ns. */
    public static String formatNanos(long nanos) {
        if (nanos % 1_000_000_000L == 0 && nanos != 0) return nanos / 1_000_000_000L + "s";
        return formatNanos(nanos, nanos);
    }

    /**
     * Formats {@code nanos} exactly in the unit {@link #formatNanos(long)} would choose for {@code like}
     * (ms, us or ns): durations compared in one sentence read in one unit, e.g. 0.01ms against 67.108864ms.
     */
    public static String formatNanos(long nanos, long like) {
        if (Math.abs(like) >= 1_000_000) return trim(BigDecimal.valueOf(nanos).movePointLeft(6)) + "ms";
        if (Math.abs(like) >= 1_000) return trim(BigDecimal.valueOf(nanos).movePointLeft(3)) + "us";
        return nanos + "ns";
    }

    private static String trim(BigDecimal v) {
        return v.stripTrailingZeros().toPlainString();
    }
}
