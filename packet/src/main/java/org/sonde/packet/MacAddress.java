package org.sonde.packet;

/** A 48-bit IEEE MAC address held in the low 48 bits of a long; prints as {@code 02:00:00:00:00:01}. */
public record MacAddress(long value) {
    public static final int LENGTH = 6;
    public static final MacAddress BROADCAST = new MacAddress(0xFFFF_FFFF_FFFFL);
    public static final MacAddress ZERO = new MacAddress(0);

    public MacAddress {
        if ((value >>> 48) != 0) {
            throw new IllegalArgumentException("MAC address 0x" + Long.toHexString(value) + " is wider than 48 bits");
        }
    }

    /** Parses six hex octets separated by {@code :} or {@code -}. */
    public static MacAddress parse(String text) {
        String[] parts = text.trim().split("[:-]");
        if (parts.length != LENGTH) {
            throw new IllegalArgumentException("not a MAC address (6 hex octets separated by ':'): " + text);
        }
        long v = 0;
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 2 || !Ipv6Address.isHex(p)) {
                throw new IllegalArgumentException("not a MAC address (bad octet '" + p + "'): " + text);
            }
            v = v << 8 | Integer.parseInt(p, 16);
        }
        return new MacAddress(v);
    }

    /** Reads six bytes at {@code off}. */
    public static MacAddress read(byte[] b, int off) {
        return new MacAddress((long) Bytes.u16(b, off) << 32 | Bytes.u32(b, off + 2));
    }

    /** Writes six bytes at {@code off}. */
    public void write(byte[] b, int off) {
        Bytes.put16(b, off, (int) (value >>> 32));
        Bytes.put32(b, off + 2, (int) value);
    }

    public boolean isMulticast() {
        return (value & 0x0100_0000_0000L) != 0;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(17);
        for (int shift = 40; shift >= 0; shift -= 8) {
            int octet = (int) (value >>> shift) & 0xFF;
            sb.append(Character.forDigit(octet >> 4, 16)).append(Character.forDigit(octet & 15, 16));
            if (shift > 0) sb.append(':');
        }
        return sb.toString();
    }
}
