package org.sonde.sim.net;

/** A transport endpoint on a host that takes the frames addressed to it. */
@FunctionalInterface
public interface FrameSink {
    void receive(IpFrame frame);
}
