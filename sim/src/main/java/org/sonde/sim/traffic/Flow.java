package org.sonde.sim.traffic;

import org.sonde.sim.net.Host;

/**
 * One application transfer: {@code bytes} from {@code source} to {@code destination}, starting at
 * {@code startNanos}, in traffic class {@code priority}. {@code name} identifies it in statistics
 * ("incast/3"); ids number flows of a run from 0 in start order.
 */
public record Flow(int id, String name, Host source, Host destination, long bytes, long startNanos, int priority) {
    public Flow {
        if (bytes <= 0) throw new IllegalArgumentException("flow " + name + ": size must be positive");
        if (source == destination) throw new IllegalArgumentException("flow " + name + ": source and destination are the same host " + source.name());
    }
}
