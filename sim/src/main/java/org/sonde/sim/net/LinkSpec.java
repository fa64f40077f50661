package org.sonde.sim.net;

/**
 * The settings of a full-duplex link: the same rate, propagation delay and MTU (IP bytes) both ways.
 * {@link Network#connect(Node, Node, LinkSpec)} checks them.
 */
public record LinkSpec(long rateBps, long delayNanos, int mtu) {
    /** A link with the {@link Network#DEFAULT_MTU}. */
    public LinkSpec(long rateBps, long delayNanos) {
        this(rateBps, delayNanos, Network.DEFAULT_MTU);
    }
}
