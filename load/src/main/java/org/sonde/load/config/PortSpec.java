package org.sonde.load.config;

import java.net.InetAddress;
import java.util.Optional;

/**
 * dperf's {@code port} for the user-space engine: the interface the raw socket binds, this
 * side's own address on it (the ARP sender), and the gateway every frame goes to (resolved by
 * ARP unless its MAC is given). On a direct link the gateway is the peer, e.g. the server.
 */
public record PortSpec(String interfaceName, InetAddress address, InetAddress gateway, Optional<String> gatewayMac) {}
