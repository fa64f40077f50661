package org.sonde.sim.net;

/**
 * Decides, at a port's receiving side, whether an arrived frame goes on to its node: the hook for
 * injected faults (drop the n-th data packet, a lossy link). A filter may also change the frame
 * (mark ECN, corrupt) before accepting it.
 */
@FunctionalInterface
public interface FrameFilter {
    /** Returns false to discard the frame (counted as {@link PortCounters#filtered}). */
    boolean accept(Frame frame, Port port);
}
