package org.sonde.probe.plan;

/**
 * The ports of one probe's 5-tuple (TCP; the addresses are the two agents'). Pings and traceroutes
 * of one probe share it, so routers hash them alike and the traceroute names the ping's path.
 */
public record Tuple(int sourcePort, int destinationPort) {
    public Tuple {
        if (sourcePort < 1 || sourcePort > 65535) throw new IllegalArgumentException("source port must be 1..65535, got " + sourcePort);
        if (destinationPort < 1 || destinationPort > 65535) throw new IllegalArgumentException("destination port must be 1..65535, got " + destinationPort);
    }

    /** The 5-tuple as one number for hashing, with the agents' node indexes standing for their addresses. */
    public long key(int sourceNode, int destinationNode) {
        return ((long) sourceNode * 0x9E3779B97F4A7C15L) ^ ((long) destinationNode << 40) ^ ((long) sourcePort << 16) ^ destinationPort ^ (6L << 58);
    }
}
