package org.sonde.probe.localize;

/**
 * One probe's result over a window: the agents, its tuple's ports, the path its traceroute saw (link
 * indexes), the pings sent and lost, and whether it was judged bad (lossy, or a latency spike).
 */
public record Observation(int source, int target, int sourcePort, int destinationPort, int[] path, long sent, long lost, boolean bad) {
    public Observation {
        if (sent < 0 || lost < 0 || lost > sent) throw new IllegalArgumentException("a probe loses between 0 and all of its " + sent + " pings, got " + lost);
    }

    /** The share of pings lost, 0 when none were sent. */
    public double lossRatio() {
        return sent == 0 ? 0 : (double) lost / sent;
    }

    Observation withBad(boolean b) {
        return new Observation(source, target, sourcePort, destinationPort, path, sent, lost, b);
    }
}
