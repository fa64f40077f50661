package org.sonde.probe.localize;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * §3.6.3's filter: an agent that reports bad results towards (nearly) all of its targets is the
 * problem itself — a busy server, not the network — so all of its probes are set aside, unless one
 * link explains its bad probes as a failure would ({@link #explainedByALink}): without that, an
 * agent whose site uplink failed was set aside with the only evidence of the failure.
 *
 * @param minTargets the fewest distinct targets an agent must have probed to be judged
 * @param badShare   the share of those targets with a bad probe that marks the agent bad
 */
public record BadAgents(int minTargets, double badShare) {
    public static final BadAgents DEFAULT = new BadAgents(3, 0.9);

    public BadAgents {
        if (minTargets < 2) throw new IllegalArgumentException("an agent is judged on at least 2 targets, got " + minTargets);
        if (!(badShare > 0 && badShare <= 1)) throw new IllegalArgumentException("the bad share must be above 0 and at most 1, got " + badShare);
    }

    /** The observations of the good agents, and the agents set aside. */
    public record Filtered(List<Observation> kept, Set<Integer> badAgents) {}

    /**
     * Whether one link explains the agent's bad probes as a failure would: every bad probe of the
     * agent crosses it and none of its good ones does. A bad agent spoils probes on every path, so
     * its bad and good probes share its own links; a failed link on some of its paths (a site's
     * uplink that most of its targets' tuples hash to) spoils exactly the probes through it.
     */
    static boolean explainedByALink(int agent, List<Observation> observations) {
        Set<Integer> common = null;
        Set<Integer> good = new HashSet<>();
        for (Observation o : observations) {
            if (o.source() != agent) continue;
            if (!o.bad()) {
                for (int l : o.path()) good.add(l);
                continue;
            }
            Set<Integer> links = new HashSet<>();
            for (int l : o.path()) links.add(l);
            if (common == null) common = links;
            else common.retainAll(links);
        }
        if (common == null || good.isEmpty()) return false;
        common.removeAll(good);
        return !common.isEmpty();
    }

    public Filtered filter(List<Observation> observations) {
        Map<Integer, Set<Integer>> targets = new HashMap<>();
        Map<Integer, Set<Integer>> badTargets = new HashMap<>();
        for (Observation o : observations) {
            targets.computeIfAbsent(o.source(), k -> new HashSet<>()).add(o.target());
            if (o.bad()) badTargets.computeIfAbsent(o.source(), k -> new HashSet<>()).add(o.target());
        }
        Set<Integer> bad = new TreeSet<>();
        targets.forEach((agent, ts) -> {
            int b = badTargets.getOrDefault(agent, Set.of()).size();
            if (ts.size() >= minTargets && b >= badShare * ts.size() && !explainedByALink(agent, observations)) bad.add(agent);
        });
        if (bad.isEmpty()) return new Filtered(observations, bad);
        List<Observation> kept = new ArrayList<>(observations.size());
        for (Observation o : observations) if (!bad.contains(o.source())) kept.add(o);
        return new Filtered(kept, bad);
    }
}
