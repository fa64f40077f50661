package org.sonde.probe.topology;

import java.util.Arrays;

/**
 * Multipath by hashing at every hop (ECMP; WCMP with unequal weights): the single-source,
 * single-sink DAG of next hops from one agent's host to another's (dissertation §3.3.3,
 * "general multipath"). Nodes are held in topological order, each with its next-hop links and
 * their cumulative weights.
 */
public record Dag(int source, int sink, int[] order, int[][] next, double[][] cumulative, int[][] head) implements PathSet {
    /**
     * @param order      the DAG's nodes in topological order, source first, sink last
     * @param next       per position in {@code order}, the next-hop link indexes (empty for the sink)
     * @param cumulative per position, cumulative weights of {@code next}
     * @param head       per position, per next hop, the position in {@code order} the link leads to
     */
    public Dag {}

    @Override
    public LinkProbabilities traversal() {
        // §3.3.3's steps: in topological order, each node passes its probability to its next
        // hops in proportion to their weights; probabilities of arriving by different links add
        // up because a packet arrives by exactly one of them.
        double[] nodeP = new double[order.length];
        nodeP[0] = 1;
        int count = 0;
        for (int[] n : next) count += n.length;
        int[] links = new int[count];
        double[] p = new double[count];
        int k = 0;
        for (int i = 0; i < order.length; i++) {
            double total = next[i].length == 0 ? 0 : cumulative[i][next[i].length - 1];
            double prev = 0;
            for (int j = 0; j < next[i].length; j++) {
                double share = nodeP[i] * (cumulative[i][j] - prev) / total;
                prev = cumulative[i][j];
                links[k] = next[i][j];
                p[k++] = share;
                nodeP[head[i][j]] += share;
            }
        }
        return sorted(links, p);
    }

    static LinkProbabilities sorted(int[] links, double[] p) {
        // link indexes are non-negative ints: sorting (link, position) packed in a long keeps the positions' order among equal
        // links (so sums add up in the same order) without boxing, which planning a million pairs would pay for
        long[] keys = new long[links.length];
        for (int i = 0; i < keys.length; i++) keys[i] = (long) links[i] << 32 | i;
        Arrays.sort(keys);
        int[] l = new int[links.length];
        double[] q = new double[links.length];
        int n = 0;
        for (long key : keys) {
            int i = (int) key, link = (int) (key >>> 32);
            if (n > 0 && l[n - 1] == link) q[n - 1] += p[i];
            else { l[n] = link; q[n++] = p[i]; }
        }
        return new LinkProbabilities(Arrays.copyOf(l, n), Arrays.copyOf(q, n));
    }

    @Override
    public long pathCount() {
        long[] paths = new long[order.length];
        paths[order.length - 1] = 1;
        for (int i = order.length - 2; i >= 0; i--) {
            long s = 0;
            for (int h : head[i]) { s += paths[h]; if (s < 0) { s = Long.MAX_VALUE; break; } }
            paths[i] = s;
        }
        return paths[0];
    }

    @Override
    public int[] path(Hash hash) {
        int[] buf = new int[order.length];
        int n = 0;
        int i = 0;
        while (i != order.length - 1) {
            int j = next[i].length == 1 ? 0 : PathSet.pick(cumulative[i], hash.uniform(order[i]));
            buf[n++] = next[i][j];
            i = head[i][j];
        }
        return Arrays.copyOf(buf, n);
    }

    /** The number of links from position {@code i}. */
    int fanOut(int i) {
        return next[i].length;
    }
}
