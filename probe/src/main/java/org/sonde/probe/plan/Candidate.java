package org.sonde.probe.plan;

import org.sonde.probe.topology.Agent;
import org.sonde.probe.topology.LinkProbabilities;
import org.sonde.probe.topology.PathSet;

/**
 * One agent pair's probabilistic path cover as a set for the cover algorithms: the links its
 * tuples may traverse and what it costs (its number of tuples).
 */
public record Candidate(Agent source, Agent target, PathSet paths, LinkProbabilities traversal, int tuples) {
    /** The links, ascending; shared, not to be changed. */
    public int[] links() {
        return traversal.links();
    }
}
