package org.sonde.packet;

import java.util.HexFormat;
import java.util.List;

/**
 * Valid frames of every kind the module dissects, built with {@link PacketBuilder}. Public (in the
 * test jar) for the Wireshark cross-checks of the cli module.
 */
public final class SampleFrames {
    static final MacAddress MAC_A = MacAddress.parse("02:00:00:00:00:0a");
    static final MacAddress MAC_B = MacAddress.parse("02:00:00:00:00:0b");
    static final Ipv4Address IP4_A = Ipv4Address.parse("10.0.0.1");
    static final Ipv4Address IP4_B = Ipv4Address.parse("10.0.0.2");
    static final Ipv6Address IP6_A = Ipv6Address.parse("2001:db8::1");
    static final Ipv6Address IP6_B = Ipv6Address.parse("2001:db8::2");

    /**
     * A RoCEv2 CNP captured on a ConnectX-4 Lx NIC (published in scapy's test/contrib/roce.uts);
     * its ICRC 82 fd 00 2a was computed by the NIC.
     */
    static final String CONNECTX4_CNP_HEX = "e41d2dab2bc27cfe90643b32080045c2003c718c400040119161"
            + "0a0011010a001201000012b7002800008100ffff400001180000000000000000000000000000000000000000"
            + "82fd002a";

    /** A SYN from a Linux 2.6 stack (p0f fingerprint test data) in an Ethernet frame; tshark judges both checksums good. */
    static final String LINUX_SYN_HEX = "0200000000020200000000010800"
            + "4510003c41304000400674ddc0a8018cc0a801c2ddb80017dacf21d500000000a00216d071100000"
            + "020405b40402080a002760e50000000001030307";

