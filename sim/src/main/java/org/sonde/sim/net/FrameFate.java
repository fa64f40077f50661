package org.sonde.sim.net;

/**
 * What became of a frame at a port beyond its transmission and arrival (which {@link PortTap}s see):
 * handed to the port's node after the port's filter, or dropped there, and why. For monitors that
 * follow packets end to end, as ns-3's FlowMonitor follows them through its IP-layer probes.
 */
public interface FrameFate {
    /** Why a frame was dropped. */
    enum Drop {
        /** A switch's shared buffer (or the egress queue's dynamic threshold) had no room. */
        BUFFER,
        /** An IP packet longer than the link's MTU (no fragmentation). */
        OVERSIZE,
        /** A switch had no route to the destination. */
        UNROUTABLE,
        /** The port's filter (an injected drop) took it. */
        FILTERED
    }

    /** {@code frame} passed the port's filter and was handed to its node. */
    default void delivered(long nowNanos, Frame frame, Port port) {}

    /** {@code frame} was dropped at {@code port} (the egress port for buffer and MTU drops, the ingress port otherwise). */
    default void dropped(long nowNanos, Frame frame, Port port, Drop reason) {}
}
