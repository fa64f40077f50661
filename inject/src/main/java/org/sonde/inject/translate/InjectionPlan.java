package org.sonde.inject.translate;

import java.util.List;
import org.sonde.inject.config.IterTracking;

/** Everything the injector is programmed with before traffic starts: the entries, the connections whose rounds it counts and how. */
public record InjectionPlan(List<InjectionEntry> entries, List<TrackedConnection> connections, IterTracking iterTracking) {
    public InjectionPlan {
        entries = List.copyOf(entries);
        connections = List.copyOf(connections);
    }
}
