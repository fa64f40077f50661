package org.sonde.cli.interop;

import org.sonde.packet.Aeth;
import org.sonde.packet.AtomicAckEth;
import org.sonde.packet.AtomicEth;
import org.sonde.packet.Bth;
import org.sonde.packet.CnpPayload;
import org.sonde.packet.Deth;
import org.sonde.packet.EtherTypes;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.Header;
import org.sonde.packet.IcmpHeader;
import org.sonde.packet.Ieth;
import org.sonde.packet.ImmDt;
import org.sonde.packet.ImmutableBytes;
import org.sonde.packet.IpProtocols;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.Ipv6Address;
import org.sonde.packet.Ipv6ExtensionHeader;
import org.sonde.packet.Ipv6FragmentHeader;
import org.sonde.packet.Ipv6Header;
import org.sonde.packet.MacAddress;
import org.sonde.packet.Packet;
import org.sonde.packet.PacketBuilder;
import org.sonde.packet.Rdeth;
import org.sonde.packet.Reth;
import org.sonde.packet.RoceExtensionHeader;
import org.sonde.packet.RoceOpcode;
import org.sonde.packet.TcpHeader;
import org.sonde.packet.TcpOption;
import org.sonde.packet.UdpHeader;
import org.sonde.packet.VlanTag;
import org.sonde.packet.VxlanHeader;
import org.sonde.packet.WellKnownPorts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Valid frames with random field values, one method per header kind, from one seeded {@link Random}
 * so that a failing run can be repeated. Lengths, checksums, type fields and the ICRC are left to
 * {@link PacketBuilder}. Random application payloads go only between ephemeral ports (49152 and up):
 * below that tshark has dissectors (sFlow, GENEVE, TZSP ...) that would decode the random bytes as
 * further Ethernet and IP headers.
 */
final class RandomFrames {
    /** tshark decodes UDP port 49999 as an NXP 802.15.4 sniffer, whose payload can hold IPv6 (6LoWPAN). */
    private static final int NXP_802154_SNIFFER_PORT = 49999;

    private final Random r;

    RandomFrames(long seed) {
        r = new Random(seed);
    }

    /** {@code n} frames from {@code generator}. */
    static List<Packet> of(int n, Supplier<Packet> generator) {
        List<Packet> packets = new ArrayList<>(n);
        for (int i = 0; i < n; i++) packets.add(generator.get());
        return packets;
    }

    // ---- the kinds

    /** Ethernet with no tag, one 802.1Q tag, two 802.1Q tags, or 802.1ad + 802.1Q; random PCP, DEI, VID. */
    Packet vlans() {
        int tags = r.nextInt(4);
        List<Header> hs = new ArrayList<>();
        hs.add(new EthernetHeader(mac(), mac(), tags == 3 ? EtherTypes.QINQ : Header.AUTO));
        for (int i = 0; i < Math.min(tags, 2); i++) hs.add(new VlanTag(r.nextInt(8), r.nextBoolean(), r.nextInt(4096), Header.AUTO));
        boolean v4 = r.nextBoolean();
        hs.add(v4 ? ipv4Header(false) : ipv6Header());
        hs.add(udpHeader(v4));
        return build(hs, payload(64));
    }

    /** IPv4 with random DSCP, ECN, identification, flags, fragment offset, TTL and options, then UDP, TCP or ICMP. */
    Packet ipv4() {
        List<Header> hs = new ArrayList<>(List.of(ethernet(), ipv4Header(true)));
        hs.add(switch (r.nextInt(3)) {
            case 0 -> udpHeader(r.nextBoolean());
            case 1 -> tcpHeader();
            default -> icmpEcho(4);
        });
        return build(hs, payload(48));
    }

    /** IPv6 with random traffic class, flow label and hop limit, and a random chain of extension headers. */
    Packet ipv6() {
        List<Header> hs = new ArrayList<>(List.of(ethernet(), ipv6Header()));
        if (r.nextBoolean()) hs.add(optionsHeader(IpProtocols.HOP_BY_HOP));
        if (r.nextInt(4) == 0) hs.add(optionsHeader(IpProtocols.DESTINATION_OPTIONS));
        if (r.nextBoolean()) hs.add(routingHeader());
        if (r.nextBoolean()) hs.add(fragmentHeader());
        if (r.nextInt(4) == 0) hs.add(optionsHeader(IpProtocols.DESTINATION_OPTIONS));
        hs.add(switch (r.nextInt(3)) {
            case 0 -> udpHeader(false);
            case 1 -> tcpHeader();
            default -> icmpEcho(6);
        });
        return build(hs, payload(48));
    }

