package org.sonde.sim.rdma;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;

/**
 * DCQCN's notification point (Zhu et al. §4; RoCEv2 Annex A17.9): an ECN-CE-marked data packet makes
 * the NIC send a CNP to the QP that sent it, unless a CNP went out within the minimum interval in
 * the same scope — the whole port, the destination IP of the CNP, or the QP. The CNP goes from the
 * address the marked packet was sent to (the local QP's GID) to the address it came from, so with
 * several GIDs per host the destination-IP scope keeps one limiter per remote GID.
 */
final class NotificationPoint {
    private final RdmaNic nic;
    private final long intervalNanos;
    private final NicProfile.CnpScope scope;
    private final Long2LongOpenHashMap lastCnp = new Long2LongOpenHashMap();

    NotificationPoint(RdmaNic nic, long intervalNanos, NicProfile.CnpScope scope) {
        this.nic = nic;
        this.intervalNanos = intervalNanos;
        this.scope = scope;
    }

    /** A CNP trigger for {@code qp} (the local QP the marked packet arrived on) from {@code remoteIp}. */
    void trigger(QueuePair qp, int remoteIp) {
        trigger(qp, remoteIp, qp.remoteQpn);
    }

    void trigger(QueuePair qp, int remoteIp, int remoteQpn) {
        long key = switch (scope) {
            case PORT -> 0;
            case DESTINATION_IP -> remoteIp & 0xFFFF_FFFFL;
            case QP -> qp.qpn;
        };
        long now = nic.simulator().now();
        if (lastCnp.containsKey(key) && now - lastCnp.get(key) < intervalNanos) return;
        lastCnp.put(key, now);
        RoceFrame cnp = RoceFrame.cnp(remoteQpn, nic.config().cnpPriority());
        cnp.sourceIp = qp.localIp;
        cnp.destinationIp = remoteIp;
        cnp.sourcePort = qp.udpSourcePort;
        nic.counters().npCnpSent++;
        nic.send(cnp);
    }
}
