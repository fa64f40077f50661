package org.sonde.replay.queues;

import org.sonde.packet.PacketBuilder;
import org.sonde.packet.TcpHeader;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.IpFrame;

/**
 * A replayed packet pushed open-loop into the fabric: the run's length, 5-tuple, priority and ECN bits (what switches
 * look at), its key ({@code flowKey << 32 | index}), and whether its host tagged it should-be-dropped.
 */
final class ReplayFrame extends IpFrame {
    private static final int TCP_HEADER = 20;
    final long packet;
    final boolean tagged;

    ReplayFrame(long packet, boolean tagged, int frameBytes, int priority) {
        super(0, priority);
        this.packet = packet;
        this.tagged = tagged;
        this.bytes = frameBytes;
    }

    /** A capture of the replay (a scenario's capture taps) shows the ports and the length; the rest was never kept. */
    @Override
    protected void addTransport(PacketBuilder builder) {
        builder.add(TcpHeader.builder(sourcePort, destinationPort).build());
        builder.payload(new byte[Math.max(0, bytes - ETHERNET_HEADER - IPV4_HEADER - TCP_HEADER)]);
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
