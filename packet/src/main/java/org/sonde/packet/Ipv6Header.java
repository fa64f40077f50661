package org.sonde.packet;

import java.util.Objects;

/**
 * The fixed IPv6 header (RFC 8200). Extension headers are separate {@link Ipv6ExtensionHeader} and
 * {@link Ipv6FragmentHeader} records.
 *
 * @param trafficClass  8 bits: DSCP (upper 6) and ECN (lower 2)
 * @param flowLabel     20 bits
 * @param payloadLength bytes after this header, or {@link Header#AUTO}
 * @param nextHeader    or {@link Header#AUTO}
 */
public record Ipv6Header(int trafficClass, int flowLabel, int payloadLength, int nextHeader, int hopLimit,
                         Ipv6Address source, Ipv6Address destination) implements Header {
    public static final int LENGTH = 40;
    static final int OFF_PAYLOAD_LENGTH = 4;
    static final int OFF_NEXT_HEADER = 6;
    static final int OFF_HOP_LIMIT = 7;
    static final int OFF_SOURCE = 8;
    static final int OFF_DESTINATION = 24;
    static final String LAYER = "IPv6";

    public Ipv6Header {
        Bytes.checkBits("traffic class", trafficClass, 8);
        Bytes.checkBits("flow label", flowLabel, 20);
        Bytes.checkBitsOrAuto("payload length", payloadLength, 16);
        Bytes.checkBitsOrAuto("next header", nextHeader, 8);
        Bytes.checkBits("hop limit", hopLimit, 8);
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
    }

    /** Hop limit 64, traffic class and flow label 0, payload length and next header AUTO. */
    public static Ipv6Header of(Ipv6Address source, Ipv6Address destination) {
        return new Ipv6Header(0, 0, AUTO, AUTO, 64, source, destination);
    }

    /** Validates version and length of the fixed header at {@code off}. */
    static void check(byte[] b, int off, int end, int errBase) {
        DecodeException.require(LAYER, off, end, LENGTH, errBase);
        int version = (b[off] & 0xF0) >>> 4;
        if (version != 6) throw new DecodeException(LAYER, off - errBase, "version " + version + " is not 6");
    }

    static int trafficClass(byte[] b, int off) {
        return Bytes.u16(b, off) >>> 4 & 0xFF;
    }

    public static Ipv6Header decode(byte[] b, int off, int len) {
        check(b, off, off + len, 0);
        return new Ipv6Header(trafficClass(b, off), Bytes.u24(b, off + 1) & 0xFFFFF,
                Bytes.u16(b, off + OFF_PAYLOAD_LENGTH), Bytes.u8(b, off + OFF_NEXT_HEADER),
                Bytes.u8(b, off + OFF_HOP_LIMIT), Ipv6Address.read(b, off + OFF_SOURCE),
                Ipv6Address.read(b, off + OFF_DESTINATION));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put32(b, off, 6 << 28 | trafficClass << 20 | flowLabel);
        Bytes.put16(b, off + OFF_PAYLOAD_LENGTH, payloadLength == AUTO ? 0 : payloadLength);
        Bytes.put8(b, off + OFF_NEXT_HEADER, nextHeader == AUTO ? 0 : nextHeader);
        Bytes.put8(b, off + OFF_HOP_LIMIT, hopLimit);
        source.write(b, off + OFF_SOURCE);
        destination.write(b, off + OFF_DESTINATION);
        return LENGTH;
    }

    public int dscp() {
        return trafficClass >>> 2;
    }

    public int ecn() {
        return trafficClass & 3;
    }

    public Ipv6Header withPayloadLength(int v) {
        return new Ipv6Header(trafficClass, flowLabel, v, nextHeader, hopLimit, source, destination);
    }

    public Ipv6Header withNextHeader(int v) {
        return new Ipv6Header(trafficClass, flowLabel, payloadLength, v, hopLimit, source, destination);
    }

    public Ipv6Header withTrafficClass(int v) {
        return new Ipv6Header(v, flowLabel, payloadLength, nextHeader, hopLimit, source, destination);
    }

    public Ipv6Header withHopLimit(int v) {
        return new Ipv6Header(trafficClass, flowLabel, payloadLength, nextHeader, v, source, destination);
    }
}
