package org.sonde.probe.topology;

/**
 * The paths a probe from one agent to another may take, and how likely each link is to carry it
 * when routers pick among next hops by hashing the probe's 5-tuple: ECMP or WCMP at every hop
 * ({@link Dag}), or one of a configured set of paths chosen at the source ({@link Explicit}).
 */
public sealed interface PathSet permits Dag, Explicit {
    /** The source agent's host (a node index). */
    int source();

    /** The destination agent's host. */
    int sink();

    /** Every link some path uses, ascending, with the probability that a random 5-tuple's path uses it. */
    LinkProbabilities traversal();

    /** How many distinct paths there are (saturating at {@link Long#MAX_VALUE}). */
    long pathCount();

    /**
     * The path of one probe: at each choice, {@code hash} gives the router's uniform draw for this
     * probe's 5-tuple, in [0, 1).
     */
    int[] path(Hash hash);

    /** A router's hash of one 5-tuple, as a number in [0, 1). */
    @FunctionalInterface
    interface Hash {
        double uniform(int node);
    }

    /** Index of the choice {@code u} (in [0, 1)) falls on among {@code weights} (cumulative sums, the last one the total). */
    static int pick(double[] cumulative, double u) {
        double x = u * cumulative[cumulative.length - 1];
        for (int i = 0; i < cumulative.length - 1; i++) if (x < cumulative[i]) return i;
        return cumulative.length - 1;
    }
}
