package org.sonde.replay.queues;

import org.sonde.packet.PacketBuilder;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.IpFrame;

/**
 * A replayed packet pushed open-loop into the fabric: the run's length, 5-tuple, priority and ECN bits (what switches
 * look at), its key ({@code flowKey << 32 | index}), and whether its host tagged it should-be-dropped.
 */
final class ReplayFrame extends IpFrame {
    final long packet;
    final boolean tagged;

    ReplayFrame(long packet, boolean tagged, int frameBytes, int priority) {
        super(0, priority);
        this.packet = packet;
        this.tagged = tagged;
        this.bytes = frameBytes;
    }

    @Override
    protected void addTransport(PacketBuilder builder) {
        // a capture of the replay shows the IP header: the transport part was never materialised
    }

    @Override
    public Frame copy() {
        return copyIpFieldsTo(new ReplayFrame(packet, tagged, bytes, priority));
    }

    @Override
    public String toString() {
        return "replayed packet " + (packet >>> 32) + "/" + (packet & 0xFFFF_FFFFL) + (tagged ? " (tagged)" : "");
    }
}
