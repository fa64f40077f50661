package org.sonde.replay.recording;

/**
 * A segment that reached an endpoint: its index in the peer's send order (gaps are drops, going back is
 * reordering), its one-way delay from the peer's send to the endpoint's handling, and whether the network
 * marked it CE.
 */
public record Arrival(long index, long delayNanos, boolean ce) {}