    private SampleFrames() {}

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replaceAll("\\s", ""));
    }

    public static PacketBuilder ethernetIpv4() {
        return Packet.builder().add(EthernetHeader.of(MAC_B, MAC_A), Ipv4Header.builder(IP4_A, IP4_B).build());
    }

    static PacketBuilder ethernetIpv6() {
        return Packet.builder().add(EthernetHeader.of(MAC_B, MAC_A), Ipv6Header.of(IP6_A, IP6_B));
    }

    static byte[] payload(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (i * 7 + 3);
        return b;
    }

    static Packet rocev4(Bth bth, List<Header> extensionHeaders, int payloadBytes) {
        PacketBuilder b = ethernetIpv4().add(UdpHeader.of(49152, WellKnownPorts.ROCE_V2), bth);
        extensionHeaders.forEach(b::add);
        return b.payload(payload(payloadBytes)).build();
    }

    static Packet rdmaWriteOnly() {
        return rocev4(Bth.builder(RoceOpcode.RC_RDMA_WRITE_ONLY, 0x12345, 0xFFFFFE).ackRequest(true).build(),
                List.of(new Reth(0x7F00_1234_5678_9ABCL, 0xCAFE, 13)), 13);
    }

    static Packet ack() {
        return rocev4(Bth.builder(RoceOpcode.RC_ACKNOWLEDGE, 0x000118, 77).build(),
                List.of(Aeth.nak(Aeth.NakCode.PSN_SEQUENCE_ERROR, 42)), 0);
    }

    static Packet cnp() {
        return ethernetIpv4().add(UdpHeader.of(0, WellKnownPorts.ROCE_V2), Bth.cnp(0x118), CnpPayload.ZERO).build();
    }

    static Packet sendWithImmediateV6() {
        return ethernetIpv6().add(UdpHeader.of(50000, WellKnownPorts.ROCE_V2),
                        Bth.builder(RoceOpcode.RC_SEND_ONLY_WITH_IMMEDIATE, 7, 1).solicitedEvent(true).build(),
                        new ImmDt(0xDEADBEEF))
                .payload(payload(6)).build();
    }

    static Packet tcpSynWithOptions() {
        return ethernetIpv4().add(TcpHeader.builder(40000, 80).sequenceNumber(0xFFFF_FFF0L).flags(TcpHeader.FLAG_SYN)
                .options(new TcpOption.MaximumSegmentSize(1460), new TcpOption.SackPermitted(),
                        new TcpOption.Timestamps(123456, 0), new TcpOption.NoOperation(), new TcpOption.WindowScale(7))
                .build()).build();
    }

    static Packet icmpEchoV6() {
        return ethernetIpv6().add(IcmpHeader.echo(IcmpHeader.V6_ECHO_REQUEST, 0x1234, 1)).payload(payload(32)).build();
    }

    static Packet icmpEchoV4() {
        return ethernetIpv4().add(IcmpHeader.echo(IcmpHeader.V4_ECHO_REQUEST, 0x1234, 2)).payload(payload(31)).build();
    }

    /** QinQ: 802.1ad outer tag 100, 802.1Q inner tag 200, then IPv4/UDP. */
    static Packet qinq() {
        return Packet.builder()
                .add(new EthernetHeader(MAC_B, MAC_A, EtherTypes.QINQ), VlanTag.of(100), new VlanTag(5, true, 200, Header.AUTO),
                        Ipv4Header.builder(IP4_A, IP4_B).build(), UdpHeader.of(1000, 2000))
                .payload(payload(5)).minimumFrameLength(60).build();
    }

    /** IPv6 with hop-by-hop, routing, destination options and AH before UDP. */
    static Packet ipv6ExtensionHeaders() {
        return ethernetIpv6().add(
                        new Ipv6ExtensionHeader(IpProtocols.HOP_BY_HOP, Header.AUTO, ImmutableBytes.of(new byte[6])),
                        new Ipv6ExtensionHeader(IpProtocols.ROUTING, Header.AUTO, ImmutableBytes.of(new byte[14])),
                        new Ipv6ExtensionHeader(IpProtocols.DESTINATION_OPTIONS, Header.AUTO, ImmutableBytes.of(new byte[6])),
                        new Ipv6ExtensionHeader(IpProtocols.AUTHENTICATION_HEADER, Header.AUTO, ImmutableBytes.of(new byte[10])),
                        UdpHeader.of(53, 53))
                .payload(payload(9)).build();
    }

    /** VXLAN (VNI 5000) carrying a RoCEv2 RDMA READ request over IPv6. */
    static Packet vxlanRoce() {
        return ethernetIpv4().add(UdpHeader.of(12345, WellKnownPorts.VXLAN), VxlanHeader.of(5000),
                        EthernetHeader.of(MAC_A, MAC_B), Ipv6Header.of(IP6_B, IP6_A),
                        UdpHeader.of(4000, WellKnownPorts.ROCE_V2),
                        Bth.builder(RoceOpcode.RC_RDMA_READ_REQUEST, 99, 5).build(), new Reth(0x1000, 0x77, 4096))
                .build();
    }

    static Packet udDatagram() {
        return rocev4(Bth.builder(RoceOpcode.UD_SEND_ONLY_WITH_IMMEDIATE, 1, 3).build(),
                List.of(new Deth(0x11111111, 0, 0x2), new ImmDt(5)), 10);
    }

    static Packet atomicAck() {
        return rocev4(Bth.builder(RoceOpcode.RD_ATOMIC_ACKNOWLEDGE, 1, 3).build(),
                List.of(new Rdeth(0, 9), Aeth.ack(31, 1), new AtomicAckEth(-2)), 0);
    }

    static Packet compareSwap() {
        return rocev4(Bth.builder(RoceOpcode.RC_COMPARE_SWAP, 1, 3).build(),
                List.of(new AtomicEth(0x10, 0x20, 0x30, 0x40)), 0);
    }

    static Packet sendInvalidate() {
        return rocev4(Bth.builder(RoceOpcode.RC_SEND_ONLY_WITH_INVALIDATE, 1, 3).build(), List.of(new Ieth(0xABCD)), 3);
    }

    public static List<Packet> all() {
        return List.of(rdmaWriteOnly(), ack(), cnp(), sendWithImmediateV6(), tcpSynWithOptions(), icmpEchoV6(),
                icmpEchoV4(), qinq(), ipv6ExtensionHeaders(), vxlanRoce(), udDatagram(), atomicAck(), compareSwap(),
                sendInvalidate(), Packet.decode(hex(CONNECTX4_CNP_HEX)), Packet.decode(hex(LINUX_SYN_HEX)));
    }
}
