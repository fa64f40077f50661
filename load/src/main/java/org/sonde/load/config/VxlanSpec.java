package org.sonde.load.config;

import java.net.InetAddress;

/**
 * dperf's {@code vxlan vni innerSMAC innerDMAC localVtepIPAddr Number remoteVtepIPAddr Number} for
 * the user-space engine: every frame travels inside outer IPv4/UDP 4789/VXLAN headers from the
 * local to the remote tunnel endpoint; the inner frames carry the configured MACs (dperf does no
 * inner address resolution for its own frames). One endpoint each way: Sonde runs VXLAN on one
 * worker, where dperf gives each NIC queue its own local endpoint.
 */
public record VxlanSpec(int vni, String innerSourceMac, String innerDestinationMac, InetAddress localVtep, InetAddress remoteVtep) {
    /** VXLAN's network identifier has 24 bits. */
    public static final int VNI_MAX = (1 << 24) - 1;
    /** Outer Ethernet, IPv4, UDP and VXLAN headers: what the tunnel adds to every frame. */
    public static final int OVERHEAD = 14 + 20 + 8 + 8;
}
