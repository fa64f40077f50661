package org.sonde.probe.topology;

import java.util.Arrays;

/**
 * A configured path between two agents, such as an MPLS label switched path: its links in order
 * and the share of traffic the source router gives it relative to the pair's other paths.
 */
public record ExplicitPath(int[] links, double weight) {
    public ExplicitPath {
        links = links.clone();
        if (links.length == 0) throw new IllegalArgumentException("an explicit path needs at least one link");
        if (!(weight > 0) || Double.isInfinite(weight)) throw new IllegalArgumentException("an explicit path needs a positive weight, got " + weight);
    }

    @Override
    public int[] links() {
        return links.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExplicitPath p && Arrays.equals(links, p.links) && weight == p.weight;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(links) * 31 + Double.hashCode(weight);
    }
}
