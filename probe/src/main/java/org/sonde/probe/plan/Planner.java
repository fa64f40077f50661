package org.sonde.probe.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.sonde.probe.topology.Agent;
import org.sonde.probe.topology.Link;
import org.sonde.probe.topology.LinkProbabilities;
import org.sonde.probe.topology.PathSet;
import org.sonde.probe.topology.Routes;
import org.sonde.probe.topology.Topology;

/**
 * Computes a plan (§3.3): a probabilistic path cover for every agent pair, then the pairs the
 * strategy picks (MSC-α, all pairs, or random pairs), then distinct random source ports for each
 * pair's tuples, and a round long enough for the rate limits.
 */
public final class Planner {
    /** Where the random source ports are drawn from: Linux's default ephemeral range. */
    public static final int FIRST_PORT = 32768;
    public static final int LAST_PORT = 60999;

    private Planner() {}

    /** Every ordered agent pair with a path, as a candidate (in agent order). */
    public static List<Candidate> candidates(Routes routes, CoverPolicy cover) {
        List<Agent> agents = routes.topology().agents();
        // one source's pairs per task, in parallel (Routes is thread-safe); the list keeps the sources' order
        return java.util.stream.IntStream.range(0, agents.size()).parallel().mapToObj(i -> {
            Agent a = agents.get(i);
            List<Candidate> out = new ArrayList<>();
            for (Agent b : agents) {
                if (a == b) continue;
                LinkProbabilities traversal;
                int k;
                if (cover instanceof CoverPolicy.Confidence) {
                    // the confidence's tuple count is computed on the pair's DAG
                    PathSet p = routes.between(a, b);
                    if (p == null) continue;
                    k = cover.tuples(p);
                    traversal = p.traversal();
                } else {
                    Routes.Reach r = routes.reach(a.node(), b.node());
                    if (r == null) continue;
                    k = switch (cover) {
                        case CoverPolicy.Inflation inflation -> inflation.tuples(r.pathCount());
                        case CoverPolicy.Fixed f -> f.count();
                        case CoverPolicy.Confidence c -> throw new AssertionError(c);
                    };
                    traversal = r.traversal();
                }
                if (k > LAST_PORT - FIRST_PORT + 1)
                    throw new IllegalArgumentException("the pair " + a.name() + " -> " + b.name() + " would need " + k + " tuples, more than the source ports available");
                out.add(new Candidate(a, b, traversal, k));
            }
            return out;
        }).flatMap(List::stream).toList();
    }

    /** The chosen pairs' positions in {@code candidates}. */
    public static int[] choose(List<Candidate> candidates, int links, PlanOptions options) {
        return switch (options.strategy()) {
            case MSC -> MscAlpha.select(candidates, links, options.alpha());
            case ALL_PAIRS -> java.util.stream.IntStream.range(0, candidates.size()).toArray();
            case RANDOM_PAIRS -> {
                int count = MscAlpha.select(candidates, links, options.alpha()).length;
                List<Integer> all = new ArrayList<>();
                for (int i = 0; i < candidates.size(); i++) all.add(i);
                Collections.shuffle(all, new Random(options.seed() ^ 0x7261_6e64L));
                yield all.subList(0, count).stream().mapToInt(Integer::intValue).sorted().toArray();
            }
        };
    }

    public static Plan plan(Topology topology, PlanOptions options) {
        Routes routes = new Routes(topology);
        List<Candidate> candidates = candidates(routes, options.cover());
        if (candidates.isEmpty()) throw new IllegalArgumentException("no two agents are connected: nothing to probe");
        int[] chosen = choose(candidates, topology.links().size(), options);
        return assemble(topology, candidates, chosen, options);
    }

    /** The plan of these chosen candidates: tuples, round and load. */
    public static Plan assemble(Topology topology, List<Candidate> candidates, int[] chosen, PlanOptions options) {
        Random rnd = new Random(options.seed());
        Map<Agent, List<Plan.Target>> byAgent = new LinkedHashMap<>();
        for (Agent a : topology.agents()) byAgent.put(a, new ArrayList<>());
        boolean[] covered = new boolean[topology.links().size()];
        boolean[] reachable = new boolean[topology.links().size()];
        for (Candidate c : candidates) for (int l : c.links()) reachable[l] = true;
        double[] routerLoad = new double[topology.nodes().size()];
        int probes = 0;
        int[] sorted = chosen.clone();
        java.util.Arrays.sort(sorted);
        for (int i : sorted) {
            Candidate c = candidates.get(i);
            Set<Integer> ports = new HashSet<>();
            List<Tuple> tuples = new ArrayList<>(c.tuples());
            while (tuples.size() < c.tuples()) {
                int port = FIRST_PORT + rnd.nextInt(LAST_PORT - FIRST_PORT + 1);
                if (ports.add(port)) tuples.add(new Tuple(port, options.destinationPort()));
            }
            byAgent.get(c.source()).add(new Plan.Target(c.target().name(), c.target().address(), tuples));
            probes += tuples.size();
            LinkProbabilities t = c.traversal();
            for (int j = 0; j < t.size(); j++) {
                covered[t.links()[j]] = true;
                Link l = topology.link(t.links()[j]);
                if (!topology.node(l.to()).isHost()) routerLoad[l.to()] += c.tuples() * t.probability()[j];
            }
        }
        double maxRouter = 0;
        for (double v : routerLoad) maxRouter = Math.max(maxRouter, v);
        int maxAgent = 0;
        List<Plan.AgentPlan> agents = new ArrayList<>();
        for (Map.Entry<Agent, List<Plan.Target>> e : byAgent.entrySet()) {
            Plan.AgentPlan ap = new Plan.AgentPlan(e.getKey().name(), e.getKey().address(), e.getValue());
            maxAgent = Math.max(maxAgent, ap.probes());
            agents.add(ap);
        }
        long round = options.roundMillis();
        Limits lim = options.limits();
        if (lim.agentProbesPerSecond() > 0) round = Math.max(round, (long) Math.ceil(maxAgent * 1000.0 / lim.agentProbesPerSecond()));
        if (lim.routerProbesPerSecond() > 0) round = Math.max(round, (long) Math.ceil(maxRouter * 1000.0 / lim.routerProbesPerSecond()));
        return new Plan(agents, round, probes, maxRouter, count(covered), count(reachable), topology.links().size());
    }

    private static int count(boolean[] b) {
        int n = 0;
        for (boolean x : b) if (x) n++;
        return n;
    }
}
