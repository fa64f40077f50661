package org.sonde.probe.plan;

import java.util.List;

/**
 * A test plan: for each agent the targets it probes and the 5-tuples for each, pinged once per
 * round (and traced with the same tuples).
 *
 * @param roundMillis         the round, stretched from the requested one to respect the limits
 * @param probesPerRound      tuples over all agents
 * @param maxRouterProbes     the expected probes through the busiest router per round (Table 3.1's "Max")
 * @param coveredLinks        links some chosen pair's paths use
 * @param reachableLinks      links some agent pair's paths use (what any plan could cover)
 * @param links               all directed links of the topology
 */
public record Plan(List<AgentPlan> agents, long roundMillis, int probesPerRound, double maxRouterProbes,
                   int coveredLinks, int reachableLinks, int links) {
    public Plan {
        agents = List.copyOf(agents);
    }

    /** One agent's part. */
    public record AgentPlan(String agent, String address, List<Target> targets) {
        public AgentPlan {
            targets = List.copyOf(targets);
        }

        public int probes() {
            return targets.stream().mapToInt(t -> t.tuples().size()).sum();
        }
    }

    /** Probes from one agent to another over these tuples. */
    public record Target(String agent, String address, List<Tuple> tuples) {
        public Target {
            tuples = List.copyOf(tuples);
        }
    }

    /** Pairs (source agent, target) in the plan. */
    public int pairs() {
        return agents.stream().mapToInt(a -> a.targets().size()).sum();
    }
}
