package org.sonde.sim.traffic;

/** Told when a flow's last byte has reached the destination application. */
@FunctionalInterface
public interface FlowListener {
    void finished(Flow flow, long finishNanos);
}