    /** ICMPv4 or ICMPv6 echo request or reply with random identifier and sequence number. */
    Packet icmpEcho() {
        int version = r.nextBoolean() ? 4 : 6;
        return build(List.of(ethernet(), version == 4 ? ipv4Header(false) : ipv6Header(), icmpEcho(version)), payload(64));
    }

    /** UDP over IPv4 (checksum computed or 0, "none") or IPv6. */
    Packet udp() {
        boolean v4 = r.nextBoolean();
        return build(List.of(ethernet(), v4 ? ipv4Header(false) : ipv6Header(), udpHeader(v4)), payload(64));
    }

    /** TCP with random sequence and acknowledgment numbers, flags, reserved bits, window, urgent pointer and options. */
    Packet tcp() {
        return build(List.of(ethernet(), r.nextBoolean() ? ipv4Header(false) : ipv6Header(), tcpHeader()), payload(48));
    }

    /** VXLAN with a random VNI over IPv4 or IPv6, carrying a frame (maybe tagged) with TCP or UDP. */
    Packet vxlan() {
        boolean outerV4 = r.nextBoolean();
        List<Header> hs = new ArrayList<>(List.of(ethernet(), outerV4 ? ipv4Header(false) : ipv6Header(),
                new UdpHeader(ephemeralPort(), WellKnownPorts.VXLAN, Header.AUTO, outerV4 && r.nextBoolean() ? 0 : Header.AUTO),
                VxlanHeader.of(r.nextInt(1 << 24)), ethernet()));
        if (r.nextInt(4) == 0) hs.add(new VlanTag(r.nextInt(8), r.nextBoolean(), r.nextInt(4096), Header.AUTO));
        hs.add(r.nextBoolean() ? ipv4Header(false) : ipv6Header());
        hs.add(r.nextBoolean() ? udpHeader(false) : tcpHeader());
        return build(hs, payload(48));
    }

    /**
     * RoCEv2 with opcode {@code op}: every BTH field random (the pad count follows from the payload
     * length), random extended transport headers, a payload only for opcodes that carry data.
     */
    Packet roce(RoceOpcode op) {
        boolean v4 = r.nextBoolean();
        List<Header> hs = new ArrayList<>(List.of(ethernet(), v4 ? ipv4Header(false) : ipv6Header(),
                // RoCEv2 senders may leave the UDP checksum 0 over IPv4
                new UdpHeader(ephemeralPort(), WellKnownPorts.ROCE_V2, Header.AUTO, v4 && r.nextBoolean() ? 0 : Header.AUTO)));
        if (op == RoceOpcode.CNP) {
            Bth cnp = Bth.cnp(r.nextInt(1 << 24));
            hs.add(r.nextBoolean() ? cnp : cnp.toBuilder().partitionKey(r.nextInt(1 << 16)).fecn(r.nextBoolean()).build());
            hs.add(r.nextBoolean() ? CnpPayload.ZERO : new CnpPayload(ImmutableBytes.of(bytes(CnpPayload.LENGTH))));
            return build(hs, ImmutableBytes.EMPTY);
        }
        hs.add(Bth.builder(op, r.nextInt(1 << 24), r.nextInt(1 << 24))
                .solicitedEvent(r.nextBoolean()).migReq(r.nextBoolean()).transportHeaderVersion(r.nextInt(16))
                .partitionKey(r.nextInt(1 << 16)).fecn(r.nextBoolean()).becn(r.nextBoolean()).reserved6(r.nextInt(64))
                .ackRequest(r.nextBoolean()).reserved7(r.nextInt(128)).build());
        for (RoceExtensionHeader h : op.extensionHeaders()) hs.add(extensionHeader(h));
        return build(hs, carriesPayload(op) ? payload(80) : ImmutableBytes.EMPTY);
    }

    /** Sends, RDMA writes and read responses carry data; requests, acknowledgements and atomics do not. */
    static boolean carriesPayload(RoceOpcode op) {
        String name = op.name();
        return name.contains("SEND") || name.contains("RDMA_WRITE") || name.contains("READ_RESPONSE");
    }

    // ---- headers

    private Packet build(List<Header> headers, ImmutableBytes payload) {
        PacketBuilder b = Packet.builder().add(headers.toArray(Header[]::new)).payload(payload);
        if (r.nextInt(4) == 0) b.minimumFrameLength(60); // Ethernet padding after short datagrams
        return b.build();
    }

    private EthernetHeader ethernet() {
        return EthernetHeader.of(mac(), mac());
    }

