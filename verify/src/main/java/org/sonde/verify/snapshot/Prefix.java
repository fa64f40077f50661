package org.sonde.verify.snapshot;

/**
 * An IPv4 prefix: the first {@code length} bits of {@code address}; the other bits are zero.
 * Ordered as in the subnet trie of Libra's mapper: by address, then shorter (wider) first, so the
 * prefixes inside one prefix follow it as one contiguous run.
 */
public record Prefix(int address, int length) implements Comparable<Prefix>, java.io.Serializable {
    public Prefix {
        if (length < 0 || length > 32) throw new IllegalArgumentException("prefix length " + length + " is outside 0..32");
        if ((address & ~mask(length)) != 0)
            throw new IllegalArgumentException(dotted(address) + "/" + length + " has bits set after the first " + length);
    }

    /** The network mask of a prefix length, e.g. 0xffffff00 for 24. */
    public static int mask(int length) {
        return length == 0 ? 0 : -1 << (32 - length);
    }

    /** The prefix of {@code length} bits that contains {@code address}. */
    public static Prefix covering(int address, int length) {
        return new Prefix(address & mask(length), length);
    }

    /** Reads {@code a.b.c.d/n}; null when the text is not one (the caller says where and why). */
    public static Prefix parseOrNull(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) return null;
        long address = parseAddress(text, 0, slash);
        int length = parseSmallInt(text, slash + 1, text.length());
        if (address < 0 || length < 0 || length > 32) return null;
        if (((int) address & ~mask(length)) != 0) return null;
        return new Prefix((int) address, length);
    }

    /** Reads {@code a.b.c.d/n} or throws {@link IllegalArgumentException} saying what was expected. */
    public static Prefix parse(String text) {
        Prefix p = parseOrNull(text);
        if (p == null)
            throw new IllegalArgumentException("expected a prefix a.b.c.d/n (n in 0..32, no address bits after the first n), got '" + text + "'");
        return p;
    }

    /** A dotted quad between {@code from} and {@code to} as an unsigned value, or -1. */
    public static long parseAddress(CharSequence s, int from, int to) {
        long address = 0;
        int parts = 0, i = from;
        while (parts < 4) {
            int start = i, value = 0;
            while (i < to && i - start < 3 && Character.isDigit(s.charAt(i))) value = value * 10 + (s.charAt(i++) - '0');
            if (i == start || value > 255) return -1;
            address = (address << 8) | value;
            parts++;
            if (parts < 4) {
                if (i >= to || s.charAt(i) != '.') return -1;
                i++;
            }
        }
        return i == to ? address : -1;
    }

    /** A decimal number of at most 9 digits between {@code from} and {@code to}, or -1. */
    public static int parseSmallInt(CharSequence s, int from, int to) {
        if (from >= to || to - from > 9) return -1;
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return -1;
            value = value * 10 + (c - '0');
        }
        return value;
    }

    public static String dotted(int address) {
        return (address >>> 24) + "." + ((address >>> 16) & 255) + "." + ((address >>> 8) & 255) + "." + (address & 255);
    }

    /** Whether every address of {@code inner} is in this prefix. */
    public boolean contains(Prefix inner) {
        return inner.length >= length && (inner.address & mask(length)) == address;
    }

    @Override
    public int compareTo(Prefix o) {
        int c = Integer.compareUnsigned(address, o.address);
        return c != 0 ? c : Integer.compare(length, o.length);
    }

    @Override
    public String toString() {
        return dotted(address) + "/" + length;
    }
}
