package org.sonde.sim.net;

import org.sonde.packet.IpProtocols;
import org.sonde.packet.PacketBuilder;
import org.sonde.packet.UdpHeader;

/** A UDP datagram with a zero-filled payload: constant-rate background traffic and switch tests. */
public final class UdpDatagram extends IpFrame {
    public static final int UDP_HEADER = 8;
    public final int payloadBytes;

    public UdpDatagram(int payloadBytes, int priority) {
        super(UDP_HEADER + payloadBytes, priority);
        this.payloadBytes = payloadBytes;
        protocol = IpProtocols.UDP;
    }

    @Override
    protected void addTransport(PacketBuilder b) {
        b.add(UdpHeader.of(sourcePort, destinationPort)).payload(new byte[payloadBytes]);
    }

    @Override
    public UdpDatagram copy() {
        return copyIpFieldsTo(new UdpDatagram(payloadBytes, priority));
    }

    @Override
    public String toString() {
        return "UDP " + sourcePort + " > " + destinationPort + " len " + payloadBytes;
    }
}
