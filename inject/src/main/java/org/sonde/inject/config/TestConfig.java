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
 * @param requesterIps     the requester's addresses ({@code nic.ip-list}), one GID each; empty: the testbed's own
 * @param responderIps     the responder's addresses, likewise; its first is the address a single-GID test uses
 * @param mirror           the dumper pool
 * @param ignoredSettings  Lumina settings about real hardware that were accepted and not used, as key paths
 */
public record TestConfig(String name, Traffic traffic, List<EventIntent> events, IndexConvention convention,
                         IterTracking iterTracking, RoceParameters requesterRoce, RoceParameters responderRoce,
                         List<Integer> requesterIps, List<Integer> responderIps, MirrorConfig mirror, List<String> ignoredSettings) {
    public TestConfig {
        requesterIps = List.copyOf(requesterIps);
        responderIps = List.copyOf(responderIps);
        events = List.copyOf(events);
        ignoredSettings = List.copyOf(ignoredSettings);
    }
}
