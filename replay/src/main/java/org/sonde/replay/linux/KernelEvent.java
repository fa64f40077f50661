package org.sonde.replay.linux;

/**
 * What the kernel did on a connection that the replay does not take as input but the comparison explains
 * divergences by: a retransmission, or a change of the congestion state ({@code Open}, {@code Disorder},
 * {@code CWR}, {@code Recovery}, {@code Loss}).
 */
record KernelEvent(boolean client, long timeNanos, String what) {}
