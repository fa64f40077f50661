package org.sonde.sim.tcp;

import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.kernel.Timer;

/**
 * A connection's retransmission timer, Linux's {@code icsk_retransmit_timer} with {@code icsk_pending}: one
 * timer serves the RTO, the zero-window probe, RACK's reordering timeout and the tail loss probe, and
 * {@link #pending} says which of them is armed. The socket's handler dispatches on it when it fires.
 */
final class XmitTimer {
    static final int NONE = 0;
    /** {@code ICSK_TIME_RETRANS}. */
    static final int RETRANS = 1;
    /** {@code ICSK_TIME_PROBE0}. */
    static final int PROBE0 = 3;
    /** {@code ICSK_TIME_REO_TIMEOUT}. */
    static final int REO_TIMEOUT = 4;
    /** {@code ICSK_TIME_LOSS_PROBE}. */
    static final int LOSS_PROBE = 5;

    /** {@code icsk_pending}: which use the timer is armed for, {@link #NONE} when none. */
    int pending;
    final Timer timer;
    private final Simulator sim;
    private final Scoreboard sb;
    private final RttEstimator rtt;
    private final TimerWheel wheel;

    XmitTimer(Simulator sim, Scoreboard sb, RttEstimator rtt, TimerWheel wheel, Runnable handler) {
        this.sim = sim;
        this.sb = sb;
        this.rtt = rtt;
        this.wheel = wheel;
        this.timer = new Timer(sim, handler);
    }

    /** {@code inet_csk_reset_xmit_timer()}: arms the timer for {@code what} at {@code at} (at a tick when in jiffies). */
    void reset(int what, long at) {
        pending = what;
        timer.arm(wheel.expiry(sim.now(), at));
    }

    /** {@code inet_csk_clear_xmit_timer()}. */
    void clear() {
        timer.cancel();
        pending = NONE;
    }

    /**
     * {@code tcp_rearm_rto()}: the RTO from now; after a loss probe or reordering timer the RTO still counts
     * from the head's transmission. With nothing outstanding a pending RTO is cleared.
     */
    void rearmRto() {
        if (sb.isEmpty()) {
            if (pending == RETRANS) clear();
            return;
        }
        long after = rtt.rto;
        if (pending == REO_TIMEOUT || pending == LOSS_PROBE) after = Math.max(rtoDelta(), 1);
        reset(RETRANS, sim.now() + after);
    }

    /** {@code tcp_rto_delta_us()}: how far in the future the head's RTO is. */
    long rtoDelta() {
        return sb.sentAt(0) + rtt.rto - sim.now();
    }
}
