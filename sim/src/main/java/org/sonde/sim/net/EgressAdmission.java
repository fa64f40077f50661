package org.sonde.sim.net;

/**
 * Sees every lossy frame as it reaches a switch's egress queue, before the switch queues or drops it, and gives the
 * decision: for ground truth of queue contents (return {@code byRule}: the run is unchanged) and for replays that
 * push recorded packets through the same fabric under a drop rule of their own. A switch without one applies its
 * buffer rule. Lossless (PFC) priorities are not shown to it: their admission is tied to pause accounting.
 */
@FunctionalInterface
public interface EgressAdmission {
    /**
     * @param out    the egress port the frame is routed to; its queue at the frame's priority is as the frame finds it
     * @param byRule whether the switch's shared-buffer rule (dynamic threshold) admits the frame
     * @return whether to queue the frame; a frame refused is dropped and counted as a buffer drop
     */
    boolean admit(Switch at, Port out, IpFrame frame, boolean byRule);
}
