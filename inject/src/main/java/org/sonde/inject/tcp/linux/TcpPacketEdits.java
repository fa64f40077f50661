package org.sonde.inject.tcp.linux;

import java.util.Map;
import org.sonde.inject.config.HeaderField;
import org.sonde.packet.Checksums;
import org.sonde.packet.IpProtocols;

/**
 * The injector's changes to an IPv4/TCP packet in place, with the checksums the receiver checks
 * kept right, except where breaking them is the point ({@link #corrupt}).
 */
final class TcpPacketEdits {
    private TcpPacketEdits() {}

    /** Sets the IPv4 ECN bits to CE (11), as a congested router marks; the IPv4 checksum follows. */
    static void markCe(byte[] ip) {
        setEcn(ip, 3);
    }

    /**
     * Flips the lowest bit of the packet's last byte (payload, or the TCP header of a segment
     * without data) and leaves the TCP checksum as it was: the receiver discards the segment
     * as damaged in transit (InCsumErrors), as a bit error on a link would make it.
     */
    static void corrupt(byte[] ip, int length) {
        ip[length - 1] ^= 1;
    }

    /** Sets header fields (ECN, TCP window, TCP flags) and recomputes the checksums they are in. */
    static void rewrite(byte[] ip, int length, Map<HeaderField, Integer> fields) {
        int ihl = (ip[0] & 0x0f) * 4;
        boolean tcpChanged = false;
        for (Map.Entry<HeaderField, Integer> f : fields.entrySet()) {
            int v = f.getValue();
            switch (f.getKey()) {
                case ECN -> setEcn(ip, v);
                case TCP_WINDOW -> {
                    ip[ihl + 14] = (byte) (v >> 8);
                    ip[ihl + 15] = (byte) v;
                    tcpChanged = true;
                }
                case TCP_FLAGS -> {
                    ip[ihl + 12] = (byte) (ip[ihl + 12] & 0xfe | v >> 8 & 1);
                    ip[ihl + 13] = (byte) v;
                    tcpChanged = true;
                }
                default -> throw new IllegalArgumentException(f.getKey() + " is not a field of an IPv4/TCP packet");
            }
        }
        if (tcpChanged) {
            int total = Math.min(length, (ip[2] & 0xff) << 8 | ip[3] & 0xff);
            Checksums.computeTransport(ip, 0, IpProtocols.TCP, ihl, total - ihl);
        }
    }

    private static void setEcn(byte[] ip, int ecn) {
        ip[1] = (byte) (ip[1] & 0xfc | ecn & 3);
        int ihl = (ip[0] & 0x0f) * 4;
        ip[10] = 0;
        ip[11] = 0;
        int c = Checksums.internetChecksum(ip, 0, ihl);
        ip[10] = (byte) (c >> 8);
        ip[11] = (byte) c;
    }
}
