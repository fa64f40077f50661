package org.sonde.inject.tcp;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.sonde.packet.TcpHeader;

/**
 * Follows the TCP connections of a test through the packets seen between the hosts, in order,
 * and says what each packet is in the test's terms ({@link TcpPacketInfo}): which connection,
 * which data segment and which transmission of it, which acknowledgement. The injector decides
 * events with it while packets pass, and the analyzers read a trace with it again, so both count
 * alike.
 *
 * <p>Connections are numbered by their first SYN. A data segment is new when it starts at or
 * beyond the highest byte sent before; a packet that starts lower is a retransmission of the
 * segments whose first byte it carries (or of the one it starts inside).
 */
public final class TcpFlows {
    private final Map<Key, Connection> byKey = new HashMap<>();
    private int connections;

    /** Classifies the IPv4 packet in {@code ip[0..length)}; packets that are not TCP over IPv4 are {@link TcpPacketInfo#NONE}. */
    public TcpPacketInfo classify(byte[] ip, int length) {
        if (length < 20 || (ip[0] & 0xf0) != 0x40 || ip[9] != 6) return TcpPacketInfo.NONE;
        int ihl = (ip[0] & 0x0f) * 4;
        int total = Math.min(length, u16(ip, 2));
        if (ihl < 20 || total < ihl + 20) return TcpPacketInfo.NONE;
        int tcp = ihl;
        int headerBytes = (u8(ip, tcp + 12) >> 4) * 4;
        if (headerBytes < 20 || total < tcp + headerBytes) return TcpPacketInfo.NONE;
        int src = (int) u32(ip, 12), dst = (int) u32(ip, 16);
        int sport = u16(ip, tcp), dport = u16(ip, tcp + 2);
        long seq = u32(ip, tcp + 4), ackNo = u32(ip, tcp + 8);
        int flags = (ip[tcp + 12] & 1) << 8 | u8(ip, tcp + 13);
        int window = u16(ip, tcp + 14);
        int data = total - tcp - headerBytes;
        int ecn = ip[1] & 3;

        Key forward = new Key(src, sport, dst, dport), backward = new Key(dst, dport, src, sport);
        Connection c = byKey.get(forward);
        boolean fromClient;
        if (c != null) {
            fromClient = c.clientKey.equals(forward);
        } else if ((c = byKey.get(backward)) != null) {
            fromClient = c.clientKey.equals(forward);
        } else if ((flags & TcpHeader.FLAG_SYN) != 0 && (flags & TcpHeader.FLAG_ACK) == 0) {
            c = new Connection(++connections, forward);
            byKey.put(forward, c);
            byKey.put(backward, c);
            fromClient = true;
        } else {
            return TcpPacketInfo.NONE;
        }
        Direction d = fromClient ? c.client : c.server;
        Direction peer = fromClient ? c.server : c.client;
        if ((flags & TcpHeader.FLAG_SYN) != 0 && !d.synSeen) {
            d.isn = seq;
            d.synSeen = true;
        }
        long relSeq = (seq - d.isn) & 0xffffffffL;
        long relAck = (flags & TcpHeader.FLAG_ACK) != 0 && peer.synSeen ? (ackNo - peer.isn) & 0xffffffffL : 0;
        long[] sack = peer.synSeen ? sack(ip, tcp, headerBytes, peer.isn) : new long[0];

        int segment = 0, iteration = 0, ackIndex = 0;
        int[] carried = NO_INTS, iterations = NO_INTS;
        if (data > 0) {
            int[][] r = d.transmit(relSeq, data);
            carried = r[0];
            iterations = r[1];
            segment = r[2][0];
            iteration = r[2][1];
        } else if ((flags & (TcpHeader.FLAG_SYN | TcpHeader.FLAG_FIN | TcpHeader.FLAG_RST)) == 0 && (flags & TcpHeader.FLAG_ACK) != 0) {
            ackIndex = ++d.acks;
        }
        return new TcpPacketInfo(c.number, fromClient, relSeq, relAck, data, flags, window, segment, iteration, carried, iterations,
                ackIndex, sack, ecn);
    }

