package org.sonde.sim.tcp;

/**
 * Linux's {@code tcp_dctcp} sender: α (scaled to 1024) is updated once per window of data from the
 * fraction of delivered packets that were ECN-echoed, α ← (1 − g)·α + g·F with g = 2^-{@code shiftG};
 * on ECN the window shrinks by α/2, on loss it halves; growth is Reno's. The receiver's half (the CE
 * echo state machine, {@code dctcp_ece_ack_update()}) lives in {@link TcpSocket}, which owns the ACK path.
 */
final class Dctcp implements CongestionControl {
    /** {@code DCTCP_MAX_ALPHA}. */
    public static final int MAX_ALPHA = 1024;

    private final int shiftG;
    int alpha;
    private long nextSeq;
    private long oldDelivered;
    private long oldDeliveredCe;

    Dctcp(int shiftG, int alphaOnInit) {
        this.shiftG = shiftG;
        this.alpha = Math.min(alphaOnInit, MAX_ALPHA);
    }

    @Override
    public String name() {
        return "dctcp";
    }

    @Override
    public boolean needsEcn() {
        return true;
    }

    /** α scaled to 1024. */
    public int alpha() {
        return alpha;
    }

    /** {@code dctcp_ssthresh()}: cwnd × (1 − α/2). */
    @Override
    public int ssthresh(CongestionWindow w) {
        return Math.max(w.cwnd - (int) (((long) w.cwnd * alpha) >> 11), 2);
    }

    @Override
    public void congAvoid(CongestionWindow w, int acked, long nowNanos) {
        Reno.renoCongAvoid(w, acked);
    }

    /** {@code dctcp_state()}: entering recovery halves the window (once per episode). */
    @Override
    public void setState(CongestionWindow w, int oldState, int newState) {
        if (newState == RECOVERY && oldState != RECOVERY) reactToLoss(w);
    }

    /** {@code dctcp_cwnd_event()}: a timeout halves as well. */
    @Override
    public void cwndEvent(CongestionWindow w, Event event, long nowNanos) {
        if (event == Event.LOSS) reactToLoss(w);
    }

    private static void reactToLoss(CongestionWindow w) {
        w.ssthresh = Math.max(w.cwnd >> 1, 2);
    }

    /** {@code dctcp_update_alpha()}: once snd_una passes the end of the window the last update saw. */
    @Override
    public void inAckEvent(CongestionWindow w, long sndUna, long sndNxt, long delivered, long deliveredCe, long nowNanos) {
        if (sndUna < nextSeq) return;
        long d = delivered - oldDelivered;
        long dce = deliveredCe - oldDeliveredCe;
        int a = alpha;
        int decay = a >> shiftG;
        a -= decay == 0 ? a : Math.min(a, decay); // min_not_zero(alpha, alpha >> g)
        if (dce > 0) {
            long f = (dce << (10 - shiftG)) / Math.max(1, d);
            a = (int) Math.min(a + f, MAX_ALPHA);
        }
        alpha = a;
        nextSeq = sndNxt;
        oldDelivered = delivered;
        oldDeliveredCe = deliveredCe;
    }
}
