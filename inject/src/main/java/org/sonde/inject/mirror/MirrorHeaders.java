package org.sonde.inject.mirror;

import org.sonde.inject.model.InjectedEvent;
import org.sonde.packet.Checksums;
import org.sonde.packet.WellKnownPorts;

/**
 * How a mirrored copy carries the switch's metadata in fields the analysis does not need (paper §3.4,
 * {@code inject_switch.p4} egress): the event code in the IPv4 TTL, the mirror sequence number in the
 * source MAC, the 48-bit ingress timestamp in nanoseconds in the destination MAC. For the dumpers' RSS,
 * the switch also moves the UDP source port into the UDP checksum field, puts a random source port and
 * the mirror port as destination; the dumper undoes that before writing ({@link #restoreAtDumper}).
 *
 * <p>Works in place on untagged Ethernet/IPv4/UDP frames as the simulator and Lumina send them.
 */
final class MirrorHeaders {
    static final int DST_MAC = 0;
    static final int SRC_MAC = 6;
    static final int ETHER_TYPE = 12;
    static final int IP = 14;
    private static final int IPV4 = 0x0800;
    private static final int UDP = 17;
    private static final long MAC_MASK = 0xFFFF_FFFF_FFFFL;

    private MirrorHeaders() {}

    /** Turns a copy of a packet into its mirrored form, as the switch's egress does. */
    public static void encodeAtSwitch(byte[] f, long sequence, long timestampNanos, InjectedEvent event, int mirrorPort, int randomSourcePort) {
        int udp = udpOffset(f, f.length);
        if (udp < 0) throw new IllegalArgumentException("only IPv4/UDP frames are mirrored");
        putU48(f, DST_MAC, timestampNanos & MAC_MASK);
        putU48(f, SRC_MAC, sequence);
        f[IP + 8] = (byte) event.ttl;
        int sourcePort = u16(f, udp);
        putU16(f, udp + 6, sourcePort); // the checksum field keeps the original source port
        putU16(f, udp, randomSourcePort & 0xFFFF);
        putU16(f, udp + 2, mirrorPort);
        fixIpChecksum(f);
    }

    /**
     * What a Lumina dumper does to a received copy before writing it ({@code roce-pkt-dump is_roce_pkt}):
     * keeps only IPv4/UDP to the mirror port, sets ECN to CE on ECN-event copies whose ECN is ECT,
     * restores the UDP source port from the checksum field and the destination port to 4791, zeroes the
     * UDP checksum (RoCEv2 senders do) and fixes the IPv4 checksum. Returns false for other packets.
     */
    public static boolean restoreAtDumper(byte[] f, int length, int mirrorPort) {
        int udp = udpOffset(f, length);
        if (udp < 0 || u16(f, udp + 2) != mirrorPort) return false;
        int tos = f[IP + 1] & 0xFF;
        int ecn = tos & 3;
        if ((f[IP + 8] & 0xFF) == InjectedEvent.ECN.ttl && (ecn == 1 || ecn == 2)) f[IP + 1] = (byte) (tos | 3);
        putU16(f, udp, u16(f, udp + 6));
        putU16(f, udp + 2, WellKnownPorts.ROCE_V2);
        putU16(f, udp + 6, 0);
        fixIpChecksum(f);
        return true;
    }

    /** The mirror sequence number of a mirrored frame (the source MAC's low 32 bits, as Lumina reads it). */
    public static long sequence(byte[] f, int offset) {
        return u32(f, offset + SRC_MAC + 2);
    }

    /** The switch ingress timestamp of a mirrored frame, in nanoseconds (48 bits). */
    public static long timestampNanos(byte[] f, int offset) {
        return u48(f, offset + DST_MAC);
    }

    /** The event of a mirrored frame, from its TTL. */
    public static int eventCode(byte[] f, int offset) {
        return f[offset + IP + 8] & 0xFF;
    }

    /** The IPv4 source address of an untagged frame. */
    public static int sourceIp(byte[] f, int offset) {
        return i32(f, offset + IP + 12);
    }

    private static int udpOffset(byte[] f, int length) {
        if (length < IP + 20 + 8 || u16(f, ETHER_TYPE) != IPV4 || (f[IP] & 0xF0) != 0x40 || (f[IP + 9] & 0xFF) != UDP) return -1;
        int udp = IP + (f[IP] & 0x0F) * 4;
        return udp + 8 <= length ? udp : -1;
    }

    static int u16(byte[] b, int i) {
        return (b[i] & 0xFF) << 8 | b[i + 1] & 0xFF;
    }

    static long u32(byte[] b, int i) {
        return (long) u16(b, i) << 16 | u16(b, i + 2);
    }

    static int i32(byte[] b, int i) {
        return (int) u32(b, i);
    }

    static long u48(byte[] b, int i) {
        return (long) u16(b, i) << 32 | u32(b, i + 2);
    }

    static void putU16(byte[] b, int i, int v) {
        b[i] = (byte) (v >>> 8);
        b[i + 1] = (byte) v;
    }

    static void putU48(byte[] b, int i, long v) {
        for (int k = 5; k >= 0; k--, v >>>= 8) b[i + k] = (byte) v;
    }

    private static void fixIpChecksum(byte[] f) {
        int headerBytes = (f[IP] & 0x0F) * 4;
        putU16(f, IP + 10, 0);
        putU16(f, IP + 10, Checksums.internetChecksum(f, IP, headerBytes));
    }
}
