package org.sonde.sim.traffic;

import org.sonde.sim.net.Host;

/**
 * Takes the flows a generator plans, in the order they are to be numbered. A simulation's
 * {@code flowSink(transport)} adds them to the run over that transport.
 */
@FunctionalInterface
public interface FlowSink {
    void add(String name, Host source, Host destination, long bytes, long startNanos, int priority);
}