    /** Any 48-bit value except a group address, which is no valid source. */
    private MacAddress mac() {
        return new MacAddress(r.nextLong() & 0xFEFF_FFFF_FFFFL);
    }

    /**
     * IPv4 with every field random; with {@code fragments}, one in eight is a fragment (MF set or a
     * non-zero offset), the reserved bit is random and options (NOP, Router Alert, Stream ID, EOL)
     * fill up to 40 bytes.
     */
    private Ipv4Header ipv4Header(boolean fragments) {
        int flags = r.nextBoolean() ? Ipv4Header.FLAG_DONT_FRAGMENT : 0;
        int offset = 0;
        if (fragments) {
            if (r.nextBoolean()) flags |= 0b100;
            if (r.nextInt(8) == 0) {
                if (r.nextBoolean()) flags = flags & ~Ipv4Header.FLAG_DONT_FRAGMENT | Ipv4Header.FLAG_MORE_FRAGMENTS;
                else offset = 1 + r.nextInt(0x1FFF);
            }
        }
        return Ipv4Header.builder(new Ipv4Address(r.nextInt()), new Ipv4Address(r.nextInt()))
                .dscp(r.nextInt(64)).ecn(r.nextInt(4)).identification(r.nextInt(1 << 16)).flags(flags)
                .fragmentOffset(offset).ttl(r.nextInt(256))
                .options(fragments && r.nextBoolean() ? ipv4Options() : ImmutableBytes.EMPTY).build();
    }

    private ImmutableBytes ipv4Options() {
        int max = 4 * (1 + r.nextInt(10));
        byte[] o = new byte[max];
        int p = 0;
        while (p < max) {
            int left = max - p;
            switch (r.nextInt(4)) {
                case 0 -> o[p++] = 1; // NOP
                case 1 -> { // Router Alert (RFC 2113), value 0
                    if (left < 4) continue;
                    o[p] = (byte) 0x94;
                    o[p + 1] = 4;
                    p += 4;
                }
                case 2 -> { // Stream ID, random
                    if (left < 4) continue;
                    o[p] = (byte) 0x88;
                    o[p + 1] = 4;
                    o[p + 2] = (byte) r.nextInt();
                    o[p + 3] = (byte) r.nextInt();
                    p += 4;
                }
                default -> p = max; // EOL: the rest stays zero
            }
        }
        return ImmutableBytes.of(o);
    }

    private Ipv6Header ipv6Header() {
        return new Ipv6Header(r.nextInt(256), r.nextInt(1 << 20), Header.AUTO, Header.AUTO, r.nextInt(256),
                new Ipv6Address(r.nextLong(), r.nextLong()), new Ipv6Address(r.nextLong(), r.nextLong()));
    }

    /** Hop-by-hop or destination options of 8 to 32 bytes, padded with Pad1 and PadN options. */
    private Ipv6ExtensionHeader optionsHeader(int type) {
        byte[] data = new byte[6 + 8 * r.nextInt(4)];
        if (data.length >= 2 && r.nextBoolean()) { // one PadN covering the rest
            data[0] = 1;
            data[1] = (byte) (data.length - 2);
        }
        return new Ipv6ExtensionHeader(type, Header.AUTO, ImmutableBytes.of(data));
    }

    /** A type 0 routing header with 0 to 2 addresses and no segments left, so the destination stays. */
    private Ipv6ExtensionHeader routingHeader() {
        int addresses = r.nextInt(3);
        byte[] data = new byte[6 + 16 * addresses];
        for (int i = 6; i < data.length; i++) data[i] = (byte) r.nextInt();
        return new Ipv6ExtensionHeader(IpProtocols.ROUTING, Header.AUTO, ImmutableBytes.of(data));
    }

    /** Mostly an atomic fragment (offset 0, M clear); one in four a real fragment. */
    private Ipv6FragmentHeader fragmentHeader() {
        boolean real = r.nextInt(4) == 0;
        boolean more = real && r.nextBoolean();
        int offset = real && !more ? 1 + r.nextInt(0x1FFF) : 0;
        return new Ipv6FragmentHeader(Header.AUTO, 0, offset, 0, more, r.nextInt() & 0xFFFF_FFFFL);
    }

    private IcmpHeader icmpEcho(int ipVersion) {
        int type = ipVersion == 4
                ? (r.nextBoolean() ? IcmpHeader.V4_ECHO_REQUEST : IcmpHeader.V4_ECHO_REPLY)
                : (r.nextBoolean() ? IcmpHeader.V6_ECHO_REQUEST : IcmpHeader.V6_ECHO_REPLY);
        return IcmpHeader.echo(type, r.nextInt(1 << 16), r.nextInt(1 << 16));
    }

