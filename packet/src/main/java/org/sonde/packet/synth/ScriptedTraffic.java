package org.sonde.packet.synth;

import org.sonde.packet.EthernetHeader;
import org.sonde.packet.IcmpHeader;
import org.sonde.packet.ImmutableBytes;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.Ipv6Address;
import org.sonde.packet.Ipv6Header;
import org.sonde.packet.MacAddress;
import org.sonde.packet.Packet;
import org.sonde.packet.TcpHeader;
import org.sonde.packet.TcpOption;
import org.sonde.packet.UdpHeader;
import org.sonde.packet.VlanTag;
import org.sonde.packet.VxlanHeader;
import org.sonde.packet.WellKnownPorts;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A hand-scripted capture of everyday traffic (the demo's): one TCP connection as Linux would
 * run it (handshake with MSS, SACK-permitted, timestamps and window scale; a lost segment
 * recovered by SACK-based fast retransmit after three duplicate ACKs; FIN handshake), an ICMP
 * echo, a VLAN-tagged UDP datagram, IPv6 UDP, and a VXLAN-encapsulated TCP SYN. The timeline
 * is written out by hand; transport behaviour itself is the simulator's job.
 */
public final class ScriptedTraffic {
    /** A frame and its capture time. */
    public record Frame(long timeNanos, byte[] bytes) {}

    private static final MacAddress CLIENT_MAC = MacAddress.parse("02:00:00:00:01:01");
    private static final MacAddress SERVER_MAC = MacAddress.parse("02:00:00:00:01:02");
    private static final Ipv4Address CLIENT = Ipv4Address.parse("192.168.1.10");
    private static final Ipv4Address SERVER = Ipv4Address.parse("192.168.1.20");
    private static final int CLIENT_PORT = 40312;
    private static final int SERVER_PORT = 443;
    private static final int MSS = 1448;
    private static final long RTT_NANOS = 100_000;

    private final List<Frame> frames = new ArrayList<>();
    private final SplittableRandom random;
    private long now = 1_700_000_000_000_000_000L;
    private int ipId;

    private ScriptedTraffic(long seed) {
        random = new SplittableRandom(seed);
    }

    /** The whole script, in capture order; the seed draws the initial sequence numbers, IDs and payloads. */
    public static List<Frame> frames(long seed) {
        ScriptedTraffic t = new ScriptedTraffic(seed);
        t.tcpConnectionWithOneLoss();
        t.icmpEcho();
        t.vlanTaggedUdp();
        t.ipv6Udp();
        t.vxlanSyn();
        return t.frames;
    }

    private void tcpConnectionWithOneLoss() {
        long clientIsn = random.nextLong(1L << 32);
        long serverIsn = random.nextLong(1L << 32);
        long ts = 1_000_000;
        // handshake: the options in Linux's order
        tcp(true, clientIsn, 0, TcpHeader.FLAG_SYN, 64240, List.of(new TcpOption.MaximumSegmentSize(1460),
                new TcpOption.SackPermitted(), new TcpOption.Timestamps(ts, 0), new TcpOption.NoOperation(),
                new TcpOption.WindowScale(7)), 0);
        now += RTT_NANOS / 2;
        tcp(false, serverIsn, clientIsn + 1, TcpHeader.FLAG_SYN | TcpHeader.FLAG_ACK, 65160,
                List.of(new TcpOption.MaximumSegmentSize(1460), new TcpOption.SackPermitted(),
                        new TcpOption.Timestamps(ts + 7, ts), new TcpOption.NoOperation(), new TcpOption.WindowScale(7)), 0);
        now += RTT_NANOS / 2;
        long seq = clientIsn + 1;
        long ack = serverIsn + 1;
        tcp(true, seq, ack, TcpHeader.FLAG_ACK, 502, timestamps(ts + 100, ts + 7), 0);

        // ten full segments in flight; the fourth is lost before the capture point
        int segments = 10;
        int lost = 3;
        for (int i = 0; i < segments; i++) {
            now += 12_000;
            if (i == lost) continue;
            tcp(true, seq + (long) i * MSS, ack, TcpHeader.FLAG_ACK | (i == segments - 1 ? TcpHeader.FLAG_PSH : 0),
                    502, timestamps(ts + 100, ts + 7), MSS);
        }
        // the receiver acknowledges up to the hole, then SACKs what arrived beyond it
        now += RTT_NANOS / 2;
        long hole = seq + (long) lost * MSS;
        tcp(false, ack, hole, TcpHeader.FLAG_ACK, 1002, timestamps(ts + 120, ts + 100), 0);
        for (int dup = 1; dup <= 3; dup++) {
            now += 12_000;
            long right = hole + (long) (dup + 1) * MSS;
            tcp(false, ack, hole, TcpHeader.FLAG_ACK, 1002, sack(ts + 120, ts + 100, hole + MSS, right), 0);
        }
        // third duplicate ACK: fast retransmit of the hole
        now += RTT_NANOS / 2;
        tcp(true, hole, ack, TcpHeader.FLAG_ACK, 502, timestamps(ts + 220, ts + 120), MSS);
        now += RTT_NANOS;
        long end = seq + (long) segments * MSS;
        tcp(false, ack, end, TcpHeader.FLAG_ACK, 1002, timestamps(ts + 320, ts + 220), 0);
        // orderly close
        now += 20_000;
        tcp(true, end, ack, TcpHeader.FLAG_FIN | TcpHeader.FLAG_ACK, 502, timestamps(ts + 330, ts + 320), 0);
        now += RTT_NANOS / 2;
        tcp(false, ack, end + 1, TcpHeader.FLAG_FIN | TcpHeader.FLAG_ACK, 1002, timestamps(ts + 380, ts + 330), 0);
        now += RTT_NANOS / 2;
        tcp(true, end + 1, ack + 1, TcpHeader.FLAG_ACK, 502, timestamps(ts + 430, ts + 380), 0);
    }

    private static List<TcpOption> timestamps(long value, long echo) {
        return List.of(new TcpOption.NoOperation(), new TcpOption.NoOperation(), new TcpOption.Timestamps(value, echo));
    }

    private static List<TcpOption> sack(long value, long echo, long left, long right) {
        return List.of(new TcpOption.NoOperation(), new TcpOption.NoOperation(), new TcpOption.Timestamps(value, echo),
                new TcpOption.NoOperation(), new TcpOption.NoOperation(),
                new TcpOption.Sack(List.of(new TcpOption.SackBlock(left, right))));
    }

    private void tcp(boolean fromClient, long seq, long ack, int flags, int window, List<TcpOption> options,
                     int payloadBytes) {
        TcpHeader header = TcpHeader.builder(fromClient ? CLIENT_PORT : SERVER_PORT, fromClient ? SERVER_PORT : CLIENT_PORT)
                .sequenceNumber(seq & 0xFFFF_FFFFL).acknowledgmentNumber(ack & 0xFFFF_FFFFL)
                .flags(flags).window(window).options(options).build();
        emit(Packet.builder().add(EthernetHeader.of(fromClient ? SERVER_MAC : CLIENT_MAC, fromClient ? CLIENT_MAC : SERVER_MAC),
                ipv4(fromClient ? CLIENT : SERVER, fromClient ? SERVER : CLIENT), header)
                .payload(payload(payloadBytes)).build());
    }

    private void icmpEcho() {
        now += 1_000_000;
        int id = random.nextInt(1 << 16);
        emit(Packet.builder().add(EthernetHeader.of(SERVER_MAC, CLIENT_MAC), ipv4(CLIENT, SERVER),
                IcmpHeader.echo(IcmpHeader.V4_ECHO_REQUEST, id, 1)).payload(payload(56)).build());
        now += RTT_NANOS;
        emit(Packet.builder().add(EthernetHeader.of(CLIENT_MAC, SERVER_MAC), ipv4(SERVER, CLIENT),
                IcmpHeader.echo(IcmpHeader.V4_ECHO_REPLY, id, 1)).payload(payload(56)).build());
    }

    private void vlanTaggedUdp() {
        now += 500_000;
        emit(Packet.builder().add(EthernetHeader.of(SERVER_MAC, CLIENT_MAC), VlanTag.of(100), ipv4(CLIENT, SERVER),
                UdpHeader.of(5353, 5353)).payload(payload(48)).build());
    }

    private void ipv6Udp() {
        now += 500_000;
        emit(Packet.builder().add(EthernetHeader.of(SERVER_MAC, CLIENT_MAC),
                Ipv6Header.of(Ipv6Address.parse("2001:db8::10"), Ipv6Address.parse("2001:db8::20")),
                UdpHeader.of(33000, 53)).payload(payload(40)).build());
    }

    private void vxlanSyn() {
        now += 500_000;
        Packet inner = Packet.builder().add(EthernetHeader.of(MacAddress.parse("02:00:00:00:02:02"),
                        MacAddress.parse("02:00:00:00:02:01")),
                ipv4(Ipv4Address.parse("172.16.0.1"), Ipv4Address.parse("172.16.0.2")),
                TcpHeader.builder(51000, 80).sequenceNumber(random.nextLong(1L << 32)).flags(TcpHeader.FLAG_SYN)
                        .options(new TcpOption.MaximumSegmentSize(1410)).build()).build();
        emit(Packet.builder().add(EthernetHeader.of(SERVER_MAC, CLIENT_MAC), ipv4(CLIENT, SERVER),
                UdpHeader.of(49999, WellKnownPorts.VXLAN), VxlanHeader.of(5001)).payload(ImmutableBytes.of(inner.encode())).build());
    }

    private Ipv4Header ipv4(Ipv4Address source, Ipv4Address destination) {
        ipId = (ipId + 1) & 0xFFFF;
        return Ipv4Header.builder(source, destination).ttl(64).identification(ipId)
                .flags(Ipv4Header.FLAG_DONT_FRAGMENT).build();
    }

    private ImmutableBytes payload(int length) {
        byte[] b = new byte[length];
        random.nextBytes(b);
        return ImmutableBytes.of(b);
    }

    private void emit(Packet packet) {
        frames.add(new Frame(now, packet.encode()));
    }
}
