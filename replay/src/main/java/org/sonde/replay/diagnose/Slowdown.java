package org.sonde.replay.diagnose;

/**
 * One reason a flow was slow, with what it cost.
 *
 * @param costNanos the time the flow spent waiting on it (for RECEIVER_LIMITED: the time between the first and the
 *                  last window-limited transmission)
 */
public record Slowdown(SlowdownKind kind, long costNanos, Evidence evidence) {}
