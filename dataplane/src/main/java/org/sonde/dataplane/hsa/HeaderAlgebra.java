package org.sonde.dataplane.hsa;

import java.util.Arrays;

/**
 * Builds {@link HeaderSpace}s over one {@link HeaderLayout}; owns the {@link Bdd} they share.
 *
 * <p>Spaces from different algebras never mix, even over equal layouts, because their node ids
 * belong to different BDD arenas. Like the BDD, an algebra is not thread-safe.
 */
public final class HeaderAlgebra {

    private final HeaderLayout layout;
    private final Bdd bdd;
    private final HeaderSpace all;
    private final HeaderSpace none;

    /** An algebra with a fresh BDD of one variable per header bit. */
    public HeaderAlgebra(HeaderLayout layout) {
        this.layout = layout;
        this.bdd = new Bdd(layout.totalBits());
        this.all = new HeaderSpace(this, Bdd.TRUE);
        this.none = new HeaderSpace(this, Bdd.FALSE);
    }

    /** The layout of every header in this algebra. */
    public HeaderLayout layout() {
        return layout;
    }

    Bdd bdd() {
        return bdd;
    }

    HeaderSpace wrap(int node) {
        return node == Bdd.TRUE ? all : node == Bdd.FALSE ? none : new HeaderSpace(this, node);
    }

    /** Every header. */
    public HeaderSpace all() {
        return all;
    }

    /** No header. */
    public HeaderSpace none() {
        return none;
    }

    /** Headers whose {@code field} equals {@code value} (unsigned). */
    public HeaderSpace equal(String field, long value) {
        HeaderLayout.Field f = layout.field(field);
        return ternary(field, value, f.maxValue());
    }

    /**
     * Headers whose {@code field} starts with the top {@code length} bits of {@code value}; bits of
     * {@code value} below the prefix are ignored, so {@code prefix("ip_dst", addr, 24)} works on a
     * full address.
     */
    public HeaderSpace prefix(String field, long value, int length) {
        HeaderLayout.Field f = layout.field(field);
        if (length < 0 || length > f.width()) {
            throw new IllegalArgumentException("prefix length " + length + " for field " + field);
        }
        return ternary(field, value & Prefix.mask(length, f.width()), Prefix.mask(length, f.width()));
    }

    /** Headers whose {@code field} matches the prefix. */
    public HeaderSpace prefix(String field, Prefix prefix) {
        HeaderLayout.Field f = layout.field(field);
        if (prefix.width() != f.width()) {
            throw new IllegalArgumentException(
                    "prefix of width " + prefix.width() + " for field " + field + " of " + f.width());
        }
        return prefix(field, prefix.value(), prefix.length());
    }

    /**
     * Headers whose {@code field} agrees with {@code value} on the bits set in {@code mask} (a mask
     * bit of 1 means "must match", 0 means "don't care").
     */
    public HeaderSpace ternary(String field, long value, long mask) {
        HeaderLayout.Field f = layout.field(field);
        if (!f.fits(value) || !f.fits(mask)) {
            throw new IllegalArgumentException("value or mask does not fit field " + field);
        }
        int n = Long.bitCount(mask);
        int[] vars = new int[n];
        boolean[] values = new boolean[n];
        int k = 0;
        for (int i = 0; i < f.width(); i++) {
            int shift = f.width() - 1 - i;
            if (((mask >>> shift) & 1) != 0) {
                vars[k] = f.var(i);
                values[k] = ((value >>> shift) & 1) != 0;
                k++;
            }
        }
        return wrap(bdd.cube(vars, values));
    }

    /** Headers whose {@code field} lies in the unsigned range {@code lo..hi}, both included. */
    public HeaderSpace range(String field, long lo, long hi) {
        HeaderLayout.Field f = layout.field(field);
        int r = Bdd.FALSE;
        for (Prefix p : Prefix.coverRange(lo, hi, f.width())) {
            r = bdd.or(r, prefix(field, p).node());
        }
        return wrap(r);
    }

    /** Headers whose {@code field} is below {@code bound} (ACL {@code lt}); empty for 0. */
    public HeaderSpace lessThan(String field, long bound) {
        return bound == 0 ? none : range(field, 0, bound - 1);
    }

    /** Headers whose {@code field} is above {@code bound} (ACL {@code gt}); empty at the maximum. */
    public HeaderSpace greaterThan(String field, long bound) {
        HeaderLayout.Field f = layout.field(field);
        return bound == f.maxValue() ? none : range(field, bound + 1, f.maxValue());
    }

    /** Headers whose {@code field} differs from {@code value} (ACL {@code neq}). */
    public HeaderSpace notEqual(String field, long value) {
        return equal(field, value).complement();
    }

    /** The one header {@code header}. */
    public HeaderSpace of(Header header) {
        requireLayout(header);
        boolean[] bits = header.toAssignment();
        int[] vars = new int[bits.length];
        Arrays.setAll(vars, i -> i);
        return wrap(bdd.cube(vars, bits));
    }

    /**
     * A hassel wildcard over the whole header: one of {@code 0}, {@code 1}, {@code x} (either) or
     * {@code z} (neither, so the set is empty) per bit, in {@link HeaderLayout#hasselOrder()}.
     * Commas and whitespace between bytes are ignored.
     */
    public HeaderSpace wildcard(String hassel) {
        char[] bits = hasselBits(hassel);
        int[] order = layout.hasselOrder();
        int cared = 0;
        for (char c : bits) {
            switch (c) {
                case '0', '1' -> cared++;
                case 'x' -> {}
                case 'z' -> {
                    return none;
                }
                default -> throw new IllegalArgumentException("bad wildcard character '" + c + "'");
            }
        }
        int[] vars = new int[cared];
        boolean[] values = new boolean[cared];
        int k = 0;
        for (int p = 0; p < bits.length; p++) {
            if (bits[p] != 'x') {
                vars[k] = order[p];
                values[k] = bits[p] == '1';
                k++;
            }
        }
        return wrap(bdd.cube(vars, values));
    }

    /** The characters of a hassel string without separators, checked for length. */
    char[] hasselBits(String hassel) {
        StringBuilder b = new StringBuilder(hassel.length());
        for (int i = 0; i < hassel.length(); i++) {
            char c = hassel.charAt(i);
            if (c != ',' && !Character.isWhitespace(c)) {
                b.append(Character.toLowerCase(c));
            }
        }
        if (b.length() != layout.totalBits()) {
            throw new IllegalArgumentException(
                    "hassel string has " + b.length() + " bits, layout has " + layout.totalBits());
        }
        return b.toString().toCharArray();
    }

    void requireLayout(Header header) {
        if (!header.layout().equals(layout)) {
            throw new IllegalArgumentException("header of another layout");
        }
    }
}
