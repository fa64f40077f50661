package org.sonde.packet;

import java.io.Serializable;

/**
 * An IPv4 prefix: the first {@code length} bits of {@code address}; the other bits are zero.
 * Ordered by address, then shorter (wider) first, so the prefixes inside one prefix follow it as
 * one contiguous run (the order of Libra's subnet trie).
 *
 * @param address the prefix's bits as a 32-bit value ({@code 10.0.0.0} is {@code 0x0a000000})
 * @param length the number of leading bits fixed, 0 to 32
 */
public record Ipv4Prefix(int address, int length) implements Comparable<Ipv4Prefix>, Serializable {

    /** Checks the length and that no bit after the prefix is set. */
    public Ipv4Prefix {
        if (length < 0 || length > 32) {
            throw new IllegalArgumentException("prefix length " + length + " is outside 0..32");
        }
        if ((address & ~mask(length)) != 0) {
            throw new IllegalArgumentException(Ipv4Address.format(address) + "/" + length + " has bits set after the first " + length);
        }
    }

    /** The network mask of a prefix length, e.g. 0xffffff00 for 24. */
    public static int mask(int length) {
        return length == 0 ? 0 : -1 << (32 - length);
    }

    /** The prefix of {@code length} bits that contains {@code address}. */
    public static Ipv4Prefix covering(int address, int length) {
        return new Ipv4Prefix(address & mask(length), length);
    }

    /** Reads {@code a.b.c.d/n}; null when the text is not one (the caller says where and why). */
    public static Ipv4Prefix parseOrNull(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) {
            return null;
        }
        long address = Ipv4Address.parseValue(text, 0, slash);
        int length = parseLength(text, slash + 1, text.length());
        if (address < 0 || length < 0 || ((int) address & ~mask(length)) != 0) {
            return null;
        }
        return new Ipv4Prefix((int) address, length);
    }

    /** Reads {@code a.b.c.d/n} or throws {@link IllegalArgumentException} saying what was expected. */
    public static Ipv4Prefix parse(String text) {
        Ipv4Prefix p = parseOrNull(text);
        if (p == null) {
            throw new IllegalArgumentException("expected a prefix a.b.c.d/n (n in 0..32, no address bits after the first n), got '" + text + "'");
        }
        return p;
    }

    /** A prefix length 0..32 in decimal between {@code from} and {@code to}, or -1. */
    public static int parseLength(CharSequence s, int from, int to) {
        if (from >= to || to - from > 9) { // leading zeros are fine ("024"), as the snapshot readers always took them
            return -1;
        }
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value <= 32 ? value : -1;
    }

    /** Whether every address of {@code inner} is in this prefix. */
    public boolean contains(Ipv4Prefix inner) {
        return inner.length >= length && (inner.address & mask(length)) == address;
    }

    @Override
    public int compareTo(Ipv4Prefix o) {
        int c = Integer.compareUnsigned(address, o.address);
        return c != 0 ? c : Integer.compare(length, o.length);
    }

    @Override
    public String toString() {
        return Ipv4Address.format(address) + "/" + length;
    }
}
