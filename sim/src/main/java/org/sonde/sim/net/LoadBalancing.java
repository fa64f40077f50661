package org.sonde.sim.net;

/** How a switch spreads frames over equal-cost egress ports. */
public enum LoadBalancing {
    /** ECMP: a salted hash of the 5-tuple, so a flow keeps one path and its packets their order. */
    FLOW,
    /**
     * Packet spraying: each frame to a port drawn at random (the switch's own seeded stream), so a flow's packets
     * take paths with different queues and may arrive out of order, as under per-packet multipath (DETER §5.2's
     * reordering).
     */
    PACKET
}
