package org.sonde.packet;

/**
 * The first 8 bytes of an ICMPv4 (RFC 792) or ICMPv6 (RFC 4443) message: type, code, checksum and
 * the type-specific rest of header (identifier and sequence number for echo). The checksum covers
 * the whole message and, for ICMPv6, the IPv6 pseudo header.
 *
 * @param checksum       or {@link Header#AUTO}
 * @param restOfHeader   bytes 4..7 as a big-endian int
 */
public record IcmpHeader(int type, int code, int checksum, int restOfHeader) implements Header {
    public static final int LENGTH = 8;
    static final int OFF_TYPE = 0;
    static final int OFF_CODE = 1;
    static final int OFF_CHECKSUM = 2;
    static final int OFF_REST = 4;
    static final String LAYER = "ICMP";

    public static final int V4_ECHO_REPLY = 0;
    public static final int V4_DESTINATION_UNREACHABLE = 3;
    public static final int V4_ECHO_REQUEST = 8;
    public static final int V4_TIME_EXCEEDED = 11;
    public static final int V6_DESTINATION_UNREACHABLE = 1;
    public static final int V6_PACKET_TOO_BIG = 2;
    public static final int V6_TIME_EXCEEDED = 3;
    public static final int V6_ECHO_REQUEST = 128;
    public static final int V6_ECHO_REPLY = 129;

    public IcmpHeader {
        Bytes.checkBits("ICMP type", type, 8);
        Bytes.checkBits("ICMP code", code, 8);
        Bytes.checkBitsOrAuto("ICMP checksum", checksum, 16);
    }

    /** An echo request or reply (type chosen by the caller) with identifier and sequence number. */
    public static IcmpHeader echo(int type, int identifier, int sequenceNumber) {
        Bytes.checkBits("identifier", identifier, 16);
        Bytes.checkBits("sequence number", sequenceNumber, 16);
        return new IcmpHeader(type, 0, AUTO, identifier << 16 | sequenceNumber);
    }

    public static IcmpHeader decode(byte[] b, int off, int len) {
        DecodeException.require(LAYER, off, off + len, LENGTH, 0);
        return new IcmpHeader(Bytes.u8(b, off + OFF_TYPE), Bytes.u8(b, off + OFF_CODE), Bytes.u16(b, off + OFF_CHECKSUM),
                Bytes.i32(b, off + OFF_REST));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put8(b, off + OFF_TYPE, type);
        Bytes.put8(b, off + OFF_CODE, code);
        Bytes.put16(b, off + OFF_CHECKSUM, checksum == AUTO ? 0 : checksum);
        Bytes.put32(b, off + OFF_REST, restOfHeader);
        return LENGTH;
    }

    public int identifier() {
        return restOfHeader >>> 16;
    }

    public int sequenceNumber() {
        return restOfHeader & 0xFFFF;
    }

    public IcmpHeader withChecksum(int v) {
        return new IcmpHeader(type, code, v, restOfHeader);
    }
}
