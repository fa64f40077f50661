package org.sonde.load.userspace;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Ethernet/IPv4/TCP and ARP frames as the user-space stack writes and reads them: fixed offsets
 * (no IP options; TCP options only in SYNs, an MSS), network byte order, real checksums. Writing
 * computes the IPv4 and TCP checksums over the frame; reading does not verify TCP checksums,
 * because a kernel peer on a veth link leaves them to offload (CHECKSUM_PARTIAL) and the frame
 * arrives with only the pseudo-header sum in it.
 */
final class Frames {
    private Frames() {}

    static final ValueLayout.OfShort BE_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    public static final int ETHER_HEADER = 14;
    public static final int ETHERTYPE_IPV4 = 0x0800;
    public static final int ETHERTYPE_ARP = 0x0806;
    static final int IP = ETHER_HEADER;
    static final int IP_HEADER = 20;
    static final int TCP = IP + IP_HEADER;
    static final int TCP_HEADER = 20;
    static final int MSS_OPTION = 4;
    /** An MSS that keeps every payload in one segment on a 1500-byte MTU. */
    public static final int MSS = org.sonde.load.config.ConfigParser.USERSPACE_PAYLOAD_MAX;
    /** Ethernet's minimum frame (without FCS); shorter frames are padded. */
    static final int MIN_FRAME = 60;
    static final int PROTO_TCP = 6;

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

    /**
     * Writes a whole TCP/IPv4 frame into {@code f} and returns its length. The payload, if any,
     * must already be at {@link #payloadOffset}({@code syn}) — the caller copies its fixed
     * payload there once per send (stop-and-wait keeps no buffers).
     */
    static int tcp(MemorySegment f, byte[] dstMac, byte[] srcMac, int srcIp, int dstIp, int srcPort, int dstPort,
                   int seq, int ack, int flags, int payloadLength, int tos) {
        boolean syn = (flags & SYN) != 0;
        int tcpHeader = TCP_HEADER + (syn ? MSS_OPTION : 0);
        int ipLength = IP_HEADER + tcpHeader + payloadLength;
        mac(f, 0, dstMac);
        mac(f, 6, srcMac);
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
        u16(f, TCP, srcPort);
        u16(f, TCP + 2, dstPort);
        i32(f, TCP + 4, seq);
        i32(f, TCP + 8, ack);
        f.set(ValueLayout.JAVA_BYTE, TCP + 12, (byte) ((tcpHeader / 4) << 4));
        f.set(ValueLayout.JAVA_BYTE, TCP + 13, (byte) flags);
        u16(f, TCP + 14, 65535);
        u16(f, TCP + 16, 0);
        u16(f, TCP + 18, 0);
        if (syn) {
            f.set(ValueLayout.JAVA_BYTE, TCP + 20, (byte) 2);
            f.set(ValueLayout.JAVA_BYTE, TCP + 21, (byte) 4);
            u16(f, TCP + 22, MSS);
        }
        int tcpLength = tcpHeader + payloadLength;
        // pseudo-header: addresses, protocol, TCP length
        long s = ((srcIp >>> 16) & 0xffff) + (srcIp & 0xffff) + ((dstIp >>> 16) & 0xffff) + (dstIp & 0xffff) + PROTO_TCP + tcpLength;
        u16(f, TCP + 16, fold(sum(f, TCP, tcpLength, s)));
        int length = ETHER_HEADER + ipLength;
        if (length < MIN_FRAME) {
            f.asSlice(length, MIN_FRAME - length).fill((byte) 0);
            length = MIN_FRAME;
        }
        return length;
    }

    /** Where a TCP payload starts in a frame written by {@link #tcp} (SYNs carry the MSS option). */
    static int payloadOffset(boolean syn) {
        return TCP + TCP_HEADER + (syn ? MSS_OPTION : 0);
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

    /** An IPv4 TCP frame without IP options or fragmentation, whose lengths fit the frame. */
    static boolean isTcp(MemorySegment f, int length) {
        if (length < TCP + TCP_HEADER || etherType(f) != ETHERTYPE_IPV4) return false;
        if (u8(f, IP) != 0x45 || u8(f, IP + 9) != PROTO_TCP) return false;
        if ((u16(f, IP + 6) & 0x3fff) != 0) return false; // a fragment: dperf counts it as badRx
        int ipLength = u16(f, IP + 2);
        int tcpHeader = (u8(f, TCP + 12) >>> 4) * 4;
        return ipLength <= length - ETHER_HEADER && tcpHeader >= TCP_HEADER && IP_HEADER + tcpHeader <= ipLength;
    }

    static int srcIp(MemorySegment f) {
        return i32(f, IP + 12);
    }

    static int dstIp(MemorySegment f) {
        return i32(f, IP + 16);
    }

    static int srcPort(MemorySegment f) {
        return u16(f, TCP);
    }

    static int dstPort(MemorySegment f) {
        return u16(f, TCP + 2);
    }

    static int seq(MemorySegment f) {
        return i32(f, TCP + 4);
    }

    static int ack(MemorySegment f) {
        return i32(f, TCP + 8);
    }

    static int flags(MemorySegment f) {
        return u8(f, TCP + 13);
    }

    static int payloadStart(MemorySegment f) {
        return TCP + (u8(f, TCP + 12) >>> 4) * 4;
    }

    static int payloadLength(MemorySegment f) {
        return u16(f, IP + 2) - IP_HEADER - (u8(f, TCP + 12) >>> 4) * 4;
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

    /** Whether the frame's IPv4 header checksum is right (the kernel always fills it in). */
    static boolean ipChecksumOk(MemorySegment f) {
        return fold(sum(f, IP, IP_HEADER, 0)) == 0;
    }

    /** Whether the TCP checksum is right (tests: frames from this stack always have full checksums). */
    static boolean tcpChecksumOk(MemorySegment f) {
        int src = srcIp(f);
        int dst = dstIp(f);
        int tcpLength = u16(f, IP + 2) - IP_HEADER;
        long s = ((src >>> 16) & 0xffff) + (src & 0xffff) + ((dst >>> 16) & 0xffff) + (dst & 0xffff) + PROTO_TCP + tcpLength;
        return fold(sum(f, TCP, tcpLength, s)) == 0;
    }
}
