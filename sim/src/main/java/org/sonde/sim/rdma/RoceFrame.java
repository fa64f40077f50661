package org.sonde.sim.rdma;

import org.sonde.packet.Aeth;
import org.sonde.packet.Bth;
import org.sonde.packet.CnpPayload;
import org.sonde.packet.Deth;
import org.sonde.packet.Header;
import org.sonde.packet.ImmDt;
import org.sonde.packet.IpProtocols;
import org.sonde.packet.PacketBuilder;
import org.sonde.packet.Reth;
import org.sonde.packet.RoceExtensionHeader;
import org.sonde.packet.RoceOpcode;
import org.sonde.packet.UdpHeader;
import org.sonde.packet.WellKnownPorts;
import org.sonde.sim.net.IpFrame;

/**
 * A RoCEv2 packet: UDP to port 4791, the IB base transport header, the extended transport headers
 * its opcode calls for (RETH, AETH, DETH, ImmDt, the CNP's 16 reserved bytes), a payload and the
 * ICRC. Header fields are plain values; {@link #encode()} builds the real bytes (ICRC included) only
 * for captures. The payload is a pattern of its byte offset within the message, so the same
 * message gives the same bytes on every run and a retransmission repeats the original exactly.
 */
public final class RoceFrame extends IpFrame {
    public static final int UDP_HEADER = 8;
    public static final int ICRC = 4;

    public final RoceOpcode opcode;
    public final int payloadBytes;

    // BTH
    public int destinationQp;
    public int psn;
    public boolean ackRequest;
    /** M: the IBA's initial migration state is "migrated" (1); the sending NIC's profile decides. */
    public boolean migReq = true;
    public boolean solicitedEvent;
    public boolean fecn;
    public boolean becn;
    public int partitionKey = Bth.DEFAULT_PARTITION_KEY;

    // RETH
    public long virtualAddress;
    public int remoteKey;
    public long dmaLength;

    // AETH
    public int syndrome;
    public int msn;

    // DETH
    public int queueKey;
    public int sourceQp;

    // ImmDt
    public int immediate;

    /** Offset of the payload's first byte within its message: what the payload pattern is made of. */
    public long messageOffset;

    /**
     * The packet was damaged on the way (an injected bit error): its ICRC no longer matches, so the
     * receiving NIC discards it and counts {@code rx_icrc_encapsulated}; its encoding carries a wrong ICRC.
     */
    public boolean icrcError;

    public RoceFrame(RoceOpcode opcode, int payloadBytes, int priority) {
        super(UDP_HEADER + Bth.LENGTH + opcode.extensionHeadersLength() + payloadBytes + (-payloadBytes & 3) + ICRC, priority);
        this.opcode = opcode;
        this.payloadBytes = payloadBytes;
        protocol = IpProtocols.UDP;
        destinationPort = WellKnownPorts.ROCE_V2;
    }

    /** A CNP to {@code destinationQp}: BECN set, PSN 0 (RoCEv2 Annex A17.9.3). */
    public static RoceFrame cnp(int destinationQp, int priority) {
        RoceFrame f = new RoceFrame(RoceOpcode.CNP, 0, priority);
        f.destinationQp = destinationQp;
        f.becn = true;
        f.migReq = false;
        return f;
    }

    /** Whether the packet carries a request or read response (what DCQCN's notification point reacts to). */
    public boolean isData() {
        return opcode != RoceOpcode.CNP && opcode != RoceOpcode.RC_ACKNOWLEDGE && opcode != RoceOpcode.RC_ATOMIC_ACKNOWLEDGE;
    }

    public boolean isCnp() {
        return opcode == RoceOpcode.CNP;
    }

    public boolean isAck() {
        return opcode == RoceOpcode.RC_ACKNOWLEDGE;
    }

    Aeth.Kind ackKind() {
        return Aeth.kind(syndrome);
    }

    @Override
    protected void addTransport(PacketBuilder b) {
        // RoCEv2 senders leave the UDP checksum zero (Annex A17.4.2): the ICRC protects the packet.
        b.add(new UdpHeader(sourcePort, destinationPort, Header.AUTO, 0));
        b.add(Bth.builder(opcode, destinationQp, psn).ackRequest(ackRequest).migReq(migReq).solicitedEvent(solicitedEvent)
                .fecn(fecn).becn(becn).partitionKey(partitionKey).build());
        for (RoceExtensionHeader h : opcode.extensionHeaders()) {
            b.add(switch (h) {
                case RETH -> new Reth(virtualAddress, remoteKey, dmaLength);
                case AETH -> new Aeth(syndrome, msn);
                case DETH -> new Deth(queueKey, 0, sourceQp);
                case IMMDT -> new ImmDt(immediate);
                case CNP_PAYLOAD -> CnpPayload.ZERO;
                default -> throw new IllegalStateException("the simulator does not send " + h.label());
            });
        }
        if (payloadBytes > 0) {
            byte[] p = new byte[payloadBytes];
            for (int i = 0; i < p.length; i++) p[i] = (byte) (messageOffset + i);
            b.payload(p);
        }
    }

    @Override
    protected void finishEncoding(byte[] frame) {
        // RoCE frames are never padded (62 bytes at least), so the ICRC is the last four bytes
        if (icrcError) for (int i = frame.length - ICRC; i < frame.length; i++) frame[i] ^= (byte) 0xFF;
    }

    @Override
    public RoceFrame copy() {
        RoceFrame f = copyIpFieldsTo(new RoceFrame(opcode, payloadBytes, priority));
        f.destinationQp = destinationQp;
        f.psn = psn;
        f.ackRequest = ackRequest;
        f.migReq = migReq;
        f.solicitedEvent = solicitedEvent;
        f.fecn = fecn;
        f.becn = becn;
        f.partitionKey = partitionKey;
        f.virtualAddress = virtualAddress;
        f.remoteKey = remoteKey;
        f.dmaLength = dmaLength;
        f.syndrome = syndrome;
        f.msn = msn;
        f.queueKey = queueKey;
        f.sourceQp = sourceQp;
        f.immediate = immediate;
        f.messageOffset = messageOffset;
        f.icrcError = icrcError;
        return f;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(opcode.displayName()).append(" QP=0x").append(Integer.toHexString(destinationQp)).append(" PSN=").append(psn);
        if (opcode.hasAeth()) s.append(' ').append(Aeth.describe(syndrome));
        if (payloadBytes > 0) s.append(" len ").append(payloadBytes);
        return s.toString();
    }
}
