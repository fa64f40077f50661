package org.sonde.sim.tcp;

/**
 * The sender's congestion window in segments, as Linux keeps it in {@code struct tcp_sock}
 * ({@code snd_cwnd}, {@code snd_ssthresh}, {@code snd_cwnd_cnt}, {@code snd_cwnd_clamp}), with the
 * window arithmetic shared by all congestion controls ({@code tcp_cong.c}).
 */
final class CongestionWindow {
    /** {@code TCP_INFINITE_SSTHRESH}. */
    public static final int INFINITE_SSTHRESH = 0x7fff_ffff;

    int cwnd;
    int ssthresh = INFINITE_SSTHRESH;
    int cwndCnt;
    int clamp = 0xFFFF_FFF;
    /** {@code tp->is_cwnd_limited}: the last transmission round was stopped by the window. */
    boolean cwndLimited;
    /** {@code tp->max_packets_out}: the most packets in flight in the current window. */
    int maxPacketsOut;
    /** {@code tp->lsndtime}: when data was last sent. */
    long lastSendNanos;

    CongestionWindow(int initial) {
        this.cwnd = initial;
    }

    public int cwnd() {
        return cwnd;
    }

    public int ssthresh() {
        return ssthresh;
    }

    /** {@code tcp_in_slow_start()}. */
    public boolean inSlowStart() {
        return cwnd < ssthresh;
    }

    /** {@code tcp_is_cwnd_limited()}: in slow start, growing while the window is under twice what was used. */
    public boolean isCwndLimited() {
        if (inSlowStart()) return cwnd < 2 * maxPacketsOut;
        return cwndLimited;
    }

    /** {@code tcp_slow_start()}: grows by the segments acked up to ssthresh; returns the acked segments left over. */
    int slowStart(int acked) {
        int c = Math.min(cwnd + acked, ssthresh);
        acked -= c - cwnd;
        cwnd = Math.min(c, clamp);
        return acked;
    }

    /** {@code tcp_cong_avoid_ai()}: one segment per {@code w} segments acked. */
    void congAvoidAi(int w, int acked) {
        if (cwndCnt >= w) {
            cwndCnt = 0;
            cwnd++;
        }
        cwndCnt += acked;
        if (cwndCnt >= w) {
            int delta = cwndCnt / w;
            cwndCnt -= delta * w;
            cwnd += delta;
        }
        cwnd = Math.min(cwnd, clamp);
    }
}
