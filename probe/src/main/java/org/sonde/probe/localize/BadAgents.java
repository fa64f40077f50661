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
 * problem itself — a busy server, not the network — so all of its probes are set aside.
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
            if (ts.size() >= minTargets && b >= badShare * ts.size()) bad.add(agent);
        });
        if (bad.isEmpty()) return new Filtered(observations, bad);
        List<Observation> kept = new ArrayList<>(observations.size());
        for (Observation o : observations) if (!bad.contains(o.source())) kept.add(o);
        return new Filtered(kept, bad);
    }
}
