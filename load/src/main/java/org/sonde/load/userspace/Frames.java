package org.sonde.load.userspace;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Ethernet/IPv4/TCP, Ethernet/IPv6/TCP, ARP and IPv6 neighbour discovery frames as the user-space
 * stack writes and reads them: fixed offsets (no IPv4 options, no IPv6 extension headers; TCP
 * options only in SYNs, an MSS), network byte order, real checksums. Writing computes the IPv4
 * header checksum and the TCP checksum over the IPv4 or IPv6 pseudo header; reading does not
 * verify TCP checksums, because a kernel peer on a veth link leaves them to offload
 * (CHECKSUM_PARTIAL) and the frame arrives with only the pseudo-header sum in it.
 *
 * <p>An IPv6 address is carried as its high 96 bits (a 12-byte prefix, the same for every address
 * of one side) and its low 32 bits (an int, which the 64-byte socket keeps as it keeps an IPv4
 * address): the readers' {@link #srcIp} and {@link #dstIp} give the low 32 bits of an IPv6 frame.
 * The readers tell the family by the EtherType, so one stack code reads both.
 */
final class Frames {
    private Frames() {}

    static final ValueLayout.OfShort BE_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    public static final int ETHER_HEADER = 14;
    public static final int ETHERTYPE_IPV4 = 0x0800;
    public static final int ETHERTYPE_ARP = 0x0806;
    public static final int ETHERTYPE_IPV6 = 0x86DD;
    static final int IP = ETHER_HEADER;
    static final int IP_HEADER = 20;
    static final int TCP = IP + IP_HEADER;
    static final int TCP_HEADER = 20;
    static final int IP6_HEADER = 40;
    /** Where TCP starts after an IPv6 header. */
    static final int TCP6 = IP + IP6_HEADER;
    /** The length of an IPv6 address's high part, kept once per side ({@link #srcHigh}). */
    static final int PREFIX_BYTES = 12;
    static final int MSS_OPTION = 4;
    /** An MSS that keeps every payload in one segment on a 1500-byte MTU. */
    public static final int MSS = org.sonde.load.config.ConfigParser.USERSPACE_PAYLOAD_MAX;
    /** The same over IPv6, whose header is 20 bytes longer (dperf's 1440). */
    public static final int MSS6 = MSS - (IP6_HEADER - IP_HEADER);
    /** Ethernet's minimum frame (without FCS); shorter frames are padded. */
    static final int MIN_FRAME = 60;
    static final int PROTO_TCP = 6;
    static final int PROTO_ICMPV6 = 58;
    static final int PROTO_UDP = 17;
    static final int VXLAN_PORT = 4789;
    /** Where the inner frame starts in a VXLAN frame: outer Ethernet, IPv4, UDP, VXLAN. */
    static final int VXLAN_INNER = org.sonde.load.config.VxlanSpec.OVERHEAD;
    static final int NEIGHBOR_SOLICITATION = 135;
    static final int NEIGHBOR_ADVERTISEMENT = 136;
    /** ICMPv6 neighbour discovery: type, code, checksum, flags, target address, one link-layer address option. */
    static final int ND_LENGTH = 8 + 16 + 8;

    public static final int FIN = 0x01;
    public static final int SYN = 0x02;
    public static final int RST = 0x04;
    public static final int PSH = 0x08;
    public static final int ACK = 0x10;

    static int u8(MemorySegment f, long off) {
        return f.get(ValueLayout.JAVA_BYTE, off) & 0xff;
    }

    static int u16(MemorySegment f, long off) {
        return f.get(BE_SHORT, off) & 0xffff;
    }

    static int i32(MemorySegment f, long off) {
        return f.get(BE_INT, off);
    }

    static void u16(MemorySegment f, long off, int v) {
        f.set(BE_SHORT, off, (short) v);
    }

    static void i32(MemorySegment f, long off, int v) {
        f.set(BE_INT, off, v);
    }

