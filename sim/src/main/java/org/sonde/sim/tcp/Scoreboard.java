package org.sonde.sim.tcp;

import java.util.Arrays;

/**
 * The sender's retransmission queue with its SACK scoreboard: one entry per transmitted segment
 * (Linux's rtx queue of skbs, one MSS each since TSO is not modelled) with the {@code sacked} bits
 * of {@code tcp_skb_cb} and the counts Linux keeps beside them ({@code packets_out},
 * {@code sacked_out}, {@code lost_out}, {@code retrans_out}). Entries live in parallel primitive
 * ring arrays: nothing is allocated per segment.
 *
 * <p>Sequence numbers here are the stack's 64-bit unwrapped ones. Every state change goes through
 * this class so the counts always match the bits.
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

    private long[] start = new long[64];
    private int[] length = new int[64];
    private byte[] bits = new byte[64];
    private long[] sentAt = new long[64];
    private int head;
    private int size;

    int sackedOut;
    int lostOut;
    int retransOut;
    /** End of the highest SACKed segment ({@code tcp_highest_sack_seq()}), or 0 if none. */
    long highestSack;

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

    long endSeq() {
        return size == 0 ? 0 : end(size - 1);
    }

    /** Appends a newly transmitted segment. */
    void add(long seq, int seqLength, boolean fin, long now) {
        if (size == start.length) grow();
        int s = slot(size++);
        start[s] = seq;
        length[s] = seqLength;
        bits[s] = (byte) (fin ? FIN : 0);
        sentAt[s] = now;
    }

    private void grow() {
        int n = start.length;
        long[] st = new long[2 * n];
        int[] len = new int[2 * n];
        byte[] b = new byte[2 * n];
        long[] at = new long[2 * n];
        for (int i = 0; i < size; i++) {
            int s = slot(i);
            st[i] = start[s];
            len[i] = length[s];
            b[i] = bits[s];
            at[i] = sentAt[s];
        }
        start = st;
        length = len;
        bits = b;
        sentAt = at;
        head = 0;
    }

    /** Removes the head entry (cumulatively acknowledged), keeping the counts. */
    void removeHead() {
        int s = slot(0);
        int b = bits[s];
        if ((b & SACKED) != 0) sackedOut--;
        if ((b & LOST) != 0) lostOut--;
        if ((b & RETRANS) != 0) retransOut--;
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
            return true;
        }
        bits[s] = (byte) (b | LOST);
        lostOut++;
        return false;
    }

    /** A (re)transmission of entry {@code i} at {@code now}. */
    void markRetransmitted(int i, long now) {
        int s = slot(i);
        int b = bits[s];
        if ((b & RETRANS) == 0) retransOut++;
        bits[s] = (byte) (b | RETRANS | EVER_RETRANS);
        sentAt[s] = now;
    }

    /** Clears every SACK bit (reneging; also what a non-SACK connection never sets). */
    void clearSacks() {
        for (int i = 0; i < size; i++) bits[slot(i)] &= (byte) ~SACKED;
        sackedOut = 0;
        highestSack = 0;
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
