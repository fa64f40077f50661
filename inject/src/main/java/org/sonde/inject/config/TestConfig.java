package org.sonde.inject.config;

import java.util.List;

/**
 * An injection test: the traffic, the events, the hosts' RoCE parameters and the mirror pool.
 *
 * @param name             the test's name (file name by default)
 * @param traffic          what the generators send
 * @param events           the events, in file order (data-pkt-events first, then ctrl-pkt-events)
 * @param convention       how the file numbered QPs and packets (already normalised in {@code events})
 * @param iterTracking     how the injector counts rounds
 * @param requesterRoce    roce-parameters of the requester host
 * @param responderRoce    roce-parameters of the responder host
 * @param mirror           the dumper pool
 * @param ignoredSettings  Lumina settings about real hardware that were accepted and not used, as key paths
 */
public record TestConfig(String name, Traffic traffic, List<EventIntent> events, IndexConvention convention,
                         IterTracking iterTracking, RoceParameters requesterRoce, RoceParameters responderRoce,
                         MirrorConfig mirror, List<String> ignoredSettings) {
    public TestConfig {
        events = List.copyOf(events);
        ignoredSettings = List.copyOf(ignoredSettings);
    }
}
