package org.sonde.sim.kernel;

/**
 * What an event does when it fires. The argument travels with the event so that hot paths (a frame
 * arriving at a port, a transmission ending) schedule without allocating a closure per event.
 */
@FunctionalInterface
public interface Handler<T> {
    void handle(T argument);
}
