package org.sonde.sim.net;

/** Something that sees the frames a port sends and/or receives, e.g. a capture. */
public interface PortTap {
    /** Whether to see frames as they start transmission. */
    boolean transmitted();

    /** Whether to see frames as they finish arriving. */
    boolean received();

    void record(long nowNanos, Frame frame, Port port);
}
