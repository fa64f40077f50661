package org.sonde.packet;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Checks that every {@link PacketView} accessor reads what the decoded records hold. */
final class ViewRecordAgreement {
    private ViewRecordAgreement() {}

    /** Dissects and decodes {@code frame}; asserts they agree and that decode-then-encode gives the frame back. */
    static Packet check(byte[] frame) {
        PacketView view = new PacketView();
        view.dissect(frame, 0, frame.length);
        Packet packet = Packet.decode(frame);
        assertThat(packet.encode()).as("decode then encode").isEqualTo(frame);
        List<Header> hs = new ArrayList<>(packet.headers());
        for (PacketView v = view; v != null; v = v.inner()) {
            checkLevel(v, hs, frame);
        }
        assertThat(hs).as("headers not accounted for by the view").isEmpty();
        PacketView innermost = view;
        while (innermost.inner() != null) innermost = innermost.inner();
        assertThat(innermost.payloadLength()).isEqualTo(packet.payload().length());
        assertThat(ImmutableBytes.copyOf(frame, innermost.payloadOffset(), innermost.payloadLength())).isEqualTo(packet.payload());
        return packet;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Header> T take(List<Header> hs, Class<T> type) {
        assertThat(hs).isNotEmpty();
        assertThat(hs.getFirst()).isInstanceOf(type);
        return (T) hs.removeFirst();
    }

    private static void checkLevel(PacketView v, List<Header> hs, byte[] frame) {
        EthernetHeader eth = take(hs, EthernetHeader.class);
        int type = eth.etherType();
        assertThat(v.vlanCount()).isGreaterThanOrEqualTo(0);
        for (int i = 0; i < v.vlanCount(); i++) {
            VlanTag tag = take(hs, VlanTag.class);
            assertThat(v.vlanId(i)).isEqualTo(tag.vlanId());
            type = tag.etherType();
        }
        assertThat(v.vlanId(v.vlanCount())).isEqualTo(-1);
        assertThat(v.etherType()).isEqualTo(type);

        int protocol = -1;
        if (v.isIpv4()) {
            Ipv4Header ip = take(hs, Ipv4Header.class);
            assertThat(v.ipv4Src()).isEqualTo(ip.source().value());
            assertThat(v.ipv4Dst()).isEqualTo(ip.destination().value());
            assertThat(v.ipSrcString()).isEqualTo(ip.source().toString());
            assertThat(v.ipDstString()).isEqualTo(ip.destination().toString());
            assertThat(v.ipTtl()).isEqualTo(ip.ttl());
            assertThat(v.ipEcn()).isEqualTo(ip.ecn());
            assertThat(v.ipDscp()).isEqualTo(ip.dscp());
            assertThat(v.ipv4ChecksumValid()).isEqualTo(ip.checksumValid());
            protocol = ip.protocol();
        } else if (v.isIpv6()) {
            Ipv6Header ip = take(hs, Ipv6Header.class);
            assertThat(v.ipv4Src()).isEqualTo(-1);
            assertThat(v.ipSrcString()).isEqualTo(ip.source().toString());
            assertThat(v.ipDstString()).isEqualTo(ip.destination().toString());
            assertThat(v.ipTtl()).isEqualTo(ip.hopLimit());
            assertThat(v.ipEcn()).isEqualTo(ip.ecn());
            assertThat(v.ipDscp()).isEqualTo(ip.dscp());
            assertThat(v.ipv4ChecksumValid()).isFalse();
            protocol = ip.nextHeader();
            while (!hs.isEmpty() && (hs.getFirst() instanceof Ipv6ExtensionHeader || hs.getFirst() instanceof Ipv6FragmentHeader)) {
                protocol = switch (hs.removeFirst()) {
                    case Ipv6ExtensionHeader x -> x.nextHeader();
                    case Ipv6FragmentHeader x -> x.nextHeader();
                    default -> throw new AssertionError();
                };
            }
        } else {
            assertThat(v.ipSrcString()).isNull();
            assertThat(v.ipTtl()).isEqualTo(-1);
        }
        assertThat(v.ipProtocol()).isEqualTo(protocol);

        if (v.isTcp()) {
            TcpHeader t = take(hs, TcpHeader.class);
            assertThat(v.srcPort()).isEqualTo(t.sourcePort());
            assertThat(v.dstPort()).isEqualTo(t.destinationPort());
            assertThat(v.tcpSeq()).isEqualTo(t.sequenceNumber());
            assertThat(v.tcpAck()).isEqualTo(t.acknowledgmentNumber());
            assertThat(v.tcpFlags()).isEqualTo(t.flags());
            assertThat(v.tcpWindow()).isEqualTo(t.window());
            assertThat(v.tcpPayloadLength()).isEqualTo(v.payloadLength());
        } else {
            assertThat(v.tcpSeq()).isEqualTo(-1);
            assertThat(v.tcpFlags()).isEqualTo(-1);
        }
        if (v.isUdp()) {
            UdpHeader u = take(hs, UdpHeader.class);
            assertThat(v.srcPort()).isEqualTo(u.sourcePort());
            assertThat(v.dstPort()).isEqualTo(u.destinationPort());
        }
        if (v.isIcmp()) {
            IcmpHeader c = take(hs, IcmpHeader.class);
            assertThat(v.icmpType()).isEqualTo(c.type());
            assertThat(v.icmpCode()).isEqualTo(c.code());
        } else {
            assertThat(v.icmpType()).isEqualTo(-1);
        }
        if (!v.isTcp() && !v.isUdp()) assertThat(v.srcPort()).isEqualTo(-1);

        if (v.isVxlan()) {
            VxlanHeader x = take(hs, VxlanHeader.class);
            assertThat(v.vxlanVni()).isEqualTo(x.vni());
            assertThat(v.inner()).isNotNull();
        } else {
            assertThat(v.vxlanVni()).isEqualTo(-1);
            assertThat(v.inner()).isNull();
        }

        if (v.isRoce()) {
            Bth b = take(hs, Bth.class);
            assertThat(v.bthOpcode()).isEqualTo(b.opcode());
            assertThat(v.bthSolicited()).isEqualTo(b.solicitedEvent());
            assertThat(v.bthMigReq()).isEqualTo(b.migReq());
            assertThat(v.bthPadCount()).isEqualTo(b.padCount());
            assertThat(v.bthTver()).isEqualTo(b.transportHeaderVersion());
            assertThat(v.bthPkey()).isEqualTo(b.partitionKey());
            assertThat(v.bthFecn()).isEqualTo(b.fecn());
            assertThat(v.bthBecn()).isEqualTo(b.becn());
            assertThat(v.bthDestQp()).isEqualTo(b.destinationQp());
            assertThat(v.bthAckReq()).isEqualTo(b.ackRequest());
            assertThat(v.bthPsn()).isEqualTo(b.psn());
            assertThat(v.isCnp()).isEqualTo(b.opcode() == 0x81);
            RoceOpcode op = b.roceOpcode();
            for (RoceExtensionHeader kind : op == null ? List.<RoceExtensionHeader>of() : op.extensionHeaders()) {
                Header h = hs.removeFirst();
                assertThat(RoceExtensionHeader.of(h)).isEqualTo(kind);
                switch (h) {
                    case Reth r -> {
                        assertThat(v.rethVirtualAddress()).isEqualTo(r.virtualAddress());
                        assertThat(v.rethRkey()).isEqualTo(r.remoteKey());
                        assertThat(v.rethDmaLength()).isEqualTo(r.dmaLength());
                    }
                    case Aeth a -> {
                        assertThat(v.aethSyndrome()).isEqualTo(a.syndrome());
                        assertThat(v.aethMsn()).isEqualTo(a.msn());
                    }
                    case ImmDt i -> assertThat(v.immDt()).isEqualTo(i.value());
                    case Ieth i -> assertThat(v.iethRkey()).isEqualTo(i.remoteKey());
                    default -> { }
                }
            }
            assertThat(v.hasReth()).isEqualTo(op != null && op.hasReth());
            assertThat(v.hasAeth()).isEqualTo(op != null && op.hasAeth());
            assertThat(v.hasImmDt()).isEqualTo(op != null && op.hasImmDt());
            assertThat(v.hasIeth()).isEqualTo(op != null && op.hasIeth());
            if (v.hasIcrc()) {
                assertThat(v.roceIcrc()).isEqualTo(Icrc.read(frame, v.icrcOffset()));
                assertThat(v.roceIcrcValid()).isEqualTo(Icrc.verify(frame, v.ipOffset(), v.icrcOffset()));
            } else {
                assertThat(v.roceIcrcValid()).isFalse();
            }
        } else {
            assertThat(v.bthOpcode()).isEqualTo(-1);
            assertThat(v.bthPsn()).isEqualTo(-1);
            assertThat(v.hasReth()).isFalse();
            assertThat(v.rethDmaLength()).isEqualTo(-1);
            assertThat(v.hasAeth()).isFalse();
            assertThat(v.roceIcrcValid()).isFalse();
        }
        assertThat(v.payloadLength()).isGreaterThanOrEqualTo(0);
        assertThat(v.payloadOffset() + v.payloadLength()).isLessThanOrEqualTo(v.frameOffset() + v.frameLength());
    }
}
