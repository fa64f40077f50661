package org.sonde.packet;

import java.util.Objects;
import java.util.zip.CRC32;

/**
 * The RoCEv2 invariant CRC, the 4-byte trailer of every RoCEv2 packet (IBA Annex A17.8), and the
 * record for it in a decoded {@link Packet}.
 *
 * <p>It is the standard CRC-32 ({@link CRC32}) of a pseudo packet: 8 bytes of 0xFF for the LRH
 * that RoCEv2 lacks, then the IP header with the fields routers change set to ones (IPv4: TOS, TTL,
 * header checksum; IPv6: traffic class, flow label, hop limit), the UDP header with its checksum set
 * to ones, the BTH with its resv8a byte (FECN, BECN and 6 reserved bits) set to ones, then the rest
 * of the packet up to the ICRC. The CRC value is stored least significant byte first; this matches
 * an ICRC captured from a ConnectX-4 Lx NIC (see the known-answer test).
 *
 * @param value the CRC-32 value (the 4 trailer bytes read little-endian)
 */
public record Icrc(int value) implements Header {
    public static final int LENGTH = 4;
    private static final byte[] ONES = {-1, -1, -1, -1, -1, -1, -1, -1};
    private static final String LAYER = "ICRC";
    /** Room for IPv4 with options (60) or IPv6 (40), UDP (8) and BTH (12). */
    static final int SCRATCH_BYTES = 80;

    public static Icrc decode(byte[] b, int off, int len) {
        DecodeException.require(LAYER, off, off + len, LENGTH, 0);
        return new Icrc(read(b, off));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        write(b, off, value);
        return LENGTH;
    }

    /** The stored ICRC at {@code icrcOffset} (little-endian). */
    public static int read(byte[] frame, int icrcOffset) {
        return Bytes.i32le(frame, icrcOffset);
    }

    /** Stores {@code value} at {@code icrcOffset} (little-endian). */
    public static void write(byte[] frame, int icrcOffset, int value) {
        Bytes.put32le(frame, icrcOffset, value);
    }

    /**
     * The ICRC of the RoCEv2 packet whose IP header starts at {@code ipOffset} and whose ICRC starts
     * at {@code icrcOffset}. Throws {@link DecodeException} when the bytes there are not IP, UDP and
     * a BTH.
     */
    public static int compute(byte[] frame, int ipOffset, int icrcOffset) {
        Objects.checkFromToIndex(ipOffset, icrcOffset, frame.length);
        int udpOffset = udpOffset(frame, ipOffset, icrcOffset);
        return compute(frame, ipOffset, udpOffset, icrcOffset, new CRC32(), new byte[SCRATCH_BYTES]);
    }

    /** Computes the ICRC and stores it at {@code icrcOffset}; returns it. */
    public static int computeAndStore(byte[] frame, int ipOffset, int icrcOffset) {
        int v = compute(frame, ipOffset, icrcOffset);
        write(frame, icrcOffset, v);
        return v;
    }

    /** True when the stored ICRC matches the computed one. */
    public static boolean verify(byte[] frame, int ipOffset, int icrcOffset) {
        Objects.checkFromIndexSize(icrcOffset, LENGTH, frame.length);
        return compute(frame, ipOffset, icrcOffset) == read(frame, icrcOffset);
    }

    /** Where the UDP header of the IP packet at {@code ipOffset} starts (after IPv4 options or IPv6 extension headers). */
    private static int udpOffset(byte[] f, int ip, int end) {
        int protocol;
        int p;
        DecodeException.require(LAYER, ip, end, 1, 0);
        if ((f[ip] & 0xF0) == 0x40) {
            p = ip + Ipv4Header.checkedHeaderLength(f, ip, end, 0);
            protocol = Bytes.u8(f, ip + Ipv4Header.OFF_PROTOCOL);
        } else {
            Ipv6Header.check(f, ip, end, 0);
            protocol = Bytes.u8(f, ip + Ipv6Header.OFF_NEXT_HEADER);
            p = ip + Ipv6Header.LENGTH;
            while (IpProtocols.isIpv6Extension(protocol)) {
                int len = Ipv6ExtensionHeader.checkedLength(protocol, f, p, end, 0);
                protocol = Bytes.u8(f, p);
                p += len;
            }
        }
        if (protocol != IpProtocols.UDP) throw new DecodeException(LAYER, ip, "IP protocol " + protocol + " is not UDP");
        return p;
    }

    /**
     * The ICRC given the offsets of the IP and UDP headers (the BTH follows the UDP header). The
     * headers are copied into {@code scratch} (a larger one is allocated if it is too small) and
     * masked there; {@code crc} is reset and reused. Returns the CRC value.
     */
    static int compute(byte[] f, int ip, int udp, int icrcOffset, CRC32 crc, byte[] scratch) {
        int bth = udp + UdpHeader.LENGTH;
        DecodeException.require(LAYER, bth, icrcOffset, Bth.LENGTH, 0);
        int headerBytes = bth + Bth.LENGTH - ip;
        byte[] h = scratch.length >= headerBytes ? scratch : new byte[headerBytes];
        System.arraycopy(f, ip, h, 0, headerBytes);
        if ((h[0] & 0xF0) == 0x40) {
            h[Ipv4Header.OFF_TOS] = -1;
            h[Ipv4Header.OFF_TTL] = -1;
            h[Ipv4Header.OFF_CHECKSUM] = -1;
            h[Ipv4Header.OFF_CHECKSUM + 1] = -1;
        } else {
            h[0] |= 0x0F; // traffic class (high nibble)
            h[1] = -1;    // traffic class (low nibble), flow label
            h[2] = -1;
            h[3] = -1;
            h[Ipv6Header.OFF_HOP_LIMIT] = -1;
        }
        int u = udp - ip;
        h[u + UdpHeader.OFF_CHECKSUM] = -1;
        h[u + UdpHeader.OFF_CHECKSUM + 1] = -1;
        h[u + UdpHeader.LENGTH + Bth.OFF_RESV8A] = -1;
        crc.reset();
        crc.update(ONES, 0, 8); // the LRH that RoCEv2 lacks
        crc.update(h, 0, headerBytes);
        crc.update(f, bth + Bth.LENGTH, icrcOffset - bth - Bth.LENGTH);
        return (int) crc.getValue();
    }
}
