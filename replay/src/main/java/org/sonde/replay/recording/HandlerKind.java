package org.sonde.replay.recording;

import org.sonde.sim.tcp.TcpObserver;

/**
 * What took a connection endpoint's lock, in the order the recording keeps (DETER's lock-acquisition order): a
 * segment's arrival, an application call of its own (not made inside a callback), or a timer.
 */
public enum HandlerKind {
    ARRIVAL, CALL, RETRANS, PROBE0, REO_TIMEOUT, LOSS_PROBE, XMIT_IDLE, DELACK, READ, TIME_WAIT;

    static final HandlerKind[] ALL = values();

    public static HandlerKind of(TcpObserver.TimerKind t) {
        return ALL[CALL.ordinal() + 1 + t.ordinal()];
    }

    static {
        for (TcpObserver.TimerKind t : TcpObserver.TimerKind.values()) {
            if (!of(t).name().equals(t.name())) throw new AssertionError("timer kinds out of step: " + t);
        }
    }
}
