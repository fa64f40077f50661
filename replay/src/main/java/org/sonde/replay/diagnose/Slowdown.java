package org.sonde.replay.diagnose;

/**
 * One reason a flow was slow, with what it cost.
 *
 * @param costNanos the time the flow spent waiting on it (for RECEIVER_LIMITED: with the receiver's window full;
 *                  for APPLICATION_LIMITED: with nothing to send)
 */
public record Slowdown(SlowdownKind kind, long costNanos, Evidence evidence) {}
