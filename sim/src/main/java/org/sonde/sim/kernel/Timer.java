package org.sonde.sim.kernel;

/**
 * A re-armable timer, like a kernel's {@code timer_list}: arming it again moves its deadline,
 * cancelling it disarms it.
 *
 * <p>Transports re-arm timers on nearly every packet (the retransmission timer on each ACK). To keep
 * the event queue small, moving a deadline later does not queue a new event: the pending one fires,
 * sees the later deadline and re-queues itself once. Only moving it earlier queues a new event; the
 * older one becomes stale and is ignored when it fires.
 */
public final class Timer {
    private static final long NONE = Long.MAX_VALUE;

    private final Simulator sim;
    private final Runnable action;
    private final Handler<Timer> fire = Timer::fire;
    private long deadline = NONE;
    private long queuedAt = NONE;

    public Timer(Simulator sim, Runnable action) {
        this.sim = sim;
        this.action = action;
    }

    /** Sets the deadline to absolute time {@code at} (not before now), replacing any earlier setting. */
    public void arm(long at) {
        if (at < sim.now()) throw new IllegalArgumentException("deadline " + at + " ns is in the past (now " + sim.now() + " ns)");
        deadline = at;
        if (at < queuedAt) {
            queuedAt = at;
            sim.at(at, fire, this);
        }
    }

    /** Sets the deadline {@code delay} nanoseconds from now. */
    public void armAfter(long delay) {
        arm(sim.now() + delay);
    }

    public void cancel() {
        deadline = NONE;
    }

    public boolean armed() {
        return deadline != NONE;
    }

    /** The absolute deadline; only meaningful when {@link #armed()}. */
    public long deadline() {
        return deadline;
    }

    private void fire() {
        long t = sim.now();
        if (t != queuedAt) return; // stale: the deadline was moved earlier and a newer event fired or will fire
        queuedAt = NONE;
        if (deadline == NONE) return;
        if (deadline > t) {
            queuedAt = deadline;
            sim.at(deadline, fire, this);
            return;
        }
        deadline = NONE;
        action.run();
    }
}
