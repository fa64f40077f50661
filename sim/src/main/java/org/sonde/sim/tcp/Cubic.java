package org.sonde.sim.tcp;

/**
 * Linux's {@code tcp_cubic} (RFC 9438) with its constants: β = 717/1024, C = 0.4 ({@code bic_scale} 41 × 10
 * / 1024), fast convergence and TCP friendliness on, time in jiffies of HZ = 1000 shifted into 2^-10 s
 * units ({@code BICTCP_HZ}), the window counted in segments.
 *
 * <p>Simplified: HyStart (on in Linux) is left out, so slow start ends only on loss or ECN; Linux's
 * table-and-Newton cube root (within 0.2 %) is replaced by the exact integer cube root.
 */
public final class Cubic implements CongestionControl {
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

    private void reset() {
        cnt = lastMaxCwnd = lastCwnd = lastTime = bicOriginPoint = bicK = delayMinMicros = epochStart = ackCnt = tcpCwnd = 0;
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
    }
}