    /** Connections seen so far. */
    public int connections() {
        return connections;
    }

    private static final int[] NO_INTS = new int[0];

    private static long[] sack(byte[] b, int tcp, int headerBytes, long peerIsn) {
        long[] out = null;
        int n = 0;
        for (int p = tcp + 20, end = tcp + headerBytes; p < end; ) {
            int kind = u8(b, p);
            if (kind == 0) break;
            if (kind == 1) {
                p++;
                continue;
            }
            if (p + 1 >= end) break;
            int len = u8(b, p + 1);
            if (len < 2 || p + len > end) break;
            if (kind == 5 && (len - 2) % 8 == 0) {
                int blocks = (len - 2) / 8;
                out = out == null ? new long[blocks * 2] : Arrays.copyOf(out, n + blocks * 2);
                for (int k = 0; k < blocks; k++) {
                    out[n++] = (u32(b, p + 2 + 8 * k) - peerIsn) & 0xffffffffL;
                    out[n++] = (u32(b, p + 6 + 8 * k) - peerIsn) & 0xffffffffL;
                }
            }
            p += len;
        }
        return out == null ? new long[0] : out;
    }

    /** One direction of a connection: its sender's and its receiver's address and port. */
    private record Key(int address, int port, int peerAddress, int peerPort) {
        @Override
        public int hashCode() { // per packet, twice: the record's own hashes boxed components
            return ((address * 31 + port) * 31 + peerAddress) * 31 + peerPort;
        }
    }

    private static int u8(byte[] b, int o) {
        return b[o] & 0xff;
    }

    private static int u16(byte[] b, int o) {
        return (b[o] & 0xff) << 8 | b[o + 1] & 0xff;
    }

    private static long u32(byte[] b, int o) {
        return (long) u16(b, o) << 16 | u16(b, o + 2);
    }

    private static final class Connection {
        final int number;
        final Key clientKey;
        final Direction client = new Direction(), server = new Direction();

        Connection(int number, Key clientKey) {
            this.number = number;
            this.clientKey = clientKey;
        }
    }

    /** One direction's segments: where each starts (increasing) and how often it was sent. */
    private static final class Direction {
        long isn;
        boolean synSeen;
        long highestEnd = 1;
        long[] starts = new long[64];
        int[] sent = new int[64];
        int segments;
        int acks;

        /** {carried segments, their iterations, {primary segment, its iteration}}. */
        int[][] transmit(long relSeq, int bytes) {
            long end = relSeq + bytes;
            // new data, the common case, starts after every segment: no search
            boolean beyond = relSeq >= highestEnd;
            int first = beyond ? segments : firstAtOrAfter(relSeq);
            int last = beyond ? segments : firstAtOrAfter(Math.min(end, highestEnd)); // exclusive
            int count = last - first;
            boolean fresh = end > highestEnd;
            int primary;
            if (count == 0 && relSeq < highestEnd) {
                // a retransmission that starts inside a segment: it is that segment again
                first = Math.max(0, first - 1);
                count = 1;
            }
            int[] carried = new int[count + (fresh ? 1 : 0)], iterations = new int[carried.length];
            for (int i = 0; i < count; i++) {
                int s = first + i;
                carried[i] = s + 1;
                iterations[i] = ++sent[s];
            }
            if (fresh) {
                if (segments == starts.length) {
                    starts = Arrays.copyOf(starts, segments * 2);
                    sent = Arrays.copyOf(sent, segments * 2);
                }
                starts[segments] = Math.max(relSeq, highestEnd);
                sent[segments] = 1;
                carried[count] = ++segments;
                iterations[count] = 1;
                highestEnd = end;
            }
            primary = 0;
            return new int[][] {carried, iterations, {carried[primary], iterations[primary]}};
        }

        /** The index of the first segment starting at or after {@code seq}. */
        private int firstAtOrAfter(long seq) {
            int i = Arrays.binarySearch(starts, 0, segments, seq);
            return i >= 0 ? i : -i - 1;
        }
    }
}
