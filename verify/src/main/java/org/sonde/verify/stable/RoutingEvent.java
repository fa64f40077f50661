package org.sonde.verify.stable;

import org.sonde.verify.snapshot.RuleUpdate;

/**
 * A routing process's timestamped change to one rule (§4.2). The timestamp is the process's own
 * clock: it may be off by up to ε, and the event may reach the checker up to ε late.
 *
 * @param sequence the order in which the checker received it (ties between equal timestamps)
 */
public record RoutingEvent(long timestampNanos, String process, RuleUpdate update, long sequence) {}
