package org.sonde.report;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Formats numbers for people: table cells, key/value blocks, tooltips. Independent of the default
 * locale so that reports are byte-identical everywhere.
 */
public final class Numbers {
    private static final MathContext SIX = new MathContext(6, RoundingMode.HALF_EVEN);
    private static final MathContext FOUR = new MathContext(4, RoundingMode.HALF_EVEN);

    private Numbers() {}

    /**
     * Integers in full with thousands separators ({@code 1,500,000}); other values with six
     * significant digits, and in scientific notation below 1e-4 or from 1e15 on.
     */
    public static String format(Number n) {
        return switch (n) {
            case Long l -> group(Long.toString(l));
            case Integer i -> group(Integer.toString(i));
            case Short s -> group(Short.toString(s));
            case Byte b -> group(Byte.toString(b));
            case AtomicLong a -> group(Long.toString(a.get()));
            case AtomicInteger a -> group(Integer.toString(a.get()));
            case BigInteger b -> group(b.toString());
            case BigDecimal b -> group(b.toPlainString());
            default -> format(n.doubleValue());
        };
    }

    /** See {@link #format(Number)}. */
    public static String format(double v) {
        if (Double.isNaN(v)) return "NaN";
        if (Double.isInfinite(v)) return v > 0 ? "∞" : "−∞";
        if (v == 0) return "0";
        double a = Math.abs(v);
        if (a >= 1e15 || a < 1e-4) return scientific(BigDecimal.valueOf(v).round(FOUR));
        if (v == Math.rint(v)) return group(Long.toString((long) v));
        return group(BigDecimal.valueOf(v).round(SIX).stripTrailingZeros().toPlainString());
    }

    /** {@code 2.5e-6}: the shortest mantissa of the value, then the power of ten. */
    static String scientific(BigDecimal v) {
        BigDecimal b = v.stripTrailingZeros();
        int exponent = b.precision() - b.scale() - 1;
        return b.movePointLeft(exponent).toPlainString() + "e" + exponent;
    }

    /** Inserts thousands separators into the integer part of a plain decimal string. */
    static String group(String plain) {
        int start = plain.startsWith("-") ? 1 : 0;
        int dot = plain.indexOf('.');
        int end = dot < 0 ? plain.length() : dot;
        if (end - start <= 3) return plain;
        StringBuilder sb = new StringBuilder(plain.length() + 8).append(plain, 0, start);
        for (int i = start; i < end; i++) {
            if (i > start && (end - i) % 3 == 0) sb.append(',');
            sb.append(plain.charAt(i));
        }
        return sb.append(plain, end, plain.length()).toString();
    }
}
