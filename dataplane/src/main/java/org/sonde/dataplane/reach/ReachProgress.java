package org.sonde.dataplane.reach;

/**
 * How far a reachability run is: told, from the worker that finished it, after each source port's
 * search, so a long run (Internet2's take tens of seconds) can show a count and an estimate of the
 * time left. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface ReachProgress {
    ReachProgress NONE = (done, total) -> { };

    /** {@code done} of the {@code total} source ports have been searched. */
    void sources(int done, int total);
}
