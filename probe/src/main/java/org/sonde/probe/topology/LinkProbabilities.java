package org.sonde.probe.topology;

/**
 * Links (ascending indexes) and, for each, the probability that a random probe's path uses it.
 * The arrays are owned by this value and not to be changed.
 */
public record LinkProbabilities(int[] links, double[] probability) {
    public int size() {
        return links.length;
    }

    /** The smallest probability: the link hardest to cover, which sets how many probes a pair needs. */
    public double minimum() {
        double m = 1;
        for (double p : probability) m = Math.min(m, p);
        return m;
    }
}
