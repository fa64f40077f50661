package org.sonde.packet;

/**
 * IPv6 fragment header (RFC 8200 section 4.5).
 *
 * @param nextHeader      or {@link Header#AUTO}
 * @param reserved        the reserved byte after the next header
 * @param fragmentOffset  in 8-byte units, 13 bits
 * @param reservedBits    the 2 reserved bits before the M flag
 * @param identification  unsigned 32 bits
 */
public record Ipv6FragmentHeader(int nextHeader, int reserved, int fragmentOffset, int reservedBits,
                                 boolean moreFragments, long identification) implements Header {
    public static final int LENGTH = 8;
    static final int OFF_OFFSET_FLAGS = 2;

    public Ipv6FragmentHeader {
        Bytes.checkBitsOrAuto("next header", nextHeader, 8);
        Bytes.checkBits("reserved", reserved, 8);
        Bytes.checkBits("fragment offset", fragmentOffset, 13);
        Bytes.checkBits("reserved bits", reservedBits, 2);
        Bytes.checkUnsigned32("identification", identification);
    }

    static int fragmentOffset(byte[] b, int off) {
        return Bytes.u16(b, off + OFF_OFFSET_FLAGS) >>> 3;
    }

    static boolean moreFragments(byte[] b, int off) {
        return (b[off + OFF_OFFSET_FLAGS + 1] & 1) != 0;
    }

    public static Ipv6FragmentHeader decode(byte[] b, int off, int len) {
        DecodeException.require("IPv6 fragment header", off, off + len, LENGTH, 0);
        int of = Bytes.u16(b, off + OFF_OFFSET_FLAGS);
        return new Ipv6FragmentHeader(Bytes.u8(b, off), Bytes.u8(b, off + 1), of >>> 3, of >>> 1 & 3, (of & 1) != 0,
                Bytes.u32(b, off + 4));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put8(b, off, nextHeader == AUTO ? 0 : nextHeader);
        Bytes.put8(b, off + 1, reserved);
        Bytes.put16(b, off + OFF_OFFSET_FLAGS, fragmentOffset << 3 | reservedBits << 1 | (moreFragments ? 1 : 0));
        Bytes.put32(b, off + 4, identification);
        return LENGTH;
    }

    public Ipv6FragmentHeader withNextHeader(int v) {
        return new Ipv6FragmentHeader(v, reserved, fragmentOffset, reservedBits, moreFragments, identification);
    }
}
