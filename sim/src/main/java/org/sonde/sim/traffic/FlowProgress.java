package org.sonde.sim.traffic;

/** What statistics sample from a running flow. */
public interface FlowProgress {
    /** Bytes the destination application has received so far. */
    long deliveredBytes();

    /** The sender's congestion control state: the window in bytes for window-based transports, the rate in bits/s for rate-based ones. */
    double control();

    /** Whether {@link #control()} is a window ("bytes") or a rate ("bps"). */
    String controlUnit();

    /** Retransmitted packets so far. */
    long retransmissions();
}
