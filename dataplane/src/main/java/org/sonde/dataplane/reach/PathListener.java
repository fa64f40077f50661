package org.sonde.dataplane.reach;

/**
 * Receives every path reachability delivers, as it is found, so a caller can keep all of them
 * (Internet2 has 12.8 million) in its own compact form instead of the per-pair summaries of
 * {@link ReachResult}. Each worker gets its own listener and calls it from its own thread.
 */
public interface PathListener {
    /**
     * A step of the history tree the paths share, told before the first path through it: the
     * steps are numbered 0, 1, ... in the order told, and a step's parent, told before it, is
     * the step before it on its paths (-1 at a path's first step). A depth-first search delivers
     * paths sharing their beginnings: each new path costs the steps it does not share.
     *
     * @param element the step's rule, ACL entry or link, numbered by {@link ElementIds}
     * @param parent  the number of the step before it, or -1
     */
    void step(int element, int parent);

    /**
     * One path.
     *
     * @param source      the port the headers were injected at
     * @param destination the port they leave by
     * @param example     the smallest header delivered (after rewrites), values in layout order;
     *                    shared by the paths delivering the same space: keep it, never modify it
     * @param last        the number of the path's last {@linkplain #step step} (its history is
     *                    that step's chain of parents, first step first), or -1 for an empty history
     */
    void path(int source, int destination, long[] example, int last);

    /**
     * Whether paths to {@code destination} are wanted at all: the search builds the history and
     * example header only of those (ATPG keeps the paths to test exits: 5.0 million of
     * Internet2's 12.8 million).
     */
    default boolean wants(int destination) {
        return true;
    }
}
