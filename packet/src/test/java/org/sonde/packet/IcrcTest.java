package org.sonde.packet;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.sonde.packet.SampleFrames.hex;

class IcrcTest {

    @Test
    void matchesTheIcrcAConnectX4NicComputed() {
        byte[] f = hex(SampleFrames.CONNECTX4_CNP_HEX);
        int icrcOffset = f.length - 4;
        assertThat(Arrays.copyOfRange(f, icrcOffset, f.length)).isEqualTo(hex("82fd002a"));
        // The trailer is the CRC-32 value stored least significant byte first.
        assertThat(Icrc.compute(f, 14, icrcOffset)).isEqualTo(0x2a00fd82);
        assertThat(Icrc.verify(f, 14, icrcOffset)).isTrue();

        PacketView v = new PacketView();
        v.dissect(f, 0, f.length);
        assertThat(v.isCnp()).isTrue();
        assertThat(v.bthBecn()).isTrue();
        assertThat(v.bthFecn()).isFalse();
        assertThat(v.bthDestQp()).isEqualTo(0x118);
        assertThat(v.roceIcrc()).isEqualTo(0x2a00fd82);
        assertThat(v.roceIcrcValid()).isTrue();
    }

    /**
     * The UC packet of scapy's RoCE regression test: scapy asserts IPv4 checksum b4d5, UDP checksum
     * aca2 and ICRC bytes 78 f3 53 f3; the builder must produce the same bytes.
     */
    @Test
    void builderReproducesScapysUcSendOnlyPacket() {
        MacAddress mac = MacAddress.parse("24:8a:07:a8:fa:22");
        Ipv4Address ip = Ipv4Address.parse("192.168.0.7");
        byte[] payload = hex("4630818be28935d90e9a955054 01be885e50");
        Packet p = Packet.builder()
                .add(EthernetHeader.of(mac, mac),
                        Ipv4Header.builder(ip, ip).dscp(0).ecn(1).identification(1144).build(),
                        UdpHeader.of(49152, WellKnownPorts.ROCE_V2),
                        Bth.builder(RoceOpcode.UC_SEND_ONLY, 211, 13571856).migReq(true).padCount(2).build())
                .payload(payload).build();
        assertThat(p.first(Ipv4Header.class).orElseThrow().headerChecksum()).isEqualTo(0xb4d5);
        assertThat(p.first(UdpHeader.class).orElseThrow().checksum()).isEqualTo(0xaca2);
        byte[] f = p.encode();
        assertThat(Arrays.copyOfRange(f, f.length - 6, f.length)).isEqualTo(hex("0000 78f353f3"));
        assertThat(p.icrc().orElseThrow().value()).isEqualTo(0xf353f378);
    }

    @Test
    void variantFieldsAreMaskedAndEverythingElseIsCovered() {
        byte[] good = SampleFrames.rdmaWriteOnly().encode();
        int ip = 14;
        int udp = 34;
        int bth = 42;
        int icrc = good.length - 4;
        int[] variant = {ip + 1, ip + 8, ip + 10, ip + 11, udp + 6, udp + 7, bth + 4};
        for (int i = ip; i < icrc; i++) {
            if (i == ip || i == ip + Ipv4Header.OFF_PROTOCOL) continue; // structure: would no longer locate the UDP header
            byte[] f = good.clone();
            f[i] ^= 0x01;
            boolean isVariant = false;
            for (int x : variant) isVariant |= x == i;
            // flipping a masked (variant) byte keeps the ICRC valid; any other byte breaks it
            assertThat(Icrc.verify(f, ip, icrc)).as("flip byte %d (variant=%s)", i, isVariant).isEqualTo(isVariant);
        }
    }

    @Test
    void ipv6VariantFieldsAreMasked() {
        byte[] good = SampleFrames.sendWithImmediateV6().encode();
        int icrc = good.length - 4;
        assertThat(Icrc.verify(good, 14, icrc)).isTrue();
        byte[] f = good.clone();
        f[14] ^= 0x0F; // traffic class high nibble
        f[15] ^= (byte) 0xFF; // traffic class low nibble, flow label
        f[17] ^= 0x55; // flow label
        f[14 + 7] ^= 0x20; // hop limit
        assertThat(Icrc.verify(f, 14, icrc)).isTrue();
        f[14 + 5] ^= 0x01; // the payload length is invariant
        assertThat(Icrc.verify(f, 14, icrc)).isFalse();
    }

    @Test
    void skipsIpv6ExtensionHeadersToFindUdp() {
        Packet p = SampleFrames.ethernetIpv6()
                .add(new Ipv6ExtensionHeader(IpProtocols.DESTINATION_OPTIONS, Header.AUTO, ImmutableBytes.zeros(6)),
                        UdpHeader.of(1, WellKnownPorts.ROCE_V2), Bth.builder(RoceOpcode.RC_SEND_ONLY, 1, 1).build())
                .payload(new byte[8]).build();
        byte[] f = p.encode();
        assertThat(Icrc.verify(f, 14, f.length - 4)).isTrue();
        PacketView v = new PacketView();
        v.dissect(f, 0, f.length);
        assertThat(v.roceIcrcValid()).isTrue();
    }

    @Test
    void overriddenIcrcIsStoredAndJudgedInvalid() {
        byte[] f = SampleFrames.ethernetIpv4().add(UdpHeader.of(1, WellKnownPorts.ROCE_V2),
                Bth.builder(RoceOpcode.RC_SEND_ONLY, 1, 1).build()).icrc(0x12345678).build().encode();
        assertThat(Icrc.read(f, f.length - 4)).isEqualTo(0x12345678);
        assertThat(Icrc.verify(f, 14, f.length - 4)).isFalse();
    }

    @Test
    void rejectsNonRoceBytesWithDecodeException() {
        byte[] tcp = SampleFrames.tcpSynWithOptions().encode();
        assertThatThrownBy(() -> Icrc.compute(tcp, 14, tcp.length - 4))
                .isInstanceOf(DecodeException.class).hasMessageContaining("is not UDP");
        byte[] f = SampleFrames.ack().encode();
        assertThatThrownBy(() -> Icrc.compute(f, 14, 14 + 20 + 8 + 4)).isInstanceOf(DecodeException.class);
    }
}
