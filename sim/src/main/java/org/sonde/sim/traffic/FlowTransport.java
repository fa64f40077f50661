package org.sonde.sim.traffic;

/**
 * A transport that carries {@link Flow}s (TCP connections, RDMA queue pairs). Traffic generators
 * and statistics use only this seam, so every generator works over every transport.
 */
public interface FlowTransport {
    /** The transport's name in scenarios and statistics: "tcp", "roce". */
    String name();

    /**
     * Starts {@code flow} now (the simulator's clock is at {@code flow.startNanos()}); calls
     * {@code listener.finished} once, when the destination application has received every byte.
     */
    FlowProgress start(Flow flow, FlowListener listener);

    /** The transport's counters per host name, with the names real stacks use (nstat, ethtool); empty if it keeps none. */
    default java.util.Map<String, java.util.Map<String, Long>> countersByHost() {
        return java.util.Map.of();
    }
}
