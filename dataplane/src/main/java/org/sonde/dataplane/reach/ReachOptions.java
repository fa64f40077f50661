package org.sonde.dataplane.reach;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;

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
 * @param outputTwins     for models whose ports have a separate output copy, the output copy of
 *                        each input port: a space never leaves by the twin of the port it came in
 *                        by (hassel's split horizon in multi-stage models)
 * @param aclDenySinks    ACL deny entry id ({@code acl:<aclId>#<n>}) to a sink port: ATPG's
 *                        flipping of drop rules (dissertation §2.3.1) applied to ACLs. What such
 *                        an entry stops goes on as if it permitted it (one flipped entry per
 *                        path), and the first time a part of a source flipped at that entry
 *                        would leave the network by a source port without links (a test
 *                        terminal that would see it), it is recorded as reaching the entry's sink
 *                        instead, with the path's history up to and including the entry: headers
 *                        the entry must stop and a terminal would receive if it did not, an
 *                        expected-absent test of the entry. One path per source and entry is
 *                        enough to test it, so the search stops following the others. Flipped
 *                        parts are delivered nowhere else. Empty: denied headers just end.
 * @param pairHeaders     whether to unite each pair's delivered headers (see {@link #withPairHeaders})
 * @param algebraNodes    a worker starts a fresh algebra (compiling the tables again) between two
 *                        sources once its own holds more BDD nodes than this: nodes are never
 *                        freed, and a search of many sources fills the heap with dead ones; 0
 *                        sets it from the heap ({@link Reachability}). Results do not depend on it
 */
public record ReachOptions(List<Integer> sources, Match initial, int stages, int historiesPerPair, int workers,
                           Map<Integer, Integer> outputTwins, Map<String, Integer> aclDenySinks, boolean pairHeaders,
                           long algebraNodes) {
    /** hassel numbers the output copy of port p as p + 20000 (its {@code OUTPUT_ID}). */
    public static final int HASSEL_OUTPUT_OFFSET = 20_000;

    public ReachOptions {
        sources = List.copyOf(sources);
        outputTwins = Map.copyOf(outputTwins);
        aclDenySinks = Map.copyOf(aclDenySinks);
        if (initial == null) throw new IllegalArgumentException("initial match is missing");
        if (stages < 1) throw new IllegalArgumentException("stages must be at least 1, got " + stages);
        if (historiesPerPair < 0) throw new IllegalArgumentException("historiesPerPair is negative");
        if (workers < 1) throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        if (algebraNodes < 0) throw new IllegalArgumentException("algebraNodes is negative");
    }

    /** All-wildcard header, one stage, up to 16 histories per pair, one worker per processor. */
    public static ReachOptions from(List<Integer> sources) {
        return new ReachOptions(sources, Match.ANY, 1, 16, Runtime.getRuntime().availableProcessors(), Map.of(), Map.of(), true, 0);
    }

    /** The same options with another number of stages. */
    ReachOptions withStages(int n) {
        return new ReachOptions(sources, initial, n, historiesPerPair, workers, outputTwins, aclDenySinks, pairHeaders, algebraNodes);
    }

    /** The same options with another initial header constraint. */
    public ReachOptions withInitial(Match m) {
        return new ReachOptions(sources, m, stages, historiesPerPair, workers, outputTwins, aclDenySinks, pairHeaders, algebraNodes);
    }

    /** The same options keeping another number of histories per pair. */
    ReachOptions withHistoriesPerPair(int n) {
        return new ReachOptions(sources, initial, stages, n, workers, outputTwins, aclDenySinks, pairHeaders, algebraNodes);
    }

    /** The same options searching on {@code n} threads. */
    ReachOptions withWorkers(int n) {
        return new ReachOptions(sources, initial, stages, historiesPerPair, n, outputTwins, aclDenySinks, pairHeaders, algebraNodes);
    }

    /** The same options with these output twins. */
    ReachOptions withOutputTwins(Map<Integer, Integer> twins) {
        return new ReachOptions(sources, initial, stages, historiesPerPair, workers, twins, aclDenySinks, pairHeaders, algebraNodes);
    }

    /** The same options flipping these ACL deny entries, each into its sink port. */
    public ReachOptions withAclDenySinks(Map<String, Integer> sinks) {
        return new ReachOptions(sources, initial, stages, historiesPerPair, workers, outputTwins, sinks, pairHeaders, algebraNodes);
    }

    /**
     * The same options with or without each pair's header union (its count and an example from
     * it); without, a pair's {@code headers} is null and its example is its first path's. The
     * union costs a BDD per path, which callers that only need paths (test selection) skip.
     */
    public ReachOptions withPairHeaders(boolean on) {
        return new ReachOptions(sources, initial, stages, historiesPerPair, workers, outputTwins, aclDenySinks, on, algebraNodes);
    }

    /** The same options starting a fresh algebra past {@code n} nodes (0: as the heap allows). */
    ReachOptions withAlgebraNodes(long n) {
        return new ReachOptions(sources, initial, stages, historiesPerPair, workers, outputTwins, aclDenySinks, pairHeaders, n);
    }

    /** hassel's output twins in {@code network}: p to p + 20000 wherever both are ports of one device. */
    public static Map<Integer, Integer> hasselOutputTwins(Network network) {
        Map<Integer, Integer> twins = new HashMap<>();
        for (Port p : network.ports()) {
            network.port(p.id() + HASSEL_OUTPUT_OFFSET)
                    .filter(out -> out.deviceId().equals(p.deviceId()))
                    .ifPresent(out -> twins.put(p.id(), out.id()));
        }
        return twins;
    }
}
