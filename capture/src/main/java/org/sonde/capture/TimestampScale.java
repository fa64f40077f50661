package org.sonde.capture;

/**
 * Converts pcapng timestamps, counted in units of 10^-n or 2^-n seconds ({@code if_tsresol}),
 * to nanoseconds. Exact for every unit: binary fractions are scaled with a 128-bit product.
 */
final class TimestampScale {
    /** Returned by {@link #toNanos} when the result does not fit in a signed 64-bit nanosecond count. */
    static final long OUT_OF_RANGE = Long.MIN_VALUE;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
    }

    /** The pcapng default when an interface has no {@code if_tsresol}. */
    static final TimestampScale MICROS = decimal(6);

    private final boolean binary;
    private final int exponent;
    private final long multiplier;
    private final long divisor;

    private TimestampScale(boolean binary, int exponent, long multiplier, long divisor) {
        this.binary = binary;
        this.exponent = exponent;
        this.multiplier = multiplier;
        this.divisor = divisor;
    }

    private static TimestampScale decimal(int exponent) {
        return exponent <= 9
                ? new TimestampScale(false, exponent, POWERS_OF_TEN[9 - exponent], 1)
                : new TimestampScale(false, exponent, 1, POWERS_OF_TEN[exponent - 9]);
    }

    /** The scale for an {@code if_tsresol} byte, or null when its unit is finer than Sonde handles. */
    static TimestampScale ofTsresol(int tsresol) {
        int exponent = tsresol & 0x7F;
        if ((tsresol & 0x80) != 0) return exponent <= 63 ? new TimestampScale(true, exponent, 0, 0) : null;
        return exponent <= 27 ? decimal(exponent) : null;
    }

    /** {@code units} is unsigned; the result is {@link #OUT_OF_RANGE} when it cannot be represented. */
    long toNanos(long units) {
        if (!binary) {
            if (divisor != 1) return Long.divideUnsigned(units, divisor);
            return units >= 0 && units <= Long.MAX_VALUE / multiplier ? units * multiplier : OUT_OF_RANGE;
        }
        long seconds = units >>> exponent;
        if (units < 0 && exponent == 0) return OUT_OF_RANGE;
        if (seconds > Long.MAX_VALUE / NANOS_PER_SECOND) return OUT_OF_RANGE;
        long fraction = exponent == 0 ? 0 : units & (-1L >>> (64 - exponent));
        // fraction * 1e9 / 2^exponent, taken from the 128-bit product so no precision is lost
        long low = fraction * NANOS_PER_SECOND;
        long high = Math.unsignedMultiplyHigh(fraction, NANOS_PER_SECOND);
        long fractionNanos = exponent == 0 ? 0 : (high << (64 - exponent)) | (low >>> exponent);
        long nanos = seconds * NANOS_PER_SECOND + fractionNanos;
        return nanos < 0 ? OUT_OF_RANGE : nanos;
    }

    /** For messages, e.g. {@code 10^-6 s} or {@code 2^-20 s}. */
    @Override
    public String toString() {
        return (binary ? "2^-" : "10^-") + exponent + " s";
    }
}
