package org.sonde.sim.tcp;

import java.util.TreeSet;

/**
 * Linux's send buffer as {@code tcp_sendmsg_locked()} fills it, with {@code send-buffer-growth} on: {@code sk_sndbuf}
 * sized by {@code tcp_sndbuf_expand()} and grown by {@code tcp_new_space()}, and {@code sk_wmem_queued}, which counts
 * each skb of the write and retransmission queues at its truesize (its head and its payload). The application's write
 * appends to the last unsent skb up to {@code size_goal}; a new skb needs {@code sk_wmem_queued < sk_sndbuf}, else the
 * write waits, and {@code sk_stream_write_space()} wakes it once the free room is half what is queued.
 *
 * <p>The skbs are kept as their first sequence numbers: the writer starts one, a transmission that ends inside one
 * splits it ({@code tso_fragment()}, {@code tcp_fragment()}), and one is freed once wholly acknowledged
 * ({@code tcp_clean_rtx_queue()}). The sizes are x86-64's, as traced on Linux 6.18 with bpftrace: each skb's head
 * costs 832 B of truesize ({@code sk_wmem_queued} less the queued payload, in 832 B steps), and {@code tcp_sndbuf_expand()}
 * counts 2,304 B per segment (46,080 B for the initial window of 10).
 */
final class SendBuffer {
    /** {@code MAX_TCP_HEADER}: the headroom of a TCP skb. */
    static final int MAX_TCP_HEADER = 256;
    /** {@code SKB_DATA_ALIGN(sizeof(struct skb_shared_info))}. */
    static final int SHARED_INFO = 320;
    /** {@code SKB_DATA_ALIGN(sizeof(struct sk_buff))}. */
    static final int SKB = 256;
    /** {@code SKB_TRUESIZE(MAX_TCP_HEADER)}: what an skb costs before its payload. */
    static final int SKB_HEAD_TRUESIZE = MAX_TCP_HEADER + SHARED_INFO + SKB;
    /** {@code sk_gso_max_size}: {@code GSO_LEGACY_MAX_SIZE} less {@code MAX_TCP_HEADER + 1}. */
    static final int GSO_MAX_SIZE = 65_536 - (MAX_TCP_HEADER + 1);
    /** {@code TCP_INIT_CWND}. */
    private static final int INIT_CWND = 10;

    private final Tcb tp;
    private final TcpConfig cfg;
    /** {@code sk_sndbuf}. */
    long sndbuf;
    /** {@code SOCK_NOSPACE}: a write waits for room. */
    boolean noSpace;
    /** The first sequence number of each skb queued, sent or not. */
    private final TreeSet<Long> skbs = new TreeSet<>();

    SendBuffer(Tcb tp, TcpConfig cfg) {
        this.tp = tp;
        this.cfg = cfg;
        this.sndbuf = cfg.sendBufferDefaultBytes();
    }

    /** {@code sk_wmem_queued}: the queued payload and each skb's head. */
    long queued() {
        freeAcked();
        return Math.max(0, tp.writeSeq - tp.sndUna) + (long) SKB_HEAD_TRUESIZE * skbs.size();
    }

    /** {@code sk_stream_memory_free()}: a new skb may be queued. */
    boolean memoryFree() {
        return queued() < sndbuf;
    }

    /** {@code __sk_stream_is_writeable()}: the free room is at least half of what is queued ({@code sk_stream_min_wspace}). */
    boolean writeable() {
        long q = queued();
        return sndbuf - q >= q >> 1 && q < sndbuf;
    }

    /** The unsent payload of the write queue's last skb, to which a write appends; 0 when every byte has been sent. */
    long tailLength() {
        if (skbs.isEmpty() || tp.sndNxt >= tp.writeSeq) return 0;
        return tp.writeSeq - Math.max(skbs.last(), tp.sndNxt);
    }

    /** The writer starts an skb at {@code write_seq}. */
    void startSkb() {
        skbs.add(tp.writeSeq);
    }

    /** The end of the skb that holds {@code seq}: the next skb's start, or {@code write_seq} for the last one. */
    long skbEnd(long seq) {
        Long next = skbs.higher(seq);
        return next == null ? tp.writeSeq : Math.min(next, tp.writeSeq);
    }

    /** A transmission ended at {@code seq}: an skb that goes on past it is split there. */
    void splitAt(long seq) {
        if (!skbs.isEmpty() && seq > skbs.first() && seq < tp.writeSeq) skbs.add(seq);
    }

    /** {@code tcp_clean_rtx_queue()}: skbs wholly acknowledged are freed. */
    private void freeAcked() {
        if (tp.sndUna >= tp.writeSeq) {
            skbs.clear();
            return;
        }
        while (skbs.size() >= 2 && skbs.higher(skbs.first()) <= tp.sndUna) skbs.pollFirst();
    }

    /**
     * {@code tcp_xmit_size_goal()}: the payload of an skb the writer fills, whole segments of half the largest window
     * the peer offered ({@code tcp_bound_to_half_wnd()}) within {@code sk_gso_max_size}, at least one segment.
     */
    long sizeGoal(long maxWindow) {
        long goal = GSO_MAX_SIZE;
        long cutoff = maxWindow > Tcb.MSS_DEFAULT ? maxWindow >> 1 : maxWindow;
        if (cutoff > 0 && goal > cutoff) goal = cutoff;
        return Math.max(tp.mssCache, goal / tp.mssCache * tp.mssCache);
    }

    /**
     * {@code tcp_sndbuf_expand()}: room for twice the larger of the congestion window, the initial one and
     * {@code reordering + 1} segments, each at the memory of a non-GSO segment (its payload and headers in a power of
     * two, plus the skb), within {@code tcp_wmem[2]}; the buffer never shrinks.
     */
    void expand(long cwnd, int mssClamp) {
        long perMss = Long.highestOneBit(Math.max(mssClamp, tp.mssCache) + MAX_TCP_HEADER + SHARED_INFO - 1) * 2 + SKB;
        long segs = Math.max(Math.max(INIT_CWND, cwnd), tp.reordering + 1);
        long sndmem = 2 * segs * perMss;
        if (sndbuf < sndmem) sndbuf = Math.min(sndmem, cfg.sendBufferBytes());
    }
}
