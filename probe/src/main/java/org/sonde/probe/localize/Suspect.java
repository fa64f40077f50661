package org.sonde.probe.localize;

import java.util.List;

/**
 * A link and why it is suspected: its score under the method, the probes whose paths use it and
 * how many of them were bad, and the worst of those paths.
 */
public record Suspect(int link, double score, int probes, int badProbes, List<PathEvidence> worst) {
    public Suspect {
        worst = List.copyOf(worst);
    }

    /** One probe through the link: its agents, tuple, path and loss. */
    public record PathEvidence(int source, int target, int sourcePort, int destinationPort, int[] path, long sent, long lost, boolean bad) {}
}
