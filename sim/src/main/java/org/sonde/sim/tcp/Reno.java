package org.sonde.sim.tcp;

/** Linux's {@code tcp_reno}: halve on loss, one segment per window in congestion avoidance (NewReno recovery is the socket's). */
final class Reno implements CongestionControl {
    @Override
    public String name() {
        return "reno";
    }

    /** {@code tcp_reno_ssthresh()}. */
    @Override
    public int ssthresh(CongestionWindow w) {
        return Math.max(w.cwnd >> 1, 2);
    }

    /** {@code tcp_reno_cong_avoid()}. */
    @Override
    public void congAvoid(CongestionWindow w, int acked, long nowNanos) {
        renoCongAvoid(w, acked);
    }

    static void renoCongAvoid(CongestionWindow w, int acked) {
        if (!w.isCwndLimited()) return;
        if (w.inSlowStart()) {
            acked = w.slowStart(acked);
            if (acked == 0) return;
        }
        w.congAvoidAi(w.cwnd, acked);
    }
}