    static void mac(MemorySegment f, long off, byte[] mac) {
        MemorySegment.copy(mac, 0, f, ValueLayout.JAVA_BYTE, off, 6);
    }

    /** The Internet checksum's one's-complement sum of {@code len} bytes, added to {@code sum} (not folded). */
    static long sum(MemorySegment f, long off, int len, long sum) {
        int i = 0;
        for (; i + 1 < len; i += 2) sum += f.get(BE_SHORT, off + i) & 0xffff;
        if (i < len) sum += (f.get(ValueLayout.JAVA_BYTE, off + i) & 0xff) << 8;
        return sum;
    }

    static int fold(long sum) {
        while ((sum >>> 16) != 0) sum = (sum & 0xffff) + (sum >>> 16);
        return (int) (~sum & 0xffff);
    }

    /** Writes a whole TCP/IPv4 frame: {@link #tcp(MemorySegment, byte[], byte[], int, int, byte[], byte[], int, int, int, int, int, int, int, int)} without prefixes. */
    static int tcp(MemorySegment f, byte[] dstMac, byte[] srcMac, int srcIp, int dstIp, int srcPort, int dstPort,
                   int seq, int ack, int flags, int payloadLength, int tos) {
        return tcp(f, dstMac, srcMac, srcIp, dstIp, null, null, srcPort, dstPort, seq, ack, flags, payloadLength, tos, MSS);
    }

    /**
     * Writes a whole TCP frame into {@code f} and returns its length: IPv4 when {@code srcHigh} is
     * null, else IPv6 with the addresses {@code srcHigh}+{@code srcIp} and {@code dstHigh}+{@code dstIp}
     * ({@code tos} is then the traffic class); a SYN announces {@code mss}. The payload, if any, must already be at
     * {@link #payloadOffset}({@code syn}, v6) — the caller copies its fixed payload there once per
     * send (stop-and-wait keeps no buffers).
     */
    static int tcp(MemorySegment f, byte[] dstMac, byte[] srcMac, int srcIp, int dstIp, byte[] srcHigh, byte[] dstHigh, int srcPort, int dstPort,
                   int seq, int ack, int flags, int payloadLength, int tos, int mss) {
        boolean syn = (flags & SYN) != 0;
        boolean v6 = srcHigh != null;
        int tcpHeader = TCP_HEADER + (syn ? MSS_OPTION : 0);
        int tcpLength = tcpHeader + payloadLength;
        int tcp = v6 ? TCP6 : TCP;
        mac(f, 0, dstMac);
        mac(f, 6, srcMac);
        long s;
        if (v6) {
            u16(f, 12, ETHERTYPE_IPV6);
            i32(f, IP, 0x6000_0000 | (tos & 0xff) << 20);
            u16(f, IP + 4, tcpLength);
            f.set(ValueLayout.JAVA_BYTE, IP + 6, (byte) PROTO_TCP);
            f.set(ValueLayout.JAVA_BYTE, IP + 7, (byte) 64);
            address6(f, IP + 8, srcHigh, srcIp);
            address6(f, IP + 24, dstHigh, dstIp);
            s = sum(f, IP + 8, 32, PROTO_TCP + tcpLength); // pseudo header: addresses, upper-layer length, next header
        } else {
            int ipLength = IP_HEADER + tcpLength;
            u16(f, 12, ETHERTYPE_IPV4);
            f.set(ValueLayout.JAVA_BYTE, IP, (byte) 0x45);
            f.set(ValueLayout.JAVA_BYTE, IP + 1, (byte) tos);
            u16(f, IP + 2, ipLength);
            u16(f, IP + 4, 0);
            u16(f, IP + 6, 0x4000); // don't fragment
            f.set(ValueLayout.JAVA_BYTE, IP + 8, (byte) 64);
            f.set(ValueLayout.JAVA_BYTE, IP + 9, (byte) PROTO_TCP);
            u16(f, IP + 10, 0);
            i32(f, IP + 12, srcIp);
            i32(f, IP + 16, dstIp);
            u16(f, IP + 10, fold(sum(f, IP, IP_HEADER, 0)));
            // pseudo-header: addresses, protocol, TCP length
            s = ((srcIp >>> 16) & 0xffff) + (srcIp & 0xffff) + ((dstIp >>> 16) & 0xffff) + (dstIp & 0xffff) + PROTO_TCP + tcpLength;
        }
        u16(f, tcp, srcPort);
        u16(f, tcp + 2, dstPort);
        i32(f, tcp + 4, seq);
        i32(f, tcp + 8, ack);
        f.set(ValueLayout.JAVA_BYTE, tcp + 12, (byte) ((tcpHeader / 4) << 4));
        f.set(ValueLayout.JAVA_BYTE, tcp + 13, (byte) flags);
        u16(f, tcp + 14, 65535);
        u16(f, tcp + 16, 0);
        u16(f, tcp + 18, 0);
        if (syn) {
            f.set(ValueLayout.JAVA_BYTE, tcp + 20, (byte) 2);
            f.set(ValueLayout.JAVA_BYTE, tcp + 21, (byte) 4);
            u16(f, tcp + 22, mss);
        }
        u16(f, tcp + 16, fold(sum(f, tcp, tcpLength, s)));
        return pad(f, tcp + tcpLength);
    }

