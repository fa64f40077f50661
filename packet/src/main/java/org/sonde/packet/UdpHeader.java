package org.sonde.packet;

/**
 * UDP header (RFC 768).
 *
 * @param udpLength header plus payload in bytes (the UDP length field), or {@link Header#AUTO}
 * @param checksum or {@link Header#AUTO}; 0 over IPv4 means "not computed"
 */
public record UdpHeader(int sourcePort, int destinationPort, int udpLength, int checksum) implements Header {
    public static final int LENGTH = 8;
    static final int OFF_SOURCE_PORT = 0;
    static final int OFF_DESTINATION_PORT = 2;
    static final int OFF_LENGTH = 4;
    static final int OFF_CHECKSUM = 6;
    static final String LAYER = "UDP";

    public UdpHeader {
        Bytes.checkBits("source port", sourcePort, 16);
        Bytes.checkBits("destination port", destinationPort, 16);
        Bytes.checkBitsOrAuto("UDP length", udpLength, 16);
        Bytes.checkBitsOrAuto("UDP checksum", checksum, 16);
    }

    /** Ports given, length and checksum computed by {@link PacketBuilder}. */
    public static UdpHeader of(int sourcePort, int destinationPort) {
        return new UdpHeader(sourcePort, destinationPort, AUTO, AUTO);
    }

    /** Validates the header at {@code off}; returns its length field, at least 8. */
    static int checkedLength(byte[] b, int off, int end, int errBase) {
        DecodeException.require(LAYER, off, end, LENGTH, errBase);
        int len = Bytes.u16(b, off + OFF_LENGTH);
        if (len < LENGTH) {
            throw new DecodeException(LAYER, off + OFF_LENGTH - errBase, "length " + len + " is below the header size 8");
        }
        return len;
    }

    public static UdpHeader decode(byte[] b, int off, int len) {
        int udpLength = checkedLength(b, off, off + len, 0);
        return new UdpHeader(Bytes.u16(b, off + OFF_SOURCE_PORT), Bytes.u16(b, off + OFF_DESTINATION_PORT), udpLength,
                Bytes.u16(b, off + OFF_CHECKSUM));
    }

    /** The header size, 8; {@link #udpLength} is the UDP length field. */
    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put16(b, off + OFF_SOURCE_PORT, sourcePort);
        Bytes.put16(b, off + OFF_DESTINATION_PORT, destinationPort);
        Bytes.put16(b, off + OFF_LENGTH, udpLength == AUTO ? LENGTH : udpLength);
        Bytes.put16(b, off + OFF_CHECKSUM, checksum == AUTO ? 0 : checksum);
        return LENGTH;
    }

    public UdpHeader withUdpLength(int v) {
        return new UdpHeader(sourcePort, destinationPort, v, checksum);
    }

    public UdpHeader withChecksum(int v) {
        return new UdpHeader(sourcePort, destinationPort, udpLength, v);
    }
}
