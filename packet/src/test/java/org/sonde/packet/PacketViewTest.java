package org.sonde.packet;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.sonde.packet.SampleFrames.hex;

class PacketViewTest {
    private final PacketView view = new PacketView();

    private PacketView dissect(byte[] f) {
        view.dissect(f, 0, f.length);
        return view;
    }

    @Test
    void everySampleAgreesWithTheRecords() {
        for (Packet p : SampleFrames.all()) {
            Packet decoded = ViewRecordAgreement.check(p.encode());
            assertThat(decoded).isEqualTo(p);
        }
    }

    @Test
    void rdmaWriteOnly() {
        PacketView v = dissect(SampleFrames.rdmaWriteOnly().encode());
        assertThat(v.isIpv4()).isTrue();
        assertThat(v.isUdp()).isTrue();
        assertThat(v.dstPort()).isEqualTo(4791);
        assertThat(v.isRoce()).isTrue();
        assertThat(v.bthOpcode()).isEqualTo(RoceOpcode.RC_RDMA_WRITE_ONLY.code());
        assertThat(v.bthDestQp()).isEqualTo(0x12345);
        assertThat(v.bthPsn()).isEqualTo(0xFFFFFE);
        assertThat(v.bthAckReq()).isTrue();
        assertThat(v.bthPkey()).isEqualTo(0xFFFF);
        assertThat(v.bthPadCount()).isEqualTo(3); // 13 payload bytes padded to 16
        assertThat(v.hasReth()).isTrue();
        assertThat(v.rethVirtualAddress()).isEqualTo(0x7F00_1234_5678_9ABCL);
        assertThat(v.rethRkey()).isEqualTo(0xCAFE);
        assertThat(v.rethDmaLength()).isEqualTo(13);
        assertThat(v.hasAeth()).isFalse();
        assertThat(v.payloadLength()).isEqualTo(13);
        assertThat(v.payloadOffset()).isEqualTo(14 + 20 + 8 + 12 + 16);
        assertThat(v.frameLength()).isEqualTo(14 + 20 + 8 + 12 + 16 + 13 + 3 + 4);
        assertThat(v.roceIcrcValid()).isTrue();
        assertThat(v.ipv4ChecksumValid()).isTrue();
        assertThat(v.l4ChecksumValid()).isTrue();
    }

    @Test
    void nakAndCnp() {
        PacketView v = dissect(SampleFrames.ack().encode());
        assertThat(Aeth.describe(v.aethSyndrome())).isEqualTo("NAK PSN-sequence-error");
        assertThat(v.aethMsn()).isEqualTo(42);
        assertThat(v.payloadLength()).isZero();

        v = dissect(SampleFrames.cnp().encode());
        assertThat(v.isCnp()).isTrue();
        assertThat(v.bthBecn()).isTrue();
        assertThat(v.bthFecn()).isFalse();
        assertThat(v.payloadOffset()).isEqualTo(v.bthOffset() + Bth.LENGTH + CnpPayload.LENGTH);
        assertThat(v.payloadLength()).isZero();
        assertThat(v.roceIcrcValid()).isTrue();
    }

    @Test
    void ipv6RoceWithImmediate() {
        PacketView v = dissect(SampleFrames.sendWithImmediateV6().encode());
        assertThat(v.isIpv6()).isTrue();
        assertThat(v.ipSrcString()).isEqualTo("2001:db8::1");
        assertThat(v.ipTtl()).isEqualTo(64);
        assertThat(v.hasImmDt()).isTrue();
        assertThat(v.immDt()).isEqualTo(0xDEADBEEF);
        assertThat(v.bthSolicited()).isTrue();
        assertThat(v.bthPadCount()).isEqualTo(2);
        assertThat(v.payloadLength()).isEqualTo(6);
        assertThat(v.roceIcrcValid()).isTrue();
        assertThat(v.l4ChecksumValid()).isTrue();
    }

    @Test
    void tcpSynWithOptions() {
        PacketView v = dissect(hex(SampleFrames.LINUX_SYN_HEX));
        assertThat(v.isTcp()).isTrue();
        assertThat(v.ipSrcString()).isEqualTo("192.168.1.140");
        assertThat(v.ipDscp()).isEqualTo(4);
        assertThat(v.srcPort()).isEqualTo(0xddb8);
        assertThat(v.dstPort()).isEqualTo(23);
        assertThat(v.tcpSeq()).isEqualTo(0xdacf21d5L);
        assertThat(v.tcpAck()).isZero();
        assertThat(v.tcpFlags()).isEqualTo(TcpHeader.FLAG_SYN);
        assertThat(PacketView.tcpFlagsString(v.tcpFlags())).isEqualTo("SYN");
        assertThat(v.tcpWindow()).isEqualTo(5840);
        assertThat(v.tcpPayloadLength()).isZero();
        assertThat(v.l4ChecksumValid()).isTrue();
        assertThat(v.ipv4ChecksumValid()).isTrue();
    }

