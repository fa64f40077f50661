package org.sonde.inject.mirror;

/**
 * Per-packet weighted round robin over the dumpers (paper §3.4, Figure 4), interleaved ("smooth", as
 * nginx does it) so that weights 2:1 give A B A A B A ... rather than bursts: each pick adds every
 * weight to its credit and takes the largest credit, which then pays the total. Deterministic.
 */
final class WeightedRoundRobin {
    private final int[] weights;
    private final long[] credit;
    private final long total;

    public WeightedRoundRobin(int[] weights) {
        if (weights.length == 0) throw new IllegalArgumentException("no dumpers to pick from");
        long t = 0;
        for (int w : weights) {
            if (w < 1) throw new IllegalArgumentException("weights must be ≥ 1, got " + w);
            t += w;
        }
        this.weights = weights.clone();
        this.credit = new long[weights.length];
        this.total = t;
    }

    public int next() {
        int best = 0;
        for (int i = 0; i < weights.length; i++) {
            credit[i] += weights[i];
            if (credit[i] > credit[best]) best = i;
        }
        credit[best] -= total;
        return best;
    }
}
