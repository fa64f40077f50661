package org.sonde.sim.tcp;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The sender's retransmission queue with its SACK scoreboard: one entry per transmitted segment
 * (Linux's rtx queue of skbs, one MSS each since TSO is not modelled) with the {@code sacked} bits
 * of {@code tcp_skb_cb} and the counts Linux keeps beside them ({@code packets_out},
 * {@code sacked_out}, {@code lost_out}, {@code retrans_out}). Entries live in parallel primitive
 * ring arrays: nothing is allocated per segment.
 *
 * <p>Sequence numbers here are the stack's 64-bit unwrapped ones. Every state change goes through
 * this class so the counts always match the bits.
 *
 * <p>Beside the sequence order the entries form Linux's {@code tsorted_sent_queue}, the list RACK
 * walks in transmission order: an entry is on it while it is neither SACKed nor lost-and-not-resent,
 * and a (re)transmission moves it to the tail. The list links ring slots, so every update is O(1).
 */
final class Scoreboard {
    /** {@code TCPCB_SACKED_ACKED}. */
    static final int SACKED = 1;
    /** {@code TCPCB_LOST}. */
    static final int LOST = 2;
    /** {@code TCPCB_SACKED_RETRANS}: retransmitted and that copy still counted in flight. */
    static final int RETRANS = 4;
    /** {@code TCPCB_EVER_RETRANS}. */
    static final int EVER_RETRANS = 8;
    /** The segment carries FIN. */
    static final int FIN = 16;
    /** The segment was sent with PSH ({@code TCPHDR_PSH} in the skb's flags, which a retransmission keeps). */
    static final int PSH = 32;

    private long[] start = new long[64];
    private int[] length = new int[64];
    private byte[] bits = new byte[64];
    private long[] sentAt = new long[64];
    /** The latest transmit time given so far. */
    private long latestSent = Long.MIN_VALUE / 2;
    /** The connection's delivered count when the entry was last sent ({@code tx.delivered}). */
    private long[] deliveredAtSend = new long[64];
    private int[] tsNext = new int[64];
    private int[] tsPrev = new int[64];
    private int tsHead = NIL;
    private int tsTail = NIL;
    private int head;
    private int size;
    private static final int NIL = -1;
    /** Slot value of an entry not on the transmission-order list. */
    private static final int UNLINKED = -2;

    int sackedOut;
    int lostOut;
    int retransOut;
    /** End of the highest SACKed segment ({@code tcp_highest_sack_seq()}), or 0 if none. */
    long highestSack;
    /** {@code tp->lost}: segments ever marked lost, lost retransmissions included. */
    long lost;

    int packetsOut() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** {@code tcp_packets_in_flight()}: sent, minus what left the network (SACKed or lost), plus retransmissions out. */
    int inFlight() {
        return size - (sackedOut + lostOut) + retransOut;
    }

    int size() {
        return size;
    }

    private int slot(int i) {
        return (head + i) & (start.length - 1);
    }

    long start(int i) {
        return start[slot(i)];
    }

    long end(int i) {
        int s = slot(i);
        return start[s] + length[s];
    }

    /** Payload bytes of entry {@code i} (its sequence length without FIN). */
    int payload(int i) {
        int s = slot(i);
        return length[s] - ((bits[s] & FIN) != 0 ? 1 : 0);
    }

    int bits(int i) {
        return bits[slot(i)];
    }

    boolean is(int i, int bit) {
        return (bits[slot(i)] & bit) != 0;
    }

    long sentAt(int i) {
        return sentAt[slot(i)];
    }

    long deliveredAtSend(int i) {
        return deliveredAtSend[slot(i)];
    }

    long endSeq() {
        return size == 0 ? 0 : end(size - 1);
    }

    /** Appends a newly transmitted segment; {@code delivered} is the connection's delivered count now. */
    void add(long seq, int seqLength, boolean fin, long now, long delivered) {
        if (size == start.length) grow();
        int s = slot(size++);
        start[s] = seq;
        length[s] = seqLength;
        bits[s] = (byte) (fin ? FIN : 0);
        // transmit stamps never go back (tcp_wstamp_ns): after a copy stamped past this instant, new data takes its stamp
        sentAt[s] = Math.max(now, latestSent);
        latestSent = sentAt[s];
        deliveredAtSend[s] = delivered;
        tsPrev[s] = UNLINKED;
        linkTail(s);
    }

    /** Marks the entry {@link #add} appended last as sent with PSH. */
    void markLastPushed() {
        bits[slot(size - 1)] |= PSH;
    }

    private void grow() {
        int n = start.length;
        long[] st = new long[2 * n];
        int[] len = new int[2 * n];
        byte[] b = new byte[2 * n];
        long[] at = new long[2 * n];
        long[] del = new long[2 * n];
        int[] next = new int[2 * n];
        int[] prev = new int[2 * n];
        for (int i = 0; i < size; i++) {
            int s = slot(i);
            st[i] = start[s];
            len[i] = length[s];
            b[i] = bits[s];
            at[i] = sentAt[s];
            del[i] = deliveredAtSend[s];
            next[i] = relinked(tsNext[s]);
            prev[i] = tsPrev[s] == UNLINKED ? UNLINKED : relinked(tsPrev[s]);
        }
        tsHead = relinked(tsHead);
        tsTail = relinked(tsTail);
        start = st;
        length = len;
        bits = b;
        sentAt = at;
        deliveredAtSend = del;
        tsNext = next;
        tsPrev = prev;
        head = 0;
    }

    /** Where slot {@code s} lands when {@link #grow()} moves entry i to slot i. */
    private int relinked(int s) {
        return s < 0 ? s : (s - head) & (start.length - 1);
    }

    private boolean linked(int s) {
        return tsPrev[s] != UNLINKED;
    }

    private void linkTail(int s) {
        tsPrev[s] = tsTail;
        tsNext[s] = NIL;
        if (tsTail == NIL) tsHead = s;
        else tsNext[tsTail] = s;
        tsTail = s;
    }

    private void unlink(int s) {
        if (!linked(s)) return;
        int p = tsPrev[s];
        int n = tsNext[s];
        if (p == NIL) tsHead = n;
        else tsNext[p] = n;
        if (n == NIL) tsTail = p;
        else tsPrev[n] = p;
        tsPrev[s] = UNLINKED;
    }

    /** The entry sent longest ago that RACK still watches (neither SACKed nor lost and not resent), or -1. */
    int firstByTransmitTime() {
        return tsHead == NIL ? -1 : (tsHead - head) & (start.length - 1);
    }

    /** The entry RACK watches that was sent after entry {@code i}, or -1. */
    int nextByTransmitTime(int i) {
        int n = tsNext[slot(i)];
        return n == NIL ? -1 : (n - head) & (start.length - 1);
    }

    /** Removes the head entry (cumulatively acknowledged), keeping the counts. */
    void removeHead() {
        int s = slot(0);
        int b = bits[s];
        if ((b & SACKED) != 0) sackedOut--;
        if ((b & LOST) != 0) lostOut--;
        if ((b & RETRANS) != 0) retransOut--;
        unlink(s);
        head = (head + 1) & (start.length - 1);
        size--;
        if (size == 0) highestSack = 0;
    }

    /** The first entry ending after {@code seq}, or {@link #size()}. */
    int indexAfter(long seq) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (end(mid) <= seq) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** {@code tcp_sacktag_one()} part that changes bits: marks entry {@code i} SACKed. */
    void markSacked(int i) {
        int s = slot(i);
        int b = bits[s];
        if ((b & SACKED) != 0) return;
        if ((b & LOST) != 0) lostOut--;
        if ((b & RETRANS) != 0) retransOut--;
        bits[s] = (byte) ((b & ~(LOST | RETRANS)) | SACKED);
        sackedOut++;
        unlink(s);
        long e = start[s] + length[s];
        if (e > highestSack) highestSack = e;
    }

    /**
     * {@code tcp_mark_skb_lost()}: marks entry {@code i} lost; if it already was, its retransmission is
     * lost too and no longer counts in flight. Returns true in that second case ({@code TCPLostRetransmit}).
     */
    boolean markLost(int i) {
        int s = slot(i);
        int b = bits[s];
        if ((b & SACKED) != 0) return false;
        if ((b & LOST) != 0) {
            if ((b & RETRANS) == 0) return false;
            bits[s] = (byte) (b & ~RETRANS);
            retransOut--;
            lost++;
            unlink(s);
            return true;
        }
        bits[s] = (byte) (b | LOST);
        lostOut++;
        lost++;
        if ((b & RETRANS) == 0) unlink(s);
        return false;
    }

    /**
     * {@code tcp_undo_cwnd_reduction()} with {@code unmark_loss}: no entry is lost any more. The entries that were
     * lost and not resent go back on the transmission-order list, where their transmit times place them (the
     * kernel's timeout marks them lost without taking them off it).
     */
    void unmarkAllLost() {
        if (lostOut == 0) return;
        Integer[] order = new Integer[size];
        int n = 0;
        for (int i = 0; i < size; i++) {
            int s = slot(i);
            bits[s] &= ~LOST;
            if ((bits[s] & SACKED) == 0) order[n++] = s;
        }
        lostOut = 0;
        // relink in transmit-time order; equal times keep their sequence order (the sort is stable)
        Arrays.sort(order, 0, n, Comparator.comparingLong(s -> sentAt[s]));
        tsHead = NIL;
        tsTail = NIL;
        for (int i = 0; i < size; i++) tsPrev[slot(i)] = UNLINKED;
        for (int k = 0; k < n; k++) linkTail(order[k]);
    }

    /** A retransmission of entry {@code i} at {@code now}, counted in flight until it is SACKed or found lost. */
    void markRetransmitted(int i, long now, long delivered) {
        int s = slot(i);
        int b = bits[s];
        if ((b & RETRANS) == 0) retransOut++;
        bits[s] = (byte) (b | RETRANS | EVER_RETRANS);
        resent(s, now, delivered);
    }

    /**
     * A tail loss probe resending entry {@code i} ({@code __tcp_retransmit_skb()} without
     * {@code TCPCB_SACKED_RETRANS}): the entry is not lost, so in-flight accounting does not change.
     */
    void markProbeRetransmitted(int i, long now, long delivered) {
        int s = slot(i);
        bits[s] |= EVER_RETRANS;
        resent(s, now, delivered);
    }

    /** {@code tcp_update_skb_after_send()}: the new transmit time, and the entry moves to the list's tail. */
    private void resent(int s, long now, long delivered) {
        // Sent after everything before it: in the same instant as later new data (the model's
        // host takes no time between two ACKs of a burst), RACK's tie on sequence would put the
        // copy before that data and mark it lost again once the data is SACKed.
        sentAt[s] = Math.max(now, latestSent + 1);
        latestSent = sentAt[s];
        deliveredAtSend[s] = delivered;
        unlink(s);
        int b = bits[s];
        if ((b & SACKED) == 0 && ((b & LOST) == 0 || (b & RETRANS) != 0)) linkTail(s);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Scoreboard[out=" + size + " sacked=" + sackedOut + " lost=" + lostOut + " retrans=" + retransOut);
        for (int i = 0; i < Math.min(size, 32); i++) {
            sb.append(i == 0 ? " " : ",").append(start(i)).append(Arrays.toString(new String[] {
                    (is(i, SACKED) ? "S" : "") + (is(i, LOST) ? "L" : "") + (is(i, RETRANS) ? "R" : "")}));
        }
        return sb.append(']').toString();
    }
}
