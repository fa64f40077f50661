package org.sonde.dataplane.model;

/**
 * One field of a header layout: bits {@code offsetBits .. offsetBits+widthBits-1}, counted from
 * the most significant bit of the header (the order hassel writes ternary strings in).
 */
public record HeaderField(String name, int offsetBits, int widthBits) {
    /** Fields are held in a {@code long}. */
    public static final int MAX_WIDTH_BITS = 64;

    public HeaderField {
        Invalid.requireId(name, "header field");
        if (offsetBits < 0) throw Invalid.at("header field " + name, "offset " + offsetBits + " is negative");
        if (widthBits < 1 || widthBits > MAX_WIDTH_BITS)
            throw Invalid.at("header field " + name, "width " + widthBits + " bits is outside 1.." + MAX_WIDTH_BITS);
    }

    /** The mask of every bit of this field, in the low {@code widthBits} bits. */
    public long fullMask() {
        return widthBits == 64 ? -1L : (1L << widthBits) - 1;
    }

    /** Whether {@code bits} has no bit above this field's width. */
    public boolean fits(long bits) {
        return (bits & ~fullMask()) == 0;
    }
}
