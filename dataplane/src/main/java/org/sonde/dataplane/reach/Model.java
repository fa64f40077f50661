package org.sonde.dataplane.reach;

import java.util.Map;
import org.sonde.dataplane.model.Network;

/**
 * A network with the reach semantics it is read under: how many table stages a device applies
 * per visit and the hassel output twins (see {@link ReachOptions}).
 */
public record Model(Network network, int stages, Map<Integer, Integer> outputTwins) {
    public Model {
        outputTwins = Map.copyOf(outputTwins);
        if (stages < 1) throw new IllegalArgumentException("stages must be at least 1, got " + stages);
    }

    /** One stage, no output twins: the JSON models. */
    public static Model of(Network network) {
        return new Model(network, 1, Map.of());
    }

    /** The same semantics over another network (a faulted or flipped copy). */
    public Model with(Network other) {
        return new Model(other, stages, outputTwins);
    }

    /** Reach options from {@code sources} under these semantics. */
    public ReachOptions reachOptions(java.util.List<Integer> sources, int historiesPerPair) {
        return ReachOptions.from(sources).withStages(stages).withOutputTwins(outputTwins).withHistoriesPerPair(historiesPerPair);
    }
}
