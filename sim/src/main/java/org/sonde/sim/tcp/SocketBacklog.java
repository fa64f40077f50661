package org.sonde.sim.tcp;

import static org.sonde.packet.TcpHeader.FLAG_ACK;
import static org.sonde.packet.TcpHeader.FLAG_CWR;
import static org.sonde.packet.TcpHeader.FLAG_ECE;
import static org.sonde.packet.TcpHeader.FLAG_RST;
import static org.sonde.packet.TcpHeader.FLAG_SYN;
import static org.sonde.packet.TcpHeader.FLAG_URG;

import java.util.ArrayDeque;

/**
 * Linux's socket backlog ({@code sk_backlog}): the segments that arrive while the application owns the socket
 * ({@code sock_owned_by_user()}), queued by {@code tcp_add_backlog()} (Linux 6.x, {@code net/ipv4/tcp_ipv4.c}) and
 * handed back in order when it releases it ({@code __release_sock()}). A segment that continues the last queued one is
 * coalesced into it ({@code skb_try_coalesce()}), so the socket handles them as one skb and makes one ACK decision for
 * them: its sequence must start where the last one ends, both carry ACK, neither SYN, RST nor URG, the same ECE and CWR,
 * the same DSCP and ECN field, and byte-identical options (timestamps and SACK blocks included). The merged skb keeps the
 * first one's sequence, takes the later ACK number with its window unless the new one is older, and ORs the flags
 * (PSH and FIN). An skb that starts a new entry is dropped when the backlog and the receive queue together hold more
 * than the limit ({@code sk_rcvqueues_full()}: twice {@code sk_rcvbuf}, half {@code sk_sndbuf} and 64 KiB, in
 * truesize). Data, no algorithm: the socket decides when segments come and go.
 */
final class SocketBacklog {
    /** The headroom {@code tcp_add_backlog()} adds to the limit. */
    static final long HEADROOM = 64 * 1024;

    private final ArrayDeque<TcpSegment> skbs = new ArrayDeque<>();
    /** {@code sk_backlog.len}: the truesize queued since the last release (reset only when the backlog is emptied). */
    private long len;

    /** What {@code tcp_add_backlog()} did with a segment; the socket counts the last two as {@code TCPBacklogCoalesce} and {@code TCPBacklogDrop}. */
    enum Outcome { QUEUED, COALESCED, DROPPED }

    /** {@code tcp_add_backlog()}'s limit for a socket with these buffers. */
    static long limit(long rcvbuf, long sndbuf) {
        return Math.min((rcvbuf << 1) + (sndbuf >> 1) + HEADROOM, 0xFFFF_FFFFL);
    }

    /**
     * {@code tcp_add_backlog()}: {@code s} joins the backlog, coalesced into the last skb when it may be, or is
     * dropped ({@code rmemAlloc}: what the receive queue holds, in truesize).
     */
    Outcome add(TcpSegment s, long limit, long rmemAlloc) {
        TcpSegment tail = skbs.peekLast();
        if (tail != null && canCoalesce(tail, s)) {
            skbs.pollLast();
            skbs.addLast(coalesce(tail, s));
            len += s.payloadBytes; // skb_try_coalesce()'s delta: the payload's pages move, not the head
            return Outcome.COALESCED;
        }
        if (len + rmemAlloc > limit) return Outcome.DROPPED;
        skbs.addLast(s);
        len += Receiver.SKB_HEAD_TRUESIZE + s.payloadBytes;
        return Outcome.QUEUED;
    }

    boolean isEmpty() {
        return skbs.isEmpty();
    }

    /** The oldest skb, or null; the length is reset once the backlog is empty, as at the end of {@code __release_sock()}. */
    TcpSegment poll() {
        TcpSegment s = skbs.pollFirst();
        if (skbs.isEmpty()) len = 0;
        return s;
    }

    /** The skbs queued, oldest first. */
    int size() {
        return skbs.size();
    }

    /** {@code sk_backlog.len}. */
    long length() {
        return len;
    }

    /** {@code tcp_add_backlog()}'s test before {@code skb_try_coalesce()}. */
    static boolean canCoalesce(TcpSegment tail, TcpSegment s) {
        return tail.seq + tail.sequenceLength() == s.seq
                && tail.dscp() == s.dscp() && tail.ecn == s.ecn
                && ((tail.flags | s.flags) & (FLAG_SYN | FLAG_RST | FLAG_URG)) == 0
                && (tail.flags & s.flags & FLAG_ACK) != 0
                && ((tail.flags ^ s.flags) & (FLAG_ECE | FLAG_CWR)) == 0
                && sameOptions(tail, s);
    }

    /** The options compare byte for byte ({@code memcmp} over {@code doff}): the same kinds and the same values. */
    private static boolean sameOptions(TcpSegment a, TcpSegment b) {
        if (a.mssOption != b.mssOption || a.windowScaleOption != b.windowScaleOption || a.sackPermitted != b.sackPermitted
                || a.timestamps != b.timestamps || a.sackBlocks() != b.sackBlocks()) {
            return false;
        }
        if (a.timestamps && (a.tsVal != b.tsVal || a.tsEcr != b.tsEcr)) return false;
        for (int i = 0; i < a.sackBlocks(); i++) {
            if (a.sackLeft(i) != b.sackLeft(i) || a.sackRight(i) != b.sackRight(i)) return false;
        }
        return true;
    }

    /** {@code s} appended to {@code tail} as {@code tcp_add_backlog()} merges {@code TCP_SKB_CB}: a new segment, neither changed. */
    static TcpSegment coalesce(TcpSegment tail, TcpSegment s) {
        TcpSegment m = tail.withPayload(tail.payloadBytes + s.payloadBytes);
        if (s.ack - tail.ack >= 0) { // !before(ack_seq, tail's ack_seq): the later ACK and its window
            m.ack = s.ack;
            m.window = s.window;
        }
        m.flags = tail.flags | s.flags;
        m.retransmission = tail.retransmission || s.retransmission;
        return m;
    }
}
