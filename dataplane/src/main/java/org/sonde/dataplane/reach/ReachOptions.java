package org.sonde.dataplane.reach;

import java.util.List;
import org.sonde.dataplane.model.Match;

/**
 * What to compute reachability from.
 *
 * @param sources         ports headers are injected at, in order
 * @param initial         the injected headers; {@link Match#ANY} is the all-wildcard header
 * @param stages          how many times a device applies its table per visit (hassel's
 *                        {@code stages}: 1 for one-stage models, 2 for Internet2); outputs of
 *                        earlier stages are fed back to the same device at the output port
 * @param historiesPerPair how many path histories to keep per (source, destination) pair; all
 *                        paths are still counted (Internet2 has millions of paths)
 * @param workers         threads to search on, each with its own algebra; results do not
 *                        depend on it
 */
public record ReachOptions(List<Integer> sources, Match initial, int stages, int historiesPerPair, int workers) {
    public ReachOptions {
        sources = List.copyOf(sources);
        if (initial == null) throw new IllegalArgumentException("initial match is missing");
        if (stages < 1) throw new IllegalArgumentException("stages must be at least 1, got " + stages);
        if (historiesPerPair < 0) throw new IllegalArgumentException("historiesPerPair is negative");
        if (workers < 1) throw new IllegalArgumentException("workers must be at least 1, got " + workers);
    }

    /** All-wildcard header, one stage, up to 16 histories per pair, one worker per processor. */
    public static ReachOptions from(List<Integer> sources) {
        return new ReachOptions(sources, Match.ANY, 1, 16, Runtime.getRuntime().availableProcessors());
    }

    /** The same options with another number of stages. */
    public ReachOptions withStages(int n) {
        return new ReachOptions(sources, initial, n, historiesPerPair, workers);
    }

    /** The same options with another initial header constraint. */
    public ReachOptions withInitial(Match m) {
        return new ReachOptions(sources, m, stages, historiesPerPair, workers);
    }

    /** The same options keeping another number of histories per pair. */
    public ReachOptions withHistoriesPerPair(int n) {
        return new ReachOptions(sources, initial, stages, n, workers);
    }

    /** The same options searching on {@code n} threads. */
    public ReachOptions withWorkers(int n) {
        return new ReachOptions(sources, initial, stages, historiesPerPair, n);
    }
}
