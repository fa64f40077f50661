package org.sonde.sim.tcp;

/**
 * Linux's deferral of a multi-segment skb ({@code tcp_tso_should_defer()}, as of 6.18) and the skb size it weighs
 * against ({@code tcp_tso_autosize()}). It applies with software GSO as with TSO: a socket can always GSO
 * ({@code sk_setup_caps()} adds {@code NETIF_F_GSO}), so the write queue holds skbs of many segments even when the
 * device's offloads are off. After an ACK frees less than a {@code tcp_tso_win_divisor} share of the window, the
 * sender holds the data back while the next ACK is due soon (within half an RTT, at most 1 ms), so the window goes
 * out in bursts of about {@code cwnd / divisor} segments.
 */
final class TsoDeferral {
    /** {@code tcp_max_tso_deferred_mss()}: with {@code tcp_tso_win_divisor} 0, three segments are worth sending. */
    static final int DEFERRED_MSS = 3;
    /** The deferral holds only while the last transmission is this recent (1 ms). */
    static final long RECENT_XMIT_NANOS = 1_000_000L;
    /** {@code sk_pacing_shift} 10: an skb holds about 1 ms of the pacing rate. */
    private static final int PACING_SHIFT = 10;
    /** {@code tcp_tso_rtt_log} 9: each doubling of the minimum RTT past 512 µs halves the skb's extra size. */
    private static final int TSO_RTT_LOG = 9;
    /** {@code tcp_min_tso_segs} 2. */
    private static final int MIN_TSO_SEGS = 2;
    /** {@code tcp_pacing_ss_ratio} and {@code tcp_pacing_ca_ratio}, percent. */
    private static final int PACING_SS_RATIO = 200, PACING_CA_RATIO = 120;

    /** What {@code tcp_tso_should_defer()} decided. */
    enum Verdict {
        SEND,
        /** Deferred with the congestion window the limit ({@code is_cwnd_limited}). */
        DEFER_CWND_LIMITED,
        /** Deferred with the peer's window the limit ({@code is_rwnd_limited}). */
        DEFER_RWND_LIMITED,
        /** Deferred for more data from the application. */
        DEFER;

        boolean defers() {
            return this != SEND;
        }
    }

    /**
     * The sender's state when {@code tcp_write_xmit()} reaches an unsent skb of more than one segment.
     *
     * @param nowNanos       {@code tcp_clock_cache}
     * @param lastXmitNanos  {@code tcp_wstamp_ns}: when the socket last transmitted
     * @param recovery       {@code icsk_ca_state} is Recovery or Loss
     * @param cwnd           {@code snd_cwnd}
     * @param inFlight       {@code tcp_packets_in_flight()}, below cwnd
     * @param mss            {@code mss_cache}
     * @param sendWindow     {@code tcp_wnd_end()} less the skb's first sequence number
     * @param sndWnd         {@code snd_wnd}: the peer's window
     * @param skbLength      the skb's payload
     * @param tail           the skb is the write queue's last, to which the application may still append
     * @param fin            the skb carries the FIN
     * @param headSentNanos  when the oldest unacknowledged skb was (last) sent; negative when none is out
     * @param srttUs8        {@code srtt_us}: the smoothed RTT in µs, times 8
     * @param maxSegs        {@link #maxSegs}: the segments of a full skb
     */
    record State(long nowNanos, long lastXmitNanos, boolean recovery, int cwnd, int inFlight, int mss, long sendWindow, long sndWnd,
                 long skbLength, boolean tail, boolean fin, long headSentNanos, long srttUs8, int maxSegs) {}

    private TsoDeferral() {}

    /** {@code tcp_tso_should_defer()} with {@code tcp_tso_win_divisor} {@code winDivisor}. */
    static Verdict decide(State s, int winDivisor) {
        if (s.recovery()) return Verdict.SEND;
        // only while the last transmission is recent: an idle sender does not wait
        if (s.nowNanos() - s.lastXmitNanos() - RECENT_XMIT_NANOS > 0) return Verdict.SEND;
        long congWin = (long) (s.cwnd() - s.inFlight()) * s.mss();
        long limit = Math.min(s.sendWindow(), congWin);
        if (limit >= (long) s.maxSegs() * s.mss()) return Verdict.SEND; // a full skb can go
        if (!s.tail() && limit >= s.skbLength()) return Verdict.SEND; // the skb gets no more data and fits
        if (winDivisor != 0) {
            long chunk = Math.min(s.sndWnd(), (long) s.cwnd() * s.mss()) / winDivisor;
            if (limit >= chunk) return Verdict.SEND;
        } else if (limit > (long) DEFERRED_MSS * s.mss()) {
            return Verdict.SEND;
        }
        if (s.headSentNanos() < 0) return Verdict.SEND;
        // the oldest skb's ACK is expected one srtt after it left; later than min(srtt / 2, 1 ms) from now is too late
        long srttNanos = s.srttUs8() * 125;
        long howFarIsTheAck = s.headSentNanos() + srttNanos - s.nowNanos();
        if (howFarIsTheAck - Math.min(srttNanos >> 1, RECENT_XMIT_NANOS) > 0) return Verdict.SEND;
        if (congWin < s.sendWindow()) {
            if (congWin <= s.skbLength()) return Verdict.DEFER_CWND_LIMITED;
        } else if (s.sendWindow() <= s.skbLength()) {
            return Verdict.DEFER_RWND_LIMITED;
        }
        if (s.fin()) return Verdict.SEND; // the skb will get no more data
        return Verdict.DEFER;
    }

    /**
     * {@code tcp_tso_segs()}: the segments of a full skb, {@code tcp_tso_autosize()}'s about 1 ms at the pacing rate plus
     * {@code sk_gso_max_size} halved for each doubling of the minimum RTT past 512 µs, within {@code sk_gso_max_size}
     * and at least {@code tcp_min_tso_segs}.
     */
    static int maxSegs(long pacingRateBytesPerSecond, long minRttUs, int mss) {
        long bytes = pacingRateBytesPerSecond >> PACING_SHIFT;
        long r = minRttUs >> TSO_RTT_LOG;
        if (r < 32) bytes += SendBuffer.GSO_MAX_SIZE >> r;
        bytes = Math.min(bytes, SendBuffer.GSO_MAX_SIZE);
        return (int) Math.max(bytes / mss, MIN_TSO_SEGS);
    }

    /**
     * {@code tcp_update_pacing_rate()}: twice the window per srtt in slow start's first half (cwnd below half of
     * ssthresh), 1.2 times after it, in bytes per second.
     */
    static long pacingRate(int mss, int cwnd, int packetsOut, int ssthresh, long srttUs8) {
        long rate = (long) mss * (1_000_000 / 100 << 3);
        rate *= cwnd < ssthresh / 2 ? PACING_SS_RATIO : PACING_CA_RATIO;
        rate *= Math.max(cwnd, packetsOut);
        return srttUs8 > 0 ? rate / srttUs8 : rate;
    }
}
