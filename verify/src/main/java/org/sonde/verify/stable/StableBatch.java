package org.sonde.verify.stable;

import java.util.List;

/**
 * Events to apply, in timestamp order, to reach a stable state: one that really existed, because no
 * routing event happened within 2ε after the last of them.
 *
 * @param stableAtNanos the instant the state is known stable: the last event's timestamp plus 2ε
 * @param late          events of the batch that came later than the bound allows (their timestamp
 *                      before an instant already declared stable): the states declared before may
 *                      not have existed as reported
 */
record StableBatch(long stableAtNanos, List<RoutingEvent> events, int late) {
    public StableBatch {
        events = List.copyOf(events);
    }
}
