package org.sonde.inject.tcp;

import java.util.List;
import java.util.Map;

/**
 * An event-injection test of TCP stacks: a client opens {@link TcpTraffic#connections()}
 * connections to a server and sends messages on each; {@code events} say which of its data
 * segments, or which of the server's acknowledgements, the injector between them drops, marks,
 * corrupts, delays, reorders, duplicates or rewrites.
 *
 * @param sysctls TCP settings of both hosts by {@code net.ipv4} name (tcp_sack, tcp_ecn,
 *                tcp_recovery, ...; the congestion control is the traffic's)
 * @param ignoredSettings keys of Lumina's hardware testbed that were read and have no meaning here
 */
public record TcpTestConfig(String name, TcpTraffic traffic, List<TcpEvent> events, Map<String, String> sysctls, List<String> ignoredSettings) {
    public TcpTestConfig {
        events = List.copyOf(events);
        sysctls = Map.copyOf(sysctls);
        ignoredSettings = List.copyOf(ignoredSettings);
    }
}
