package org.sonde.packet;

/**
 * The RFC 1071 internet checksum and the pseudo-header sums of TCP, UDP and ICMPv6 (RFC 793/768,
 * RFC 8200 section 8.1).
 *
 * <p>Partial sums are plain {@code long}s so that pieces (pseudo header, header, payload) can be
 * added before {@link #fold folding}; a region must start at an even offset from the start of the
 * checksummed data for its sum to be added to others.
 */
public final class Checksums {
    private Checksums() {}

    /** The one's-complement sum of {@code length} bytes as big-endian 16-bit words, unfolded; an odd last byte is padded with zero. */
    public static long sum(byte[] b, int offset, int length) {
        long sum = 0;
        int i = offset;
        int end = offset + length;
        // 32-bit words: folding later gives the same result as summing 16-bit words (RFC 1071 section 2(B)).
        for (; i + 4 <= end; i += 4) sum += Bytes.u32(b, i);
        if (i + 2 <= end) {
            sum += Bytes.u16(b, i);
            i += 2;
        }
        if (i < end) sum += (b[i] & 0xFF) << 8;
        return sum;
    }

    /** Folds a partial sum to 16 bits (end-around carry). */
    public static int fold(long sum) {
        while ((sum >>> 16) != 0) sum = (sum & 0xFFFF) + (sum >>> 16);
        return (int) sum;
    }

    /** The checksum to store: the complement of the folded sum. */
    public static int finish(long sum) {
        return ~fold(sum) & 0xFFFF;
    }

    /** The RFC 1071 checksum of a region whose checksum field is zero; e.g. an IPv4 header. */
    public static int internetChecksum(byte[] b, int offset, int length) {
        return finish(sum(b, offset, length));
    }

    /** True when a region including its stored checksum sums to all ones. */
    public static boolean verify(byte[] b, int offset, int length) {
        return fold(sum(b, offset, length)) == 0xFFFF;
    }

    /** Sum of the IPv4 pseudo header: source, destination (read from the IPv4 header at {@code ipOffset}), protocol, length. */
    public static long pseudoHeaderSumV4(byte[] b, int ipOffset, int protocol, int l4LengthBytes) {
        return sum(b, ipOffset + Ipv4Header.OFF_SOURCE, 8) + protocol + l4LengthBytes;
    }

    /** Sum of the IPv6 pseudo header: source, destination (from the IPv6 header at {@code ipOffset}), upper-layer length, next header. */
    public static long pseudoHeaderSumV6(byte[] b, int ipOffset, int nextHeader, int l4LengthBytes) {
        return sum(b, ipOffset + Ipv6Header.OFF_SOURCE, 32) + (l4LengthBytes >>> 16) + (l4LengthBytes & 0xFFFF) + nextHeader;
    }

    /**
     * The sum of the pseudo header for the IP header at {@code ipOffset} (version read from its first
     * byte), or 0 for ICMPv4, which has none.
     */
    static long pseudoHeaderSum(byte[] b, int ipOffset, int protocol, int l4LengthBytes) {
        if (protocol == IpProtocols.ICMP) return 0;
        return (b[ipOffset] & 0xF0) == 0x40
                ? pseudoHeaderSumV4(b, ipOffset, protocol, l4LengthBytes)
                : pseudoHeaderSumV6(b, ipOffset, protocol, l4LengthBytes);
    }

    /**
     * Computes the TCP, UDP, ICMP or ICMPv6 checksum of the segment at {@code l4Offset} of
     * {@code l4LengthBytes} (the checksum field is treated as zero) and stores it. A UDP result of
     * 0 is sent as 0xFFFF (RFC 768). Returns the stored value.
     */
    public static int computeTransport(byte[] b, int ipOffset, int protocol, int l4Offset, int l4LengthBytes) {
        int field = l4Offset + checksumFieldOffset(protocol);
        Bytes.put16(b, field, 0);
        int c = finish(pseudoHeaderSum(b, ipOffset, protocol, l4LengthBytes) + sum(b, l4Offset, l4LengthBytes));
        if (c == 0 && protocol == IpProtocols.UDP) c = 0xFFFF;
        Bytes.put16(b, field, c);
        return c;
    }

    /** True when the stored TCP/UDP/ICMP checksum is right; UDP over IPv4 with checksum 0 (none sent) counts as right. */
    public static boolean verifyTransport(byte[] b, int ipOffset, int protocol, int l4Offset, int l4LengthBytes) {
        if (protocol == IpProtocols.UDP && Bytes.u16(b, l4Offset + UdpHeader.OFF_CHECKSUM) == 0) {
            return (b[ipOffset] & 0xF0) == 0x40;
        }
        return fold(pseudoHeaderSum(b, ipOffset, protocol, l4LengthBytes) + sum(b, l4Offset, l4LengthBytes)) == 0xFFFF;
    }

    static int checksumFieldOffset(int protocol) {
        return switch (protocol) {
            case IpProtocols.TCP -> TcpHeader.OFF_CHECKSUM;
            case IpProtocols.UDP -> UdpHeader.OFF_CHECKSUM;
            case IpProtocols.ICMP, IpProtocols.ICMPV6 -> IcmpHeader.OFF_CHECKSUM;
            default -> throw new IllegalArgumentException("no transport checksum for IP protocol " + protocol);
        };
    }
}