    /** Pads a frame shorter than Ethernet's minimum with zeros; returns its length on the wire. */
    private static int pad(MemorySegment f, int length) {
        if (length < MIN_FRAME) {
            f.asSlice(length, MIN_FRAME - length).fill((byte) 0);
            return MIN_FRAME;
        }
        return length;
    }

    private static void address6(MemorySegment f, long off, byte[] high, int low) {
        MemorySegment.copy(high, 0, f, ValueLayout.JAVA_BYTE, off, PREFIX_BYTES);
        i32(f, off + PREFIX_BYTES, low);
    }

    /** Where a TCP payload starts in a frame written by {@link #tcp} (SYNs carry the MSS option). */
    static int payloadOffset(boolean syn, boolean v6) {
        return (v6 ? TCP6 : TCP) + TCP_HEADER + (syn ? MSS_OPTION : 0);
    }

    /**
     * A neighbour solicitation (RFC 4861 §4.3) from {@code srcHigh}+{@code srcLow} for the target
     * {@code targetHigh}+{@code targetLow}, to the target's solicited-node multicast address and
     * MAC, with this side's MAC as the source link-layer option; returns the frame's length.
     */
    static int neighborSolicitation(MemorySegment f, byte[] srcMac, byte[] srcHigh, int srcLow, byte[] targetHigh, int targetLow) {
        byte[] group = {(byte) 0x33, (byte) 0x33, (byte) 0xff, (byte) (targetLow >>> 16), (byte) (targetLow >>> 8), (byte) targetLow};
        mac(f, 0, group);
        mac(f, 6, srcMac);
        byte[] solicitedNode = {(byte) 0xff, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
        return neighbor(f, NEIGHBOR_SOLICITATION, 0, srcHigh, srcLow, solicitedNode, 0xff00_0000 | (targetLow & 0xff_ffff), targetHigh, targetLow, 1, srcMac);
    }

    /**
     * A solicited neighbour advertisement (RFC 4861 §4.4, flags Solicited and Override) for the
     * target {@code targetHigh}+{@code targetLow}, from that address to the asker's address and
     * MAC, with this side's MAC as the target link-layer option; returns the frame's length.
     */
    static int neighborAdvertisement(MemorySegment f, byte[] dstMac, byte[] srcMac, byte[] targetHigh, int targetLow, byte[] dstHigh, int dstLow) {
        mac(f, 0, dstMac);
        mac(f, 6, srcMac);
        return neighbor(f, NEIGHBOR_ADVERTISEMENT, 0x6000_0000, targetHigh, targetLow, dstHigh, dstLow, targetHigh, targetLow, 2, srcMac);
    }

    private static int neighbor(MemorySegment f, int type, int flags, byte[] srcHigh, int srcLow, byte[] dstHigh, int dstLow,
                                byte[] targetHigh, int targetLow, int option, byte[] optionMac) {
        u16(f, 12, ETHERTYPE_IPV6);
        i32(f, IP, 0x6000_0000);
        u16(f, IP + 4, ND_LENGTH);
        f.set(ValueLayout.JAVA_BYTE, IP + 6, (byte) PROTO_ICMPV6);
        f.set(ValueLayout.JAVA_BYTE, IP + 7, (byte) 255); // RFC 4861: receivers drop neighbour discovery with any other hop limit
        address6(f, IP + 8, srcHigh, srcLow);
        address6(f, IP + 24, dstHigh, dstLow);
        int icmp = TCP6;
        f.set(ValueLayout.JAVA_BYTE, icmp, (byte) type);
        f.set(ValueLayout.JAVA_BYTE, icmp + 1, (byte) 0);
        u16(f, icmp + 2, 0);
        i32(f, icmp + 4, flags);
        address6(f, icmp + 8, targetHigh, targetLow);
        f.set(ValueLayout.JAVA_BYTE, icmp + 24, (byte) option);
        f.set(ValueLayout.JAVA_BYTE, icmp + 25, (byte) 1); // length in units of 8 bytes
        mac(f, icmp + 26, optionMac);
        u16(f, icmp + 2, fold(sum(f, icmp, ND_LENGTH, sum(f, IP + 8, 32, PROTO_ICMPV6 + ND_LENGTH))));
        return pad(f, icmp + ND_LENGTH);
    }

    /** An ARP request (oper 1) or reply (oper 2); returns the frame's length. */
    static int arp(MemorySegment f, int oper, byte[] dstMac, byte[] srcMac, int senderIp, byte[] targetMac, int targetIp) {
        mac(f, 0, dstMac);
        mac(f, 6, srcMac);
        u16(f, 12, ETHERTYPE_ARP);
        u16(f, 14, 1); // Ethernet
        u16(f, 16, ETHERTYPE_IPV4);
        f.set(ValueLayout.JAVA_BYTE, 18, (byte) 6);
        f.set(ValueLayout.JAVA_BYTE, 19, (byte) 4);
        u16(f, 20, oper);
        mac(f, 22, srcMac);
        i32(f, 28, senderIp);
        mac(f, 32, targetMac);
        i32(f, 38, targetIp);
        f.asSlice(42, MIN_FRAME - 42).fill((byte) 0);
        return MIN_FRAME;
    }

    static final byte[] BROADCAST = {-1, -1, -1, -1, -1, -1};
    static final byte[] ZERO_MAC = new byte[6];

    // reading: each accessor takes a frame already checked by isTcp / isArp

    static int etherType(MemorySegment f) {
        return u16(f, 12);
    }

    static boolean isV6(MemorySegment f) {
        return etherType(f) == ETHERTYPE_IPV6;
    }

    /** Where TCP starts in a frame {@link #isTcp} accepted. */
    static int tcpAt(MemorySegment f) {
        return isV6(f) ? TCP6 : TCP;
    }

    /**
     * An IPv4 TCP frame without IP options or fragmentation, or an IPv6 one whose next header is
     * TCP (no extension headers), whose lengths fit the frame.
     */
    static boolean isTcp(MemorySegment f, int length) {
        int type = etherType(f);
        if (type == ETHERTYPE_IPV6) {
            if (length < TCP6 + TCP_HEADER || u8(f, IP) >>> 4 != 6 || u8(f, IP + 6) != PROTO_TCP) return false;
            int tcpLength = u16(f, IP + 4);
            int tcpHeader = (u8(f, TCP6 + 12) >>> 4) * 4;
            return IP6_HEADER + tcpLength <= length - ETHER_HEADER && tcpHeader >= TCP_HEADER && tcpHeader <= tcpLength;
        }
        if (length < TCP + TCP_HEADER || type != ETHERTYPE_IPV4) return false;
        if (u8(f, IP) != 0x45 || u8(f, IP + 9) != PROTO_TCP) return false;
        if ((u16(f, IP + 6) & 0x3fff) != 0) return false; // a fragment: dperf counts it as badRx
        int ipLength = u16(f, IP + 2);
        int tcpHeader = (u8(f, TCP + 12) >>> 4) * 4;
        return ipLength <= length - ETHER_HEADER && tcpHeader >= TCP_HEADER && IP_HEADER + tcpHeader <= ipLength;
    }

    /** The source address, or an IPv6 source's low 32 bits. */
    static int srcIp(MemorySegment f) {
        return isV6(f) ? i32(f, IP + 8 + PREFIX_BYTES) : i32(f, IP + 12);
    }

    /** The destination address, or an IPv6 destination's low 32 bits. */
    static int dstIp(MemorySegment f) {
        return isV6(f) ? i32(f, IP + 24 + PREFIX_BYTES) : i32(f, IP + 16);
    }

    /** Whether an IPv6 frame's source address starts with {@code high}. */
    static boolean srcHigh(MemorySegment f, byte[] high) {
        return sameBytes(f, IP + 8, high);
    }

    /** Whether an IPv6 frame's destination address starts with {@code high}. */
    static boolean dstHigh(MemorySegment f, byte[] high) {
        return sameBytes(f, IP + 24, high);
    }

    private static boolean sameBytes(MemorySegment f, long off, byte[] high) {
        for (int i = 0; i < PREFIX_BYTES; i++) if (f.get(ValueLayout.JAVA_BYTE, off + i) != high[i]) return false;
        return true;
    }

    static int srcPort(MemorySegment f) {
        return u16(f, tcpAt(f));
    }

    static int dstPort(MemorySegment f) {
        return u16(f, tcpAt(f) + 2);
    }

    static int seq(MemorySegment f) {
        return i32(f, tcpAt(f) + 4);
    }

    static int ack(MemorySegment f) {
        return i32(f, tcpAt(f) + 8);
    }

    /** The window field: what the peer can take beyond the ACK (no window scaling is negotiated, so it is in bytes). */
    static int window(MemorySegment f) {
        return u16(f, tcpAt(f) + 14);
    }

    static int flags(MemorySegment f) {
        return u8(f, tcpAt(f) + 13);
    }

    static int payloadStart(MemorySegment f) {
        int tcp = tcpAt(f);
        return tcp + (u8(f, tcp + 12) >>> 4) * 4;
    }

    static int payloadLength(MemorySegment f) {
        if (isV6(f)) return u16(f, IP + 4) - (u8(f, TCP6 + 12) >>> 4) * 4;
        return u16(f, IP + 2) - IP_HEADER - (u8(f, TCP + 12) >>> 4) * 4;
    }

    /** RFC 9293's MSS when a SYN announces none. */
    static final int DEFAULT_MSS = 536;

    /** The MSS option of a SYN (kind 2), or {@link #DEFAULT_MSS} when it has none. */
    static int mssOption(MemorySegment f) {
        int tcp = tcpAt(f);
        int end = payloadStart(f);
        for (int o = tcp + TCP_HEADER; o < end; ) {
            int kind = u8(f, o);
            if (kind == 0) break; // end of options
            if (kind == 1) { // no-op
                o++;
                continue;
            }
            if (o + 1 >= end) break;
            int len = u8(f, o + 1);
            if (len < 2 || o + len > end) break;
            if (kind == 2 && len == 4) return u16(f, o + 2);
            o += len;
        }
        return DEFAULT_MSS;
    }

    /**
     * A neighbour solicitation or advertisement (RFC 4861 §7.1.1: hop limit 255, code 0, at least
     * 24 bytes) with a right ICMPv6 checksum (the kernel computes it in full for neighbour discovery).
     */
    static boolean isNeighbor(MemorySegment f, int length) {
        if (length < TCP6 + 24 || etherType(f) != ETHERTYPE_IPV6 || u8(f, IP + 6) != PROTO_ICMPV6 || u8(f, IP + 7) != 255) return false;
        int type = u8(f, TCP6);
        int icmpLength = u16(f, IP + 4);
        if ((type != NEIGHBOR_SOLICITATION && type != NEIGHBOR_ADVERTISEMENT) || u8(f, TCP6 + 1) != 0) return false;
        if (icmpLength < 24 || IP6_HEADER + icmpLength > length - ETHER_HEADER) return false;
        return fold(sum(f, TCP6, icmpLength, sum(f, IP + 8, 32, PROTO_ICMPV6 + icmpLength))) == 0;
    }

    static int neighborType(MemorySegment f) {
        return u8(f, TCP6);
    }

    /** A neighbour message's whole target address. */
    static byte[] neighborTarget(MemorySegment f) {
        byte[] a = new byte[16];
        MemorySegment.copy(f, ValueLayout.JAVA_BYTE, TCP6 + 8, a, 0, 16);
        return a;
    }

    /** A neighbour message's source address (the asker of a solicitation). */
    static byte[] srcAddress6(MemorySegment f) {
        byte[] a = new byte[16];
        MemorySegment.copy(f, ValueLayout.JAVA_BYTE, IP + 8, a, 0, 16);
        return a;
    }

    /**
     * The link-layer address option of a neighbour message (source in a solicitation, target in an
     * advertisement), or null when it has none.
     */
    static byte[] neighborMac(MemorySegment f) {
        int end = TCP6 + u16(f, IP + 4);
        int want = neighborType(f) == NEIGHBOR_SOLICITATION ? 1 : 2;
        for (int o = TCP6 + 24; o + 8 <= end; ) {
            int len = u8(f, o + 1) * 8;
            if (len == 0) return null; // RFC 4861 §4.6: a zero length is invalid
            if (u8(f, o) == want && len >= 8) {
                byte[] mac = new byte[6];
                MemorySegment.copy(f, ValueLayout.JAVA_BYTE, o + 2, mac, 0, 6);
                return mac;
            }
            o += len;
        }
        return null;
    }

    static boolean isArp(MemorySegment f, int length) {
        return length >= 42 && etherType(f) == ETHERTYPE_ARP && u16(f, 14) == 1 && u16(f, 16) == ETHERTYPE_IPV4;
    }

    static int arpOper(MemorySegment f) {
        return u16(f, 20);
    }

    static int arpSenderIp(MemorySegment f) {
        return i32(f, 28);
    }

    static int arpTargetIp(MemorySegment f) {
        return i32(f, 38);
    }

    static byte[] arpSenderMac(MemorySegment f) {
        byte[] mac = new byte[6];
        MemorySegment.copy(f, ValueLayout.JAVA_BYTE, 22, mac, 0, 6);
        return mac;
    }

    static void srcMac(MemorySegment f, byte[] into) {
        MemorySegment.copy(f, ValueLayout.JAVA_BYTE, 6, into, 0, 6);
    }

    /**
     * Writes the outer headers of a VXLAN frame (RFC 7348) in front of the {@code innerLength}-byte
     * inner frame already at {@link #VXLAN_INNER}: Ethernet, IPv4 with its checksum, UDP to port 4789
     * with checksum 0 (RFC 7348 §5 has senders send 0 over IPv4, and Linux's vxlan device does), and
     * the VXLAN header with the I flag and {@code vni}. Returns the whole frame's length.
     */
    static int vxlan(MemorySegment f, byte[] dstMac, byte[] srcMac, int srcIp, int dstIp, int srcPort, int vni, int innerLength, int tos) {
        int ipLength = IP_HEADER + 8 + 8 + innerLength;
        mac(f, 0, dstMac);
        mac(f, 6, srcMac);
        u16(f, 12, ETHERTYPE_IPV4);
        f.set(ValueLayout.JAVA_BYTE, IP, (byte) 0x45);
        f.set(ValueLayout.JAVA_BYTE, IP + 1, (byte) tos);
        u16(f, IP + 2, ipLength);
        u16(f, IP + 4, 0);
        u16(f, IP + 6, 0x4000);
        f.set(ValueLayout.JAVA_BYTE, IP + 8, (byte) 64);
        f.set(ValueLayout.JAVA_BYTE, IP + 9, (byte) PROTO_UDP);
        u16(f, IP + 10, 0);
        i32(f, IP + 12, srcIp);
        i32(f, IP + 16, dstIp);
        u16(f, IP + 10, fold(sum(f, IP, IP_HEADER, 0)));
        int udp = IP + IP_HEADER;
        u16(f, udp, srcPort);
        u16(f, udp + 2, VXLAN_PORT);
        u16(f, udp + 4, ipLength - IP_HEADER);
        u16(f, udp + 6, 0);
        i32(f, udp + 8, 0x0800_0000);
        i32(f, udp + 12, vni << 8);
        return ETHER_HEADER + ipLength;
    }

    /**
     * A VXLAN frame to {@code localVtep} with network identifier {@code vni}: outer IPv4 without
     * options or fragmentation and a right header checksum, UDP to port 4789, the I flag, and room
     * for at least an inner Ethernet header.
     */
    static boolean isVxlan(MemorySegment f, int length, int localVtep, int vni) {
        if (length < VXLAN_INNER + ETHER_HEADER || etherType(f) != ETHERTYPE_IPV4 || u8(f, IP) != 0x45 || u8(f, IP + 9) != PROTO_UDP) return false;
        if ((u16(f, IP + 6) & 0x3fff) != 0 || i32(f, IP + 16) != localVtep) return false;
        int ipLength = u16(f, IP + 2);
        if (ipLength > length - ETHER_HEADER || ipLength < VXLAN_INNER) return false; // outer IPv4, UDP, VXLAN and an inner Ethernet header
        int udp = IP + IP_HEADER;
        if (u16(f, udp + 2) != VXLAN_PORT || (u8(f, udp + 8) & 0x08) == 0 || (i32(f, udp + 12) >>> 8) != vni) return false;
        return fold(sum(f, IP, IP_HEADER, 0)) == 0;
    }

    /** The length of a VXLAN frame's inner frame (what the outer IPv4 length leaves for it). */
    static int vxlanInnerLength(MemorySegment f) {
        return u16(f, IP + 2) - (VXLAN_INNER - ETHER_HEADER);
    }

    /** Whether the frame's IPv4 header checksum is right (the kernel always fills it in); IPv6 has none. */
    static boolean ipChecksumOk(MemorySegment f) {
        return isV6(f) || fold(sum(f, IP, IP_HEADER, 0)) == 0;
    }

    /** Whether the TCP checksum is right (tests: frames from this stack always have full checksums). */
    static boolean tcpChecksumOk(MemorySegment f) {
        if (isV6(f)) {
            int tcpLength = u16(f, IP + 4);
            return fold(sum(f, TCP6, tcpLength, sum(f, IP + 8, 32, PROTO_TCP + tcpLength))) == 0;
        }
        int src = srcIp(f);
        int dst = dstIp(f);
        int tcpLength = u16(f, IP + 2) - IP_HEADER;
        long s = ((src >>> 16) & 0xffff) + (src & 0xffff) + ((dst >>> 16) & 0xffff) + (dst & 0xffff) + PROTO_TCP + tcpLength;
        return fold(sum(f, TCP, tcpLength, s)) == 0;
    }
}
