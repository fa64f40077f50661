package org.sonde.packet;

/** An IPv4 address as a 32-bit int in network order ({@code 10.0.0.1} is {@code 0x0a000001}). */
public record Ipv4Address(int value) {
    public static final int LENGTH = 4;

    /** Parses dotted-quad notation, e.g. {@code 192.168.0.7}. */
    public static Ipv4Address parse(String text) {
        String[] parts = text.trim().split("\\.", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException("not an IPv4 address (four dot-separated numbers): " + text);
        }
        int v = 0;
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw new IllegalArgumentException("not an IPv4 address (bad part '" + p + "'): " + text);
            }
            int octet = Integer.parseInt(p);
            if (octet > 255) {
                throw new IllegalArgumentException("not an IPv4 address (" + octet + " > 255): " + text);
            }
            v = v << 8 | octet;
        }
        return new Ipv4Address(v);
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
