package org.sonde.packet;

/**
 * 24-bit packet sequence number arithmetic of the InfiniBand transport (BTH:PSN), modulo 2^24.
 * Inputs are taken modulo 2^24. "Before/after" follow serial-number arithmetic (RFC 1982 style):
 * {@code a} is before {@code b} when {@code b} is reached from {@code a} by at most 2^23 steps
 * forward; for two PSNs exactly 2^23 apart each counts as before the other.
 */
public final class Psn {
    public static final int BITS = 24;
    public static final int MASK = (1 << BITS) - 1;
    /** 2^24: number of distinct PSNs. */
    public static final int MODULUS = 1 << BITS;
    /** 2^23: the largest forward distance. */
    public static final int HALF = 1 << (BITS - 1);

    private Psn() {}

    /** The low 24 bits of {@code value}. */
    public static int mask(long value) {
        return (int) (value & MASK);
    }

    /** {@code psn + n} modulo 2^24; {@code n} may be negative. */
    public static int add(int psn, int n) {
        return (psn + n) & MASK;
    }

    public static int next(int psn) {
        return (psn + 1) & MASK;
    }

    /** The signed number of steps from {@code from} to {@code to}, in (-2^23, 2^23]; {@code add(from, distance(from, to)) == to}. */
    public static int distance(int from, int to) {
        int d = (to - from) & MASK;
        return d > HALF ? d - MODULUS : d;
    }

    /** Negative when {@code a} is before {@code b}, 0 when equal, positive after. */
    public static int compare(int a, int b) {
        int d = distance(a, b);
        return d == 0 ? 0 : (d > 0 ? -1 : 1);
    }

    public static boolean isBefore(int a, int b) {
        return distance(a, b) > 0;
    }

    public static boolean isAfter(int a, int b) {
        return distance(b, a) > 0;
    }

    /**
     * True when {@code psn} is one of the {@code length} PSNs starting at {@code start}
     * ({@code start, start+1, ..., start+length-1}, modulo 2^24). A length of 2^24 or more covers all.
     */
    public static boolean inWindow(int start, long length, int psn) {
        if (length <= 0) return false;
        return ((psn - start) & MASK) < length;
    }
}
