package org.sonde.dataplane.reach;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.sonde.core.Json;
import org.sonde.dataplane.model.AclEntryRef;

/**
 * The outcome of {@link Reachability#compute}: reachable pairs, exercised rules and links, loops
 * and timings. Header examples are field name to value maps, in layout order, so the JSON
 * needs no layout.
 *
 * @param pairs          every (source, destination) pair some header reaches, sorted
 * @param exercisedRules ids of rules and ACL entries on some path that delivers headers to a
 *                       destination; ACL entries are {@code acl:<aclId>#<n>}
 *                       ({@link org.sonde.dataplane.model.AclEntryRef}), kept with the rules
 *                       because a history lists them as rules, so a rule cover covers them too
 * @param exercisedLinks ids of links on such a path
 * @param loops          every branch stopped by a loop
 * @param paths          how many (path, destination) results the search produced (hassel's
 *                       result count)
 * @param timings        where the time went
 */
public record ReachResult(List<PairReach> pairs, SortedSet<String> exercisedRules, SortedSet<String> exercisedLinks,
                          List<Loop> loops, long paths, Timings timings) {
    public ReachResult {
        pairs = List.copyOf(pairs);
        exercisedRules = Collections.unmodifiableSortedSet(new TreeSet<>(exercisedRules));
        exercisedLinks = Collections.unmodifiableSortedSet(new TreeSet<>(exercisedLinks));
        loops = List.copyOf(loops);
    }

    /**
     * What reaches one destination from one source.
     *
     * @param headers   how many distinct headers arrive (union over all paths); null when
     *                  {@link ReachOptions#pairHeaders()} is off
     * @param example   one of them, field name to value (the first path's smallest when the union
     *                  is off)
     * @param paths     how many paths arrive
     * @param histories up to {@link ReachOptions#historiesPerPair()} of those paths
     */
    public record PairReach(int source, int destination, BigInteger headers, Map<String, Long> example, long paths,
                            List<PathHistory> histories) {
        public PairReach {
            example = Collections.unmodifiableMap(new LinkedHashMap<>(example));
            histories = List.copyOf(histories);
        }
    }

    /**
     * One path: the rule, ACL entry and link ids it went through in order, and what it delivered.
     *
     * @param headers how many headers this path delivers
     * @param example one of them (at the destination, after rewrites)
     */
    record PathHistory(List<String> history, BigInteger headers, Map<String, Long> example) {
        public PathHistory {
            history = List.copyOf(history);
            example = Collections.unmodifiableMap(new LinkedHashMap<>(example));
        }
    }

    /**
     * A branch that came back to {@code port} carrying headers it had carried there before.
     *
     * @param history the rule and link ids from the source up to the revisit
     * @param example a header of the overlap, as it arrived the second time
     */
    public record Loop(int source, int port, List<String> history, Map<String, Long> example) {
        public Loop {
            history = List.copyOf(history);
            example = Collections.unmodifiableMap(new LinkedHashMap<>(example));
        }
    }

    /**
     * How many pairs lead from a port to its own output copy ({@link ReachOptions#outputTwins()}:
     * hassel's port p and p + 20000): packets sent back out of the port they came in by. hassel
     * does not count these as reachable pairs; its figures are {@code pairs().size()} minus these.
     */
    public long pairsBackToTheSourcesOwnOutput(Map<Integer, Integer> outputTwins) {
        if (outputTwins.isEmpty()) return 0;
        return pairs.stream().filter(p -> outputTwins.getOrDefault(p.source(), Integer.MIN_VALUE) == p.destination()).count();
    }

    /** How many of {@link #exercisedRules()} are ACL entries; the others are forwarding rules. */
    public long aclEntriesExercised() {
        return exercisedRules.stream().filter(AclEntryRef::isAclEntry).count();
    }

    /**
     * Milliseconds spent compiling rule tables into header spaces and searching (the slowest
     * worker's), and how many times a worker compiled them again into a fresh algebra to drop
     * the dead BDD nodes of the sources it had searched ({@link ReachOptions#algebraNodes()}).
     */
    public record Timings(long compileMillis, long searchMillis, int freshAlgebras) {}

    /** This result as Sonde's JSON. */
    public String toJson() {
        try {
            return Json.mapper().writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write reachability result as JSON", e);
        }
    }
}
