package org.sonde.dataplane.model;

/**
 * A ternary constraint on one field: the bits set in {@code mask} must equal those of
 * {@code value}; the others are wildcards. Bits of {@code value} outside the mask are rejected so
 * that equal constraints are equal records.
 */
public record Ternary(long value, long mask) {
    public Ternary {
        if ((value & ~mask) != 0)
            throw Invalid.at("ternary value 0x" + Long.toHexString(value) + " mask 0x" + Long.toHexString(mask),
                    "value has bits outside the mask");
    }

    /** An exact match on every bit of a field of {@code widthBits}. */
    public static Ternary exact(long value, int widthBits) {
        return new Ternary(value, new HeaderField("exact", 0, widthBits).fullMask());
    }

    /** The most significant {@code prefixBits} of a field of {@code widthBits} fixed, the rest wild. */
    public static Ternary prefix(long value, int prefixBits, int widthBits) {
        long full = new HeaderField("prefix", 0, widthBits).fullMask();
        if (prefixBits < 0 || prefixBits > widthBits)
            throw Invalid.at("prefix /" + prefixBits, "length is outside 0.." + widthBits);
        long mask = prefixBits == 0 ? 0 : full & (-1L << (widthBits - prefixBits));
        return new Ternary(value & mask, mask);
    }

    /** Whether no bit is constrained. */
    public boolean isWildcard() {
        return mask == 0;
    }
}
