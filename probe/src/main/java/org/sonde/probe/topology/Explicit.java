package org.sonde.probe.topology;

import java.util.List;

/**
 * Source multipath (dissertation §3.3.3, Fig. 3.4): the source router hashes a probe's 5-tuple to
 * one of a configured set of paths (LSPs), in proportion to their weights.
 */
public record Explicit(int source, int sink, List<ExplicitPath> paths) implements PathSet {
    public Explicit {
        paths = List.copyOf(paths);
        if (paths.isEmpty()) throw new IllegalArgumentException("an explicit path set needs a path");
    }

    private double total() {
        double t = 0;
        for (ExplicitPath p : paths) t += p.weight();
        return t;
    }

    @Override
    public LinkProbabilities traversal() {
        double total = total();
        int count = 0;
        for (ExplicitPath p : paths) count += p.links().length;
        int[] links = new int[count];
        double[] prob = new double[count];
        int k = 0;
        for (ExplicitPath p : paths) {
            // a path that visits a link twice still carries the probe over it with the path's probability
            int[] ls = p.links();
            java.util.Set<Integer> seen = new java.util.HashSet<>();
            for (int l : ls) {
                if (!seen.add(l)) continue;
                links[k] = l;
                prob[k++] = p.weight() / total;
            }
        }
        return Dag.sorted(java.util.Arrays.copyOf(links, k), java.util.Arrays.copyOf(prob, k));
    }

    @Override
    public long pathCount() {
        return paths.size();
    }

    @Override
    public int[] path(Hash hash) {
        if (paths.size() == 1) return paths.getFirst().links();
        double[] cumulative = new double[paths.size()];
        double s = 0;
        for (int i = 0; i < cumulative.length; i++) cumulative[i] = s += paths.get(i).weight();
        return paths.get(PathSet.pick(cumulative, hash.uniform(source))).links();
    }
}
