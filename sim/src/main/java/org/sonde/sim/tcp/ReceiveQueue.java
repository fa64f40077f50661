package org.sonde.sim.tcp;

/**
 * The receiver's side of a connection's data: the next expected sequence ({@code rcv_nxt}), what
 * the application has not read yet, the out-of-order queue (as merged ranges: payloads are only
 * lengths) and the SACK blocks Linux advertises ({@code tp->selective_acks}, most recently changed
 * first, and one D-SACK block).
 */
final class ReceiveQueue {
    static final int MAX_SACKS = 4; // TCP_NUM_SACKS

    long rcvNxt;
    /** {@code copied_seq}: the application has read everything before it. */
    long copiedSeq;

    private long[] ofoStart = new long[8];
    private long[] ofoEnd = new long[8];
    private int ofoCount;
    private long ofoBytes;

    final long[] sackStart = new long[MAX_SACKS];
    final long[] sackEnd = new long[MAX_SACKS];
    int numSacks;
    boolean dsack;
    long dsackStart;
    long dsackEnd;

    void init(long irsPlusOne) {
        rcvNxt = irsPlusOne;
        copiedSeq = irsPlusOne;
    }

    /** Whether the FIN is in (it takes a sequence number but is no data). */
    boolean finIn;
    /** The FIN's sequence number once a FIN arrived, in order or not; -1 before. */
    long finSeq = -1;

    /** In-order bytes the application has not read. */
    long unread() {
        return rcvNxt - copiedSeq - (finIn ? 1 : 0);
    }

    /** The in-order FIN: rcv_nxt moves past it. */
    void fin() {
        rcvNxt++;
        finIn = true;
    }

    /** Bytes held: unread plus out of order (what {@code sk_rmem_alloc} counts, without overheads). */
    long held() {
        return unread() + ofoBytes;
    }

    boolean hasOutOfOrder() {
        return ofoCount > 0;
    }

    /** Whether [seq, end) is already held out of order. */
    /** Whether data from {@code seq} continues the highest out-of-order range (Linux coalesces it into that skb). */
    boolean continuesOutOfOrder(long seq) {
        return ofoCount > 0 && ofoEnd[ofoCount - 1] == seq;
    }

    boolean holdsOutOfOrder(long seq, long end) {
        for (int i = 0; i < ofoCount; i++) if (ofoStart[i] <= seq && end <= ofoEnd[i]) return true;
        return false;
    }

    /**
     * {@code tcp_data_queue_ofo()}: keeps the data [seq, end) (beyond rcv_nxt) and SACKs [seq, endSeq),
     * which includes a FIN's sequence number (the FIN itself is kept by the caller, not in the queue).
     */
    void addOutOfOrder(long seq, long end, long endSeq) {
        if (end > seq) addOutOfOrderData(seq, end);
        newOfoSack(seq, endSeq);
    }

    private void addOutOfOrderData(long seq, long end) {
        int i = 0;
        while (i < ofoCount && ofoEnd[i] < seq) i++;
        if (i < ofoCount && ofoStart[i] <= end) { // overlaps or touches range i: merge forward
            long s = Math.min(seq, ofoStart[i]);
            long e = Math.max(end, ofoEnd[i]);
            int j = i + 1;
            while (j < ofoCount && ofoStart[j] <= e) {
                e = Math.max(e, ofoEnd[j]);
                j++;
            }
            ofoBytes += (e - s) - covered(i, j);
            ofoStart[i] = s;
            ofoEnd[i] = e;
            int removed = j - i - 1;
            if (removed > 0) {
                System.arraycopy(ofoStart, j, ofoStart, i + 1, ofoCount - j);
                System.arraycopy(ofoEnd, j, ofoEnd, i + 1, ofoCount - j);
                ofoCount -= removed;
            }
        } else {
            if (ofoCount == ofoStart.length) {
                ofoStart = java.util.Arrays.copyOf(ofoStart, 2 * ofoCount);
                ofoEnd = java.util.Arrays.copyOf(ofoEnd, 2 * ofoCount);
            }
            System.arraycopy(ofoStart, i, ofoStart, i + 1, ofoCount - i);
            System.arraycopy(ofoEnd, i, ofoEnd, i + 1, ofoCount - i);
            ofoStart[i] = seq;
            ofoEnd[i] = end;
            ofoCount++;
            ofoBytes += end - seq;
        }
    }

