package org.sonde.sim.net;

import org.sonde.packet.EthernetHeader;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.MacAddress;
import org.sonde.packet.Packet;
import org.sonde.packet.PacketBuilder;

/** An IPv4 frame: the fields switches look at (addresses, 5-tuple, DSCP, ECN, TTL) and a transport part. */
public abstract class IpFrame extends Frame {
    public static final int ETHERNET_HEADER = 14;
    public static final int IPV4_HEADER = 20;

    public static final int ECN_NOT_ECT = 0;
    public static final int ECN_ECT1 = 1;
    public static final int ECN_ECT0 = 2;
    public static final int ECN_CE = 3;

    public int sourceIp;
    public int destinationIp;
    public int protocol;
    public int sourcePort;
    public int destinationPort;
    public int ecn;
    public int ttl = 64;
    public int identification;

    protected IpFrame(int ipPayloadBytes, int priority) {
        super(ETHERNET_HEADER + IPV4_HEADER + ipPayloadBytes, priority);
    }

    /** DSCP carries the traffic class in its class-selector bits, as data-center RoCE deployments do. */
    public int dscp() {
        return priority << 3;
    }

    public boolean ecnCapable() {
        return ecn != ECN_NOT_ECT;
    }

    /** Copies the IP and Ethernet fields into {@code to}. */
    protected final <F extends IpFrame> F copyIpFieldsTo(F to) {
        to.bytes = bytes;
        to.priority = priority;
        to.sourceMac = sourceMac;
        to.destinationMac = destinationMac;
        to.sourceIp = sourceIp;
        to.destinationIp = destinationIp;
        to.protocol = protocol;
        to.sourcePort = sourcePort;
        to.destinationPort = destinationPort;
        to.ecn = ecn;
        to.ttl = ttl;
        to.identification = identification;
        return to;
    }

    @Override
    public final byte[] encode() {
        PacketBuilder b = Packet.builder()
                .add(EthernetHeader.of(new MacAddress(destinationMac), new MacAddress(sourceMac)))
                .add(Ipv4Header.builder(new Ipv4Address(sourceIp), new Ipv4Address(destinationIp))
                        .dscp(dscp()).ecn(ecn).ttl(ttl).identification(identification & 0xFFFF).build());
        addTransport(b);
        byte[] frame = b.minimumFrameLength(MIN_BYTES).build().encode();
        finishEncoding(frame);
        return frame;
    }

    /** Last changes to the encoded frame (e.g. a trailer damaged on the way); none by default. */
    protected void finishEncoding(byte[] frame) {
    }

    /** Adds the transport headers and payload after the IPv4 header. */
    protected abstract void addTransport(PacketBuilder builder);
}
