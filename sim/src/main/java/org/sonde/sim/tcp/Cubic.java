package org.sonde.sim.tcp;

/**
 * Linux's {@code tcp_cubic} (RFC 9438) with its constants: β = 717/1024, C = 0.4 ({@code bic_scale} 41 × 10
 * / 1024), fast convergence and TCP friendliness on, time in jiffies of HZ = 1000 shifted into 2^-10 s
 * units ({@code BICTCP_HZ}), the window counted in segments.
 *
 * <p>Simplified: HyStart (on in Linux) is left out, so slow start ends only on loss or ECN; Linux's
 * table-and-Newton cube root (within 0.2 %) is replaced by the exact integer cube root.
 */
final class Cubic implements CongestionControl {
    static final int BETA_SCALE = 1024;
    static final int BETA = 717;
    static final int BIC_SCALE = 41;
    static final int BICTCP_HZ = 10;
    static final int HZ = 1000;
    static final long CUBE_RTT_SCALE = BIC_SCALE * 10L;
    /** {@code 8 * (BETA_SCALE + beta) / 3 / (BETA_SCALE - beta)} in Linux's integer order: 15. */
    static final long BETA_SCALE_FRIENDLY = 8L * (BETA_SCALE + BETA) / 3 / (BETA_SCALE - BETA);
    /** {@code 2^(10 + 3 BICTCP_HZ) / cube_rtt_scale}. */
    static final long CUBE_FACTOR = (1L << (10 + 3 * BICTCP_HZ)) / CUBE_RTT_SCALE;
    private static final long NANOS_PER_JIFFY = 1_000_000_000L / HZ;

    // struct bictcp; time fields in jiffies, 0 meaning unset as in Linux (jiffies here start at 1)
    long cnt;
    long lastMaxCwnd;
    long lastCwnd;
    long lastTime;
    long bicOriginPoint;
    long bicK;
    long delayMinMicros;
    long epochStart;
    long ackCnt;
    long tcpCwnd;

    @Override
    public String name() {
        return "cubic";
    }

    static long jiffies(long nowNanos) {
        return nowNanos / NANOS_PER_JIFFY + 1;
    }

    // HyStart (tcp_cubic.c, both detectors on): leaves slow start before the first loss when an ACK
    // train spans half the minimum RTT or the RTT of a round rises past the minimum by a clamped margin.
    static final int HYSTART_LOW_WINDOW = 16;
    static final long HYSTART_ACK_DELTA_MICROS = 2000;
    static final int HYSTART_MIN_SAMPLES = 8;
    static final long HYSTART_DELAY_MIN_MICROS = 4000;
    static final long HYSTART_DELAY_MAX_MICROS = 16000;
    private final boolean hystart;
    boolean found;
    long roundStartMicros = -1;
    long lastAckMicros;
    long endSeq;
    long currRttMicros;
    int sampleCnt;
    long pendingDelayMicros = -1;

    Cubic(boolean hystart) {
        this.hystart = hystart;
    }

    private void reset() {
        cnt = lastMaxCwnd = lastCwnd = lastTime = bicOriginPoint = bicK = delayMinMicros = epochStart = ackCnt = tcpCwnd = 0;
        found = false;
    }

    /** {@code cubictcp_recalc_ssthresh()}. */
    @Override
    public int ssthresh(CongestionWindow w) {
        epochStart = 0;
        if (w.cwnd < lastMaxCwnd) lastMaxCwnd = (long) w.cwnd * (BETA_SCALE + BETA) / (2 * BETA_SCALE); // fast convergence
        else lastMaxCwnd = w.cwnd;
        return (int) Math.max((long) w.cwnd * BETA / BETA_SCALE, 2);
    }

    /** {@code cubictcp_cong_avoid()}. */
    @Override
    public void congAvoid(CongestionWindow w, int acked, long nowNanos) {
        if (!w.isCwndLimited()) return;
        if (w.inSlowStart()) {
            acked = w.slowStart(acked);
            if (acked == 0) return;
        }
        update(w.cwnd, acked, jiffies(nowNanos));
        w.congAvoidAi((int) Math.min(cnt, Integer.MAX_VALUE), acked);
    }