    @Test
    void tcpFlagsString() {
        assertThat(PacketView.tcpFlagsString(TcpHeader.FLAG_SYN | TcpHeader.FLAG_ACK)).isEqualTo("SYN,ACK");
        assertThat(PacketView.tcpFlagsString(0x019)).isEqualTo("FIN,PSH,ACK");
        assertThat(PacketView.tcpFlagsString(0x1FF)).isEqualTo("FIN,SYN,RST,PSH,ACK,URG,ECE,CWR,NS");
        assertThat(PacketView.tcpFlagsString(0)).isEqualTo("none");
    }

    @Test
    void icmpV4AndV6() {
        PacketView v = dissect(SampleFrames.icmpEchoV4().encode());
        assertThat(v.isIcmp()).isTrue();
        assertThat(v.icmpType()).isEqualTo(8);
        assertThat(v.icmpCode()).isZero();
        assertThat(v.payloadLength()).isEqualTo(31);
        assertThat(v.l4ChecksumValid()).isTrue();
        v = dissect(SampleFrames.icmpEchoV6().encode());
        assertThat(v.isIcmp()).isTrue();
        assertThat(v.ipProtocol()).isEqualTo(IpProtocols.ICMPV6);
        assertThat(v.icmpType()).isEqualTo(128);
        assertThat(v.l4ChecksumValid()).isTrue();
        assertThat(v.srcPort()).isEqualTo(-1);
    }

    @Test
    void stackedVlanTags() {
        PacketView v = dissect(SampleFrames.qinq().encode());
        assertThat(v.vlanCount()).isEqualTo(2);
        assertThat(v.vlanId(0)).isEqualTo(100);
        assertThat(v.vlanId(1)).isEqualTo(200);
        assertThat(v.vlanId(2)).isEqualTo(-1);
        assertThat(v.etherType()).isEqualTo(EtherTypes.IPV4);
        assertThat(v.frameLength()).isEqualTo(60);
        assertThat(v.payloadLength()).isEqualTo(5); // Ethernet padding is not payload
        assertThat(v.l4ChecksumValid()).isTrue();
    }

    @Test
    void ipv6ExtensionHeadersAreSkipped() {
        PacketView v = dissect(SampleFrames.ipv6ExtensionHeaders().encode());
        assertThat(v.ipProtocol()).isEqualTo(IpProtocols.UDP);
        assertThat(v.isUdp()).isTrue();
        assertThat(v.l4Offset()).isEqualTo(14 + 40 + 8 + 16 + 8 + 12);
        assertThat(v.srcPort()).isEqualTo(53);
        assertThat(v.l4ChecksumValid()).isTrue();
    }

    @Test
    void vxlanInnerFrameIsDissected() {
        PacketView v = dissect(SampleFrames.vxlanRoce().encode());
        assertThat(v.isVxlan()).isTrue();
        assertThat(v.vxlanVni()).isEqualTo(5000);
        assertThat(v.isRoce()).isFalse();
        PacketView in = v.inner();
        assertThat(in).isSameAs(v.inner());
        assertThat(in.isIpv6()).isTrue();
        assertThat(in.isRoce()).isTrue();
        assertThat(in.bthOpcode()).isEqualTo(RoceOpcode.RC_RDMA_READ_REQUEST.code());
        assertThat(in.rethDmaLength()).isEqualTo(4096);
        assertThat(in.roceIcrcValid()).isTrue();
        assertThat(in.l4ChecksumValid()).isTrue();
        assertThat(v.l4ChecksumValid()).isTrue();
        assertThat(v.payloadOffset()).isEqualTo(in.frameOffset());
        assertThat(v.payloadLength()).isEqualTo(in.frameLength());
        // reuse: a plain frame afterwards leaves no VXLAN state behind
        dissect(SampleFrames.tcpSynWithOptions().encode());
        assertThat(view.isVxlan()).isFalse();
        assertThat(view.inner()).isNull();
    }

