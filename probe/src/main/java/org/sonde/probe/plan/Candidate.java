package org.sonde.probe.plan;

import org.sonde.probe.topology.Agent;
import org.sonde.probe.topology.LinkProbabilities;

/**
 * One agent pair's probabilistic path cover as a set for the cover algorithms: the links its
 * tuples may traverse and what it costs (its number of tuples). It keeps the traversal, not the
 * pair's path DAG: planning holds a candidate for every pair (a million for 1,024 hosts).
 */
public record Candidate(Agent source, Agent target, LinkProbabilities traversal, int tuples) {
    /** The links, ascending; shared, not to be changed. */
    public int[] links() {
        return traversal.links();
    }
}
