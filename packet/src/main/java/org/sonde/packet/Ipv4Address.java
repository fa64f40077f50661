package org.sonde.packet;

/** An IPv4 address as a 32-bit int in network order ({@code 10.0.0.1} is {@code 0x0a000001}). */
public record Ipv4Address(int value) {
    public static final int LENGTH = 4;

    /** Parses dotted-quad notation, e.g. {@code 192.168.0.7}: four decimal numbers 0..255. */
    public static Ipv4Address parse(String text) {
        String t = text.trim();
        long value = parseValue(t, 0, t.length());
        if (value < 0) {
            throw new IllegalArgumentException("not an IPv4 address (four numbers 0..255 separated by dots): " + text);
        }
        return new Ipv4Address((int) value);
    }

    /**
     * The dotted quad between {@code from} and {@code to} as an unsigned 32-bit value, or -1 when
     * it is not one; allocates nothing, since importers call it once per forwarding entry.
     */
    public static long parseValue(CharSequence s, int from, int to) {
        long value = 0;
        int octets = 0;
        int i = from;
        while (octets < 4) {
            int start = i;
            int octet = 0;
            while (i < to && i - start < 3 && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                octet = octet * 10 + (s.charAt(i++) - '0');
            }
            if (i == start || octet > 255) {
                return -1;
            }
            value = value << 8 | octet;
            octets++;
            if (octets < 4) {
                if (i >= to || s.charAt(i) != '.') {
                    return -1;
                }
                i++;
            }
        }
        return i == to ? value : -1;
    }

    public static Ipv4Address read(byte[] b, int off) {
        return new Ipv4Address(Bytes.i32(b, off));
    }

    public void write(byte[] b, int off) {
        Bytes.put32(b, off, value);
    }

    /** Dotted-quad text of a 32-bit address. */
    public static String format(int value) {
        return (value >>> 24) + "." + (value >>> 16 & 0xFF) + "." + (value >>> 8 & 0xFF) + "." + (value & 0xFF);
    }

    @Override
    public String toString() {
        return format(value);
    }
}
