package org.sonde.sim.rdma;

import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.kernel.Timer;

/**
 * DCQCN's reaction point for one QP (Zhu et al., SIGCOMM 2015, §4 and Fig. 6): a CNP sets the target
 * rate R_T to the current rate R_C, cuts R_C by the factor (1 − α/2) and raises α ← (1 − g)α + g;
 * without CNPs α decays by (1 − g) every K. Rate-increase events come from a timer (every T) and a
 * byte counter (every B bytes sent); each moves R_C halfway to R_T, after raising R_T by R_AI
 * (additive increase, once either counter has passed F events) or R_HAI (hyper increase, once both
 * have). The first F events are fast recovery: R_T stays.
 *
 * <p>Simplifications: α's decay is computed when the next CNP arrives (the K periods since the last
 * CNP, as if its timer restarted at each CNP) instead of by a running timer; timers stop while the
 * QP is back at full rate with R_T there too, as NICs release a QP's rate limiter then.
 */
final class ReactionPoint {
    private final Simulator sim;
    private final DcqcnConfig c;
    private final double maxRate;
    private final Timer increaseTimer;
    private double rc;
    private double rt;
    private double alpha;
    private long lastCnp = -1;
    private long lastCut = Long.MIN_VALUE / 2;
    private int timerEvents;
    private int byteEvents;
    private long bytes;
    private boolean limited;

    ReactionPoint(Simulator sim, DcqcnConfig config, long lineRateBps) {
        this.sim = sim;
        this.c = config;
        this.maxRate = config.rpgMaxRateBps() > 0 ? Math.min(config.rpgMaxRateBps(), lineRateBps) : lineRateBps;
        this.rc = maxRate;
        this.rt = maxRate;
        this.increaseTimer = new Timer(sim, this::timerExpired);
    }

    long rateBps() {
        return Math.max(1, (long) rc);
    }

    double targetRateBps() {
        return rt;
    }

    double alpha() {
        return alpha;
    }

    /** A CNP arrived for this QP. */
    void onCnp() {
        long now = sim.now();
        double g = c.g();
        boolean first = lastCnp < 0;
        if (first) {
            alpha = c.initialAlphaValue() / 1024.0;
        } else {
            long periods = (now - lastCnp) / c.dceTcpRttNanos();
            alpha *= Math.pow(1 - g, periods);
        }
        lastCnp = now;
        if (now - lastCut >= c.rateReduceMonitorPeriodNanos()) {
            lastCut = now;
            if (first && c.rateToSetOnFirstCnpBps() > 0) {
                rc = Math.min(maxRate, c.rateToSetOnFirstCnpBps());
                rt = rc;
            } else {
                rt = rc;
                rc *= Math.max(1 - alpha / 2, c.rpgMinDecFac() / 100.0);
            }
            rc = Math.max(rc, c.rpgMinRateBps());
            timerEvents = 0;
            byteEvents = 0;
            bytes = 0;
            limited = true;
            increaseTimer.armAfter(c.rpgTimeResetNanos());
        }
        alpha = (1 - g) * alpha + g;
    }

    /** A data packet of {@code frameBytes} left at the current rate (the byte counter). */
    void sent(int frameBytes) {
        if (!limited) return;
        bytes += frameBytes;
        if (bytes >= c.rpgByteResetBytes()) {
            bytes -= c.rpgByteResetBytes();
            byteEvents++;
            increase();
        }
    }

    private void timerExpired() {
        if (!limited) return;
        timerEvents++;
        increase();
        if (limited) increaseTimer.armAfter(c.rpgTimeResetNanos());
    }

    private void increase() {
        int f = c.rpgThreshold();
        if (Math.min(timerEvents, byteEvents) > f) rt += c.rpgHaiRateBps();      // hyper increase
        else if (Math.max(timerEvents, byteEvents) > f) rt += c.rpgAiRateBps();  // additive increase
        rt = Math.min(rt, maxRate);                                              // fast recovery keeps R_T
        rc = (rt + rc) / 2;
        if (maxRate - rc < 1 && rt >= maxRate) {
            rc = maxRate;
            limited = false;
            increaseTimer.cancel();
        }
    }
}
