package org.sonde.sim.net;

/** What a port has seen, named after the usual switch and NIC counters. */
public final class PortCounters {
    public long txFrames;
    public long txBytes;
    public long rxFrames;
    public long rxBytes;
    /** Frames the node discarded because this port's queue or the shared buffer was full. */
    public long drops;
    public long dropBytes;
    /** IP packets larger than the link's MTU, discarded instead of sent. */
    public long oversize;
    /** Arrived frames a {@link FrameFilter} discarded (injected faults). */
    public long filtered;
    /** Frames marked CE while queued at this port. */
    public long ecnMarked;
    /** Highest queue occupancy of this port in bytes. */
    public long maxQueueBytes;
    public final long[] pauseFramesSent = new long[Frame.PRIORITIES];
    public final long[] pauseFramesReceived = new long[Frame.PRIORITIES];
}