    @Test
    void offsetWithinALargerArray() {
        byte[] f = SampleFrames.rdmaWriteOnly().encode();
        byte[] big = new byte[f.length + 100];
        System.arraycopy(f, 0, big, 37, f.length);
        view.dissect(big, 37, f.length);
        assertThat(view.bthPsn()).isEqualTo(0xFFFFFE);
        assertThat(view.payloadOffset()).isEqualTo(37 + 14 + 20 + 8 + 12 + 16);
        assertThat(view.roceIcrcValid()).isTrue();
        assertThat(view.l4ChecksumValid()).isTrue();
    }

    @Test
    void snaplenTruncatedRocePacketKeepsItsHeaders() {
        byte[] f = Arrays.copyOf(SampleFrames.rdmaWriteOnly().encode(), 14 + 20 + 8 + 12 + 16 + 4);
        PacketView v = dissect(f);
        assertThat(v.isTruncated()).isTrue();
        assertThat(v.isRoce()).isTrue();
        assertThat(v.rethDmaLength()).isEqualTo(13);
        assertThat(v.hasIcrc()).isFalse();
        assertThat(v.roceIcrcValid()).isFalse();
        assertThat(v.l4ChecksumValid()).isFalse();
        assertThat(v.payloadLength()).isEqualTo(4);
    }

    @Test
    void corruptionsAreDetected() {
        byte[] f = SampleFrames.rdmaWriteOnly().encode();
        f[f.length - 5] ^= 1; // last pad byte: covered by ICRC and UDP checksum
        PacketView v = dissect(f);
        assertThat(v.roceIcrcValid()).isFalse();
        assertThat(v.l4ChecksumValid()).isFalse();
        assertThat(v.ipv4ChecksumValid()).isTrue();
        f = SampleFrames.rdmaWriteOnly().encode();
        f[14 + 8]--; // TTL: breaks the IPv4 checksum only; masked in the ICRC, not in the UDP pseudo header
        v = dissect(f);
        assertThat(v.ipv4ChecksumValid()).isFalse();
        assertThat(v.roceIcrcValid()).isTrue();
        assertThat(v.l4ChecksumValid()).isTrue();
    }

    @Test
    void errorMessagesNameOffsetLayerAndProblem() {
        byte[] f = SampleFrames.rdmaWriteOnly().encode();
        f[14] = 0x43;
        assertThatThrownBy(() -> dissect(f)).isInstanceOf(DecodeException.class)
                .hasMessage("packet: byte offset 14: IPv4: header length 3 words is below the minimum 5")
                .satisfies(e -> assertThat(((DecodeException) e).offset()).isEqualTo(14));
        byte[] g = SampleFrames.rdmaWriteOnly().encode();
        Bytes.put16(g, 34 + UdpHeader.OFF_LENGTH, 500);
        assertThatThrownBy(() -> dissect(g)).isInstanceOf(DecodeException.class)
                .hasMessage("packet: byte offset 38: UDP: length 500 exceeds the 56 bytes of the IP payload");
        byte[] h = Arrays.copyOf(SampleFrames.rdmaWriteOnly().encode(), 14 + 20 + 8 + 12 + 10);
        assertThatThrownBy(() -> dissect(h)).isInstanceOf(DecodeException.class)
                .hasMessage("packet: byte offset 54: RETH: truncated: needs 16 bytes, only 10 left");
        assertThatThrownBy(() -> view.dissect(new byte[20], 5, 13)).isInstanceOf(DecodeException.class)
                .hasMessage("packet: byte offset 0: Ethernet: truncated: needs 14 bytes, only 13 left");
    }

    @Test
    void nonIpFrameHasPayloadAfterTheEtherType() {
        byte[] f = new byte[42];
        Bytes.put16(f, 12, EtherTypes.ARP);
        PacketView v = dissect(f);
        assertThat(v.etherType()).isEqualTo(EtherTypes.ARP);
        assertThat(v.isIpv4()).isFalse();
        assertThat(v.ipProtocol()).isEqualTo(-1);
        assertThat(v.payloadOffset()).isEqualTo(14);
        assertThat(v.payloadLength()).isEqualTo(28);
        assertThat(v.l4ChecksumValid()).isFalse();
    }

    @Test
    void laterIpv6FragmentHasNoTransportHeader() {
        byte[] f = SampleFrames.ethernetIpv6()
                .add(new Ipv6FragmentHeader(IpProtocols.UDP, 0, 100, 0, false, 7))
                .payload(new byte[16]).build().encode();
        PacketView v = dissect(f);
        assertThat(v.isFragment()).isTrue();
        assertThat(v.ipProtocol()).isEqualTo(IpProtocols.UDP);
        assertThat(v.isUdp()).isFalse();
        assertThat(v.payloadLength()).isEqualTo(16);
        ViewRecordAgreement.check(f);
    }
}