    private long covered(int from, int to) {
        long n = 0;
        for (int k = from; k < to; k++) n += ofoEnd[k] - ofoStart[k];
        return n;
    }

    /**
     * Accepts in-order data up to {@code end} and pulls in the out-of-order ranges it reaches
     * ({@code tcp_ofo_queue()}); drops the SACK blocks rcv_nxt now covers ({@code tcp_sack_remove()}).
     */
    void advance(long end) {
        if (end > rcvNxt) rcvNxt = end;
        while (ofoCount > 0 && ofoStart[0] <= rcvNxt) {
            ofoBytes -= ofoEnd[0] - ofoStart[0];
            if (ofoEnd[0] > rcvNxt) rcvNxt = ofoEnd[0];
            System.arraycopy(ofoStart, 1, ofoStart, 0, ofoCount - 1);
            System.arraycopy(ofoEnd, 1, ofoEnd, 0, ofoCount - 1);
            ofoCount--;
        }
        if (ofoCount == 0) {
            numSacks = 0;
            return;
        }
        for (int k = 0; k < numSacks; ) {
            if (rcvNxt >= sackStart[k]) {
                System.arraycopy(sackStart, k + 1, sackStart, k, numSacks - k - 1);
                System.arraycopy(sackEnd, k + 1, sackEnd, k, numSacks - k - 1);
                numSacks--;
            } else {
                k++;
            }
        }
    }

    /** {@code tcp_sack_new_ofo_skb()}: extend a block and move it to the front, or add a new front block. */
    private void newOfoSack(long seq, long end) {
        for (int k = 0; k < numSacks; k++) {
            if (seq <= sackEnd[k] && sackStart[k] <= end) { // tcp_sack_extend()
                long s = Math.min(seq, sackStart[k]);
                long e = Math.max(end, sackEnd[k]);
                for (; k > 0; k--) {
                    sackStart[k] = sackStart[k - 1];
                    sackEnd[k] = sackEnd[k - 1];
                }
                sackStart[0] = s;
                sackEnd[0] = e;
                coalesce();
                return;
            }
        }
        int n = Math.min(numSacks, MAX_SACKS - 1); // a full array forgets its oldest block
        for (int k = n; k > 0; k--) {
            sackStart[k] = sackStart[k - 1];
            sackEnd[k] = sackEnd[k - 1];
        }
        sackStart[0] = seq;
        sackEnd[0] = end;
        numSacks = n + 1;
    }

    /** {@code tcp_sack_maybe_coalesce()}: folds blocks the front block now touches into it. */
    private void coalesce() {
        for (int k = 1; k < numSacks; ) {
            if (sackStart[k] <= sackEnd[0] && sackStart[0] <= sackEnd[k]) {
                sackStart[0] = Math.min(sackStart[0], sackStart[k]);
                sackEnd[0] = Math.max(sackEnd[0], sackEnd[k]);
                System.arraycopy(sackStart, k + 1, sackStart, k, numSacks - k - 1);
                System.arraycopy(sackEnd, k + 1, sackEnd, k, numSacks - k - 1);
                numSacks--;
            } else {
                k++;
            }
        }
    }

    /** {@code tcp_dsack_set()}: report [seq, end) as received twice in the next ACK. */
    void setDsack(long seq, long end) {
        dsack = true;
        dsackStart = seq;
        dsackEnd = end;
    }
}