    /** {@code bictcp_update()}: how many ACKed segments make the window grow by one. */
    void update(long cwnd, int acked, long now) {
        ackCnt += acked;
        if (lastCwnd == cwnd && now - lastTime <= HZ / 32) return;
        // at most one recalculation per jiffy; every reduction zeroes epochStart and forces one
        if (epochStart == 0 || now != lastTime) {
            lastCwnd = cwnd;
            lastTime = now;
            if (epochStart == 0) {
                epochStart = now;
                ackCnt = acked;
                tcpCwnd = cwnd;
                if (lastMaxCwnd <= cwnd) {
                    bicK = 0;
                    bicOriginPoint = cwnd;
                } else {
                    bicK = cubeRoot(CUBE_FACTOR * (lastMaxCwnd - cwnd));
                    bicOriginPoint = lastMaxCwnd;
                }
            }
            long t = now - epochStart + (delayMinMicros * HZ + 999_999) / 1_000_000; // + usecs_to_jiffies(delay_min)
            t = (t << BICTCP_HZ) / HZ;
            long offs = t < bicK ? bicK - t : t - bicK;
            long delta = (CUBE_RTT_SCALE * offs * offs * offs) >>> (10 + 3 * BICTCP_HZ);
            long target = t < bicK ? bicOriginPoint - delta : bicOriginPoint + delta;
            cnt = target > cwnd ? cwnd / (target - cwnd) : 100 * cwnd;
            if (lastMaxCwnd == 0 && cnt > 20) cnt = 20; // 5 % per RTT while the bandwidth is unknown
        }
        // TCP friendliness: never grow slower than Reno with β = 0.7 would
        long d = (cwnd * BETA_SCALE_FRIENDLY) >> 3;
        while (ackCnt > d) {
            ackCnt -= d;
            tcpCwnd++;
        }
        if (tcpCwnd > cwnd) {
            long maxCnt = cwnd / (tcpCwnd - cwnd);
            if (cnt > maxCnt) cnt = maxCnt;
        }
        cnt = Math.max(cnt, 2);
    }

    /** The exact integer cube root (Linux's {@code cubic_root()} approximates it). */
    static long cubeRoot(long a) {
        long x = (long) Math.cbrt((double) a);
        while (x * x * x > a) x--;
        while ((x + 1) * (x + 1) * (x + 1) <= a) x++;
        return x;
    }

    /** {@code cubictcp_state()}: a timeout starts over. */
    @Override
    public void setState(CongestionWindow w, int oldState, int newState) {
        if (newState == LOSS) reset();
    }

    /** {@code cubictcp_cwnd_event()}: after an idle period the epoch moves so the curve does not jump. */
    @Override
    public void cwndEvent(CongestionWindow w, Event event, long nowNanos) {
        if (event != Event.TX_START) return;
        long now = jiffies(nowNanos);
        long delta = now - jiffies(w.lastSendNanos);
        if (epochStart != 0 && delta > 0) {
            epochStart += delta;
            if (epochStart > now) epochStart = now;
        }
    }

    /** {@code cubictcp_acked()}: tracks the minimum delay, ignoring the first second of an epoch. */
    @Override
    public void pktsAcked(CongestionWindow w, int acked, long rttNanos, long nowNanos) {
        if (rttNanos < 0) return;
        if (epochStart != 0 && jiffies(nowNanos) - epochStart < HZ) return;
        long delay = Math.max(1, rttNanos / 1000);
        if (delayMinMicros == 0 || delayMinMicros > delay) delayMinMicros = delay;
        // hystart_update() runs once the socket has moved snd_una: see inAckEvent
        if (hystart && !found && w.inSlowStart() && w.cwnd >= HYSTART_LOW_WINDOW) pendingDelayMicros = delay;
    }

    /** {@code bictcp_hystart_reset()}: a new round starts when data sent after the last one is acknowledged. */
    private void hystartReset(long nowMicros, long sndNxt) {
        roundStartMicros = lastAckMicros = nowMicros;
        endSeq = sndNxt;
        currRttMicros = Long.MAX_VALUE;
        sampleCnt = 0;
    }

    /**
     * {@code hystart_update()}, after the ACK's snd_una is known. Without pacing in this model
     * ({@code SK_PACING_NONE}, {@code hystart_ack_delay()} 0) the train threshold is delay_min / 2.
     */
    @Override
    public void inAckEvent(CongestionWindow w, long sndUna, long sndNxt, long delivered, long deliveredCe, long nowNanos) {
        if (!hystart) return;
        long now = nowNanos / 1000;
        if (roundStartMicros < 0 || (w.inSlowStart() && sndUna - endSeq > 0)) hystartReset(now, sndNxt);
        long delay = pendingDelayMicros;
        pendingDelayMicros = -1;
        if (delay < 0 || found || !w.inSlowStart()) return;
        if (now - lastAckMicros <= HYSTART_ACK_DELTA_MICROS) { // ACK train detection
            lastAckMicros = now;
            if (now - roundStartMicros > delayMinMicros / 2) exitSlowStart(w);
        }
        if (currRttMicros > delay) currRttMicros = delay; // delay detection: the round's minimum of 8 samples
        if (sampleCnt < HYSTART_MIN_SAMPLES) {
            sampleCnt++;
        } else if (currRttMicros > delayMinMicros
                + Math.clamp(delayMinMicros >> 3, HYSTART_DELAY_MIN_MICROS, HYSTART_DELAY_MAX_MICROS)) {
            exitSlowStart(w);
        }
    }

    private void exitSlowStart(CongestionWindow w) {
        found = true;
        w.ssthresh = w.cwnd;
    }
}
