package org.sonde.capture.inspect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of Wireshark's TCP analysis a reader of a capture needs first: sequence and
 * acknowledgement numbers relative to each direction's first (tshark's {@code tcp.seq},
 * {@code tcp.ack}), and the expert flags retransmission, fast retransmission, duplicate ACK (with
 * its number), zero window, keep-alive and its ACK ({@code tcp.analysis.*}), by the rules of Wireshark's
 * {@code tcp_analyze_sequence_number}. Wireshark's time-based calls (out-of-order, spurious
 * retransmission), nor those of zero-window probes, window updates and segments not captured:
 * a segment Wireshark calls out-of-order or spurious is a retransmission here.
 *
 * <p>State is per connection and direction, so packets must come in capture order.
 */
final class TcpAnalysis {
    private static final int FIN = 0x01;
    private static final int SYN = 0x02;
    private static final int RST = 0x04;
    private static final int ACK = 0x10;
    private static final long MOD = 1L << 32;

    /** What one direction of a connection has sent so far. */
    private static final class Direction {
        long base = -1;         // the raw number that is relative 0: the SYN's (or what a SYN-ACK acknowledges), else one before the first seen
        long nextSeq = -1;      // relative: one past the highest byte (SYN and FIN count one)
        long lastAck = -1;      // raw
        int lastWindow = -1;
        int dupAcks;
        long lastDupAckNanos;
        boolean lastWasKeepAlive;
    }

    /** Wireshark calls a retransmission fast only within this long of the receiver's last duplicate ACK. */
    private static final long FAST_RETRANSMISSION_NANOS = 20_000_000;

    private final Map<String, Direction> directions = new HashMap<>();

    /** One segment's analysis. {@code ack} is -1 without the ACK flag. */
    record Segment(long seq, long ack, List<String> expert, int dupAckNumber) {}

    Segment accept(long timeNanos, String src, int srcPort, String dst, int dstPort, long rawSeq, long rawAck, int flags, int window, int length) {
        Direction me = directions.computeIfAbsent(src + "|" + srcPort + "|" + dst + "|" + dstPort, k -> new Direction());
        boolean syn = (flags & SYN) != 0;
        boolean control = (flags & (SYN | FIN | RST)) != 0;
        // as Wireshark: a connection picked up mid-stream numbers its first bytes 1, like one whose SYN was seen
        if (me.base < 0 || syn && me.nextSeq <= 0) me.base = syn ? rawSeq : Math.floorMod(rawSeq - 1, MOD);
        Direction peer = directions.get(dst + "|" + dstPort + "|" + src + "|" + srcPort);
        if ((flags & ACK) != 0 && (peer == null || peer.base < 0)) {
            peer = directions.computeIfAbsent(dst + "|" + dstPort + "|" + src + "|" + srcPort, k -> new Direction());
            peer.base = Math.floorMod(rawAck - 1, MOD);
        }
        long seq = Math.floorMod(rawSeq - me.base, MOD);
        long ack = (flags & ACK) != 0 ? Math.floorMod(rawAck - peer.base, MOD) : -1;
        List<String> expert = new ArrayList<>(2);
        int dupAckNumber = 0;
        if (window == 0 && !control) expert.add("zero-window");
        boolean keepAlive = length <= 1 && !control && me.nextSeq > 0 && seq == me.nextSeq - 1;
        if (keepAlive) expert.add("keep-alive");
        long end = seq + length + (syn ? 1 : 0) + ((flags & FIN) != 0 ? 1 : 0);
        if (!keepAlive && end > seq && me.nextSeq >= 0 && seq < me.nextSeq) {
            // the receiver asked for exactly this byte twice more, just now: a fast retransmission
            boolean fast = peer != null && peer.dupAcks >= 2 && peer.lastAck >= 0 && Math.floorMod(peer.lastAck - me.base, MOD) == seq
                    && timeNanos - peer.lastDupAckNanos <= FAST_RETRANSMISSION_NANOS;
            expert.add(fast ? "fast-retransmission" : "retransmission");
        }
        // nothing sent, nothing changed, the same byte asked for again: a duplicate ACK, unless it answers a keep-alive
        boolean unchanged = (flags & ACK) != 0 && length == 0 && !control && window == me.lastWindow && seq == me.nextSeq && rawAck == me.lastAck;
        boolean keepAliveAck = unchanged && peer != null && peer.lastWasKeepAlive;
        boolean duplicate = unchanged && !keepAliveAck && window != 0;
        if (keepAliveAck) expert.add("keep-alive-ack");
        if (duplicate) {
            dupAckNumber = ++me.dupAcks;
            me.lastDupAckNanos = timeNanos;
            expert.add("dup-ack");
        } else {
            me.dupAcks = 0;
        }
        if ((flags & ACK) != 0) me.lastAck = rawAck;
        me.lastWindow = window;
        me.lastWasKeepAlive = keepAlive;
        if (end > me.nextSeq) me.nextSeq = end;
        return new Segment(seq, ack, List.copyOf(expert), dupAckNumber);
    }
}
