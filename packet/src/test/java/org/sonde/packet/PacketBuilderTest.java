package org.sonde.packet;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PacketBuilderTest {

    @Test
    void fillsTypesLengthsAndPad() {
        Packet p = SampleFrames.rdmaWriteOnly();
        assertThat(p.headers()).hasSize(5);
        assertThat(p.first(EthernetHeader.class).orElseThrow().etherType()).isEqualTo(EtherTypes.IPV4);
        Ipv4Header ip = p.first(Ipv4Header.class).orElseThrow();
        assertThat(ip.protocol()).isEqualTo(IpProtocols.UDP);
        assertThat(ip.totalLength()).isEqualTo(20 + 8 + 12 + 16 + 13 + 3 + 4);
        assertThat(p.first(UdpHeader.class).orElseThrow().udpLength()).isEqualTo(8 + 12 + 16 + 13 + 3 + 4);
        assertThat(p.first(Bth.class).orElseThrow().padCount()).isEqualTo(3);
        assertThat(p.trailers()).hasSize(2);
        assertThat(p.trailers().get(0)).isEqualTo(Padding.zeros(3));
        assertThat(p.trailers().get(1)).isInstanceOf(Icrc.class);
        assertThat(p.length()).isEqualTo(p.encode().length);
    }

    @Test
    void ipv6PayloadLengthAndNextHeaders() {
        Packet p = SampleFrames.ipv6ExtensionHeaders();
        Ipv6Header ip = p.first(Ipv6Header.class).orElseThrow();
        assertThat(ip.nextHeader()).isEqualTo(IpProtocols.HOP_BY_HOP);
        assertThat(ip.payloadLength()).isEqualTo(8 + 16 + 8 + 12 + 8 + 9);
        List<Header> ext = p.headers().subList(2, 6);
        assertThat(ext).extracting(h -> ((Ipv6ExtensionHeader) h).nextHeader())
                .containsExactly(IpProtocols.ROUTING, IpProtocols.DESTINATION_OPTIONS, IpProtocols.AUTHENTICATION_HEADER, IpProtocols.UDP);
        assertThat(p.first(EthernetHeader.class).orElseThrow().etherType()).isEqualTo(EtherTypes.IPV6);
    }

    @Test
    void vlanTagsGetTheirEtherTypes() {
        Packet p = SampleFrames.qinq();
        assertThat(p.headers().get(0)).isEqualTo(new EthernetHeader(SampleFrames.MAC_B, SampleFrames.MAC_A, EtherTypes.QINQ));
        assertThat(((VlanTag) p.headers().get(1)).etherType()).isEqualTo(EtherTypes.VLAN);
        assertThat(((VlanTag) p.headers().get(2)).etherType()).isEqualTo(EtherTypes.IPV4);
        assertThat(p.trailers()).containsExactly(Padding.zeros(60 - (14 + 8 + 20 + 8 + 5)));
    }

    @Test
    void explicitValuesAreKept() {
        Packet p = SampleFrames.ethernetIpv4()
                .add(new UdpHeader(1, 2, 99, 0x1234))
                .payload(new byte[4]).build();
        UdpHeader u = p.first(UdpHeader.class).orElseThrow();
        assertThat(u.udpLength()).isEqualTo(99);
        assertThat(u.checksum()).isEqualTo(0x1234);
        Packet q = Packet.builder().add(EthernetHeader.of(SampleFrames.MAC_A, SampleFrames.MAC_B),
                Ipv4Header.builder(SampleFrames.IP4_A, SampleFrames.IP4_B).headerChecksum(0xBEEF).protocol(200).build()).build();
        assertThat(q.first(Ipv4Header.class).orElseThrow().headerChecksum()).isEqualTo(0xBEEF);
        assertThat(q.first(Ipv4Header.class).orElseThrow().checksumValid()).isFalse();
    }

    @Test
    void outerUdpChecksumCoversTheFinalInnerPacket() {
        byte[] f = SampleFrames.vxlanRoce().encode();
        PacketView v = new PacketView();
        v.dissect(f, 0, f.length);
        assertThat(v.l4ChecksumValid()).isTrue();
        assertThat(v.inner().l4ChecksumValid()).isTrue();
        assertThat(v.inner().roceIcrcValid()).isTrue();
    }

    @Test
    void rejectsWhatItCannotInfer() {
        assertThatThrownBy(() -> Packet.builder().add(Ipv4Header.builder(SampleFrames.IP4_A, SampleFrames.IP4_B).build()).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("starts with an EthernetHeader");
        assertThatThrownBy(() -> Packet.builder().add(EthernetHeader.of(SampleFrames.MAC_A, SampleFrames.MAC_B)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot infer the EtherType");
        assertThatThrownBy(() -> SampleFrames.ethernetIpv4().add(new Ieth(1)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot infer the IP protocol before Ieth");
        assertThatThrownBy(() -> SampleFrames.ethernetIpv4().add(new Icrc(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SampleFrames.ethernetIpv4().add(UdpHeader.of(1, 2)).payload(new byte[70000]).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exceeds 65535");
    }

    @Test
    void recordsRejectOutOfRangeFields() {
        assertThatThrownBy(() -> Bth.builder(RoceOpcode.RC_SEND_ONLY, 1 << 24, 0).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("destination QP");
        assertThatThrownBy(() -> new VlanTag(0, false, 4096, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ipv4Header.builder(SampleFrames.IP4_A, SampleFrames.IP4_B).options(ImmutableBytes.zeros(3)).build())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TcpHeader.builder(1, 2).dataOffset(5).options(new TcpOption.SackPermitted()).build())
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void headerEncodedAloneWritesAutoFieldsAsIfNothingFollowed() {
        Ipv4Header h = Ipv4Header.builder(SampleFrames.IP4_A, SampleFrames.IP4_B).build();
        byte[] b = h.toBytes();
        assertThat(Bytes.u16(b, Ipv4Header.OFF_TOTAL_LENGTH)).isEqualTo(20);
        assertThat(Checksums.verify(b, 0, 20)).isTrue();
        TcpHeader t = TcpHeader.builder(1, 2).options(new TcpOption.MaximumSegmentSize(1460), new TcpOption.NoOperation()).build();
        assertThat(t.length()).isEqualTo(28);
        TcpHeader back = TcpHeader.decode(t.toBytes(), 0, 28);
        assertThat(back.options()).containsExactly(new TcpOption.MaximumSegmentSize(1460), new TcpOption.NoOperation(),
                new TcpOption.EndOfOptionList(ImmutableBytes.zeros(2)));
    }
}
