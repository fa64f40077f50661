package org.sonde.dataplane.reach;

/**
 * Receives every path reachability delivers, as it is found, so a caller can keep all of them
 * (Internet2 has 12.8 million) in its own compact form instead of the per-pair summaries of
 * {@link ReachResult}. Each worker gets its own listener and calls it from its own thread.
 */
@FunctionalInterface
public interface PathListener {
    /**
     * One path.
     *
     * @param source      the port the headers were injected at
     * @param destination the port they leave by
     * @param example     the smallest header delivered (after rewrites), values in layout order;
     *                    shared by the paths delivering the same space: keep it, never modify it
     * @param history     the rules and links of the path in order, numbered by {@link ElementIds};
     *                    the array is the listener's to keep
     */
    void path(int source, int destination, long[] example, int[] history);

    /**
     * Whether paths to {@code destination} are wanted at all: the search builds the history and
     * example header only of those (ATPG keeps the paths to test exits: 5.0 million of
     * Internet2's 12.8 million).
     */
    default boolean wants(int destination) {
        return true;
    }
}
