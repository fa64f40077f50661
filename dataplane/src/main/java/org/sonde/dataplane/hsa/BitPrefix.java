package org.sonde.dataplane.hsa;

import java.util.ArrayList;
import java.util.List;

/**
 * A prefix of a {@code width}-bit value: the values whose top {@code length} bits equal those of
 * {@code value}. Bits of {@code value} below the prefix must be 0. Header space uses it for any field
 * (port ranges become a few of them); an IPv4 prefix as a value of its own is {@code packet.Ipv4Prefix}.
 *
 * @param value the prefix bits, in place (unsigned)
 * @param length number of leading bits fixed, 0 to {@code width}
 * @param width number of bits of the values, 1 to 64
 */
public record BitPrefix(long value, int length, int width) {

    /** Checks the bounds and that no bit below the prefix is set. */
    public BitPrefix {
        if (width < 1 || width > 64) {
            throw new IllegalArgumentException("width " + width);
        }
        if (length < 0 || length > width) {
            throw new IllegalArgumentException("prefix length " + length + " for width " + width);
        }
        if (width < 64 && (value >>> width) != 0) {
            throw new IllegalArgumentException("value does not fit " + width + " bits");
        }
        if ((value & ~mask(length, width)) != 0) {
            throw new IllegalArgumentException(
                    "bits set below /" + length + " in " + Long.toUnsignedString(value));
        }
    }

    /** The mask of the fixed bits: {@code length} ones at the top of {@code width} bits. */
    public static long mask(int length, int width) {
        long all = width == 64 ? -1L : (1L << width) - 1;
        int free = width - length;
        long freeBits = free == 64 ? -1L : (1L << free) - 1;
        return all & ~freeBits;
    }

    /**
     * The fewest prefixes whose union is exactly the unsigned range {@code lo..hi} of {@code
     * width}-bit values, in increasing order (how ACL port operators become wildcards).
     */
    public static List<BitPrefix> coverRange(long lo, long hi, int width) {
        if (width < 1 || width > 64) {
            throw new IllegalArgumentException("width " + width);
        }
        long max = width == 64 ? -1L : (1L << width) - 1;
        if (Long.compareUnsigned(lo, hi) > 0 || Long.compareUnsigned(hi, max) > 0) {
            throw new IllegalArgumentException(
                    "bad range " + Long.toUnsignedString(lo) + ".." + Long.toUnsignedString(hi));
        }
        List<BitPrefix> out = new ArrayList<>();
        long cur = lo;
        while (true) {
            // The largest aligned block starting at cur that stays within hi.
            int k = Math.min(Long.numberOfTrailingZeros(cur), width);
            while (k > 0 && !blockFits(cur, k, hi)) {
                k--;
            }
            out.add(new BitPrefix(cur, width - k, width));
            long last = k == 64 ? -1L : cur + ((1L << k) - 1);
            if (last == hi) {
                return out;
            }
            cur = last + 1;
        }
    }

    private static boolean blockFits(long start, int k, long hi) {
        if (k == 64) {
            return start == 0 && hi == -1L;
        }
        return Long.compareUnsigned(start + ((1L << k) - 1), hi) <= 0;
    }
}