    /** UDP between ephemeral ports; over IPv4 ({@code zeroAllowed}) the checksum is 0 half of the time. */
    private UdpHeader udpHeader(boolean zeroAllowed) {
        return new UdpHeader(ephemeralPort(), ephemeralPort(), Header.AUTO, zeroAllowed && r.nextBoolean() ? 0 : Header.AUTO);
    }

    private TcpHeader tcpHeader() {
        return TcpHeader.builder(ephemeralPort(), ephemeralPort())
                .sequenceNumber(u32()).acknowledgmentNumber(u32()).reserved(r.nextInt(8)).flags(r.nextInt(1 << 9))
                .window(r.nextInt(1 << 16)).urgentPointer(r.nextInt(1 << 16)).options(tcpOptions()).build();
    }

    /** A random selection of MSS, window scale, SACK permitted, SACK (1-4 blocks) and timestamps, in random order. */
    private List<TcpOption> tcpOptions() {
        List<TcpOption> candidates = new ArrayList<>(List.of(
                new TcpOption.MaximumSegmentSize(r.nextInt(1 << 16)),
                new TcpOption.WindowScale(r.nextInt(4) == 0 ? r.nextInt(256) : r.nextInt(15)),
                new TcpOption.SackPermitted(),
                new TcpOption.Timestamps(u32(), u32())));
        List<TcpOption.SackBlock> blocks = new ArrayList<>();
        for (int i = 1 + r.nextInt(4); i > 0; i--) blocks.add(new TcpOption.SackBlock(u32(), u32()));
        candidates.add(new TcpOption.Sack(blocks));
        Collections.shuffle(candidates, r);
        List<TcpOption> options = new ArrayList<>();
        int room = TcpOption.MAX_SPACE;
        for (TcpOption o : candidates) {
            if (r.nextBoolean() || o.length() > room) continue;
            if (room - o.length() >= 1 && r.nextInt(3) == 0) {
                options.add(new TcpOption.NoOperation());
                room--;
            }
            options.add(o);
            room -= o.length();
        }
        if (room >= 1 && r.nextInt(4) == 0) options.add(new TcpOption.EndOfOptionList());
        return options;
    }

    private Header extensionHeader(RoceExtensionHeader kind) {
        return switch (kind) {
            case RETH -> new Reth(r.nextLong(), r.nextInt(), u32());
            case AETH -> aeth();
            case IMMDT -> new ImmDt(r.nextInt());
            case IETH -> new Ieth(r.nextInt());
            case ATOMIC_ETH -> new AtomicEth(r.nextLong(), r.nextInt(), r.nextLong(), r.nextLong());
            case ATOMIC_ACK_ETH -> new AtomicAckEth(r.nextLong());
            case RDETH -> new Rdeth(r.nextInt(256), r.nextInt(1 << 24));
            case DETH -> new Deth(r.nextInt(), r.nextInt(256), r.nextInt(1 << 24));
            case CNP_PAYLOAD -> throw new IllegalArgumentException("CNPs are built by roce(CNP)");
        };
    }

    /** An ACK with a credit code, an RNR NAK with a timer, a NAK with a code, or any syndrome byte at all. */
    private Aeth aeth() {
        int msn = r.nextInt(1 << 24);
        return switch (r.nextInt(4)) {
            case 0 -> Aeth.ack(r.nextInt(32), msn);
            case 1 -> Aeth.rnrNak(r.nextInt(32), msn);
            case 2 -> Aeth.nak(Aeth.NakCode.values()[r.nextInt(Aeth.NakCode.values().length)], msn);
            default -> new Aeth(r.nextInt(256), msn);
        };
    }

    // ---- values

    private int ephemeralPort() {
        int port;
        do {
            port = 49152 + r.nextInt(1 << 14);
        } while (port == NXP_802154_SNIFFER_PORT);
        return port;
    }

    private long u32() {
        return r.nextInt() & 0xFFFF_FFFFL;
    }

    private byte[] bytes(int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    private ImmutableBytes payload(int maxBytes) {
        return ImmutableBytes.of(bytes(r.nextInt(maxBytes + 1)));
    }

    /** A timestamp that pcap's 32-bit seconds can hold, in nanoseconds. */
    long timestampNanos() {
        return (r.nextLong() >>> 1) % 4_294_967_296_000_000_000L;
    }
}
