package org.sonde.load.userspace;

/**
 * A stack's VXLAN tunnel (dperf's {@code vxlan}): the outer network's addresses and what the
 * stack has learnt of it. The inner frames are the stack's own; the tunnel adds and strips the
 * outer headers. The outer next hop's MAC is resolved by ARP on the outer network (the client,
 * from the port's gateway) or taken from the frames that arrive (the server), so it is set on the
 * worker's thread or before the worker starts.
 */
final class Tunnel {
    final int vni;
    final int localVtep;
    final int remoteVtep;
    /** The outer network's gateway (the port's), whose ARP reply gives {@link #nextHopMac}. */
    final int gateway;
    /** This side's MAC on the outer network (the interface's). */
    final byte[] portMac;
    /** The outer next hop's MAC, or null until resolved or learnt. */
    byte[] nextHopMac;

    Tunnel(int vni, int localVtep, int remoteVtep, int gateway, byte[] portMac, byte[] nextHopMac) {
        this.vni = vni;
        this.localVtep = localVtep;
        this.remoteVtep = remoteVtep;
        this.gateway = gateway;
        this.portMac = portMac.clone();
        this.nextHopMac = nextHopMac == null ? null : nextHopMac.clone();
    }

    /** The outer UDP source port: a hash of the inner connection, as RFC 7348 §5 recommends, in the dynamic range. */
    static int sourcePort(int innerSrc, int innerDst, int innerSrcPort, int innerDstPort) {
        return 0xc000 | (FlowHash.of(innerSrc, innerDst, innerSrcPort, innerDstPort) & 0x3fff);
    }
}
