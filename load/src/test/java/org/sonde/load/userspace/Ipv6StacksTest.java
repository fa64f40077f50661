package org.sonde.load.userspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.sonde.load.config.AddressRange;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.WorkerStats;
import org.sonde.packet.Checksums;
import org.sonde.packet.IpProtocols;

/**
 * The user-space stacks over IPv6, wired back to back: TCP with the IPv6 pseudo-header checksum
 * (checked by the packet module's independent code), neighbour solicitations answered with
 * advertisements, and the client resolving its gateway by solicitation.
 */
class Ipv6StacksTest {
    private static final byte[] CLIENT_MAC = {2, 0, 0, 0, 0, 1};
    private static final byte[] SERVER_MAC = {2, 0, 0, 0, 0, 2};
    private static final InetAddress SERVER = address("fd00::1");
    private static final InetAddress FIRST_CLIENT = address("fd00::1:100");
    private static final byte[] REQUEST = "GET / HTTP/1.1\r\nHost: dperf\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] RESPONSE = "HTTP/1.1 200 OK\r\nContent-Length: 14\r\n\r\nHello, dperf!\n".getBytes(StandardCharsets.US_ASCII);

    private static InetAddress address(String s) {
        try {
            return InetAddress.getByName(s);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the packet module finds the frame's TCP or ICMPv6 checksum right. */
    private static boolean packetModuleAgrees(byte[] frame) {
        int next = frame[14 + 6] & 0xff;
        int l4Length = ((frame[14 + 4] & 0xff) << 8) | (frame[14 + 5] & 0xff);
        return Checksums.verifyTransport(frame, 14, next, 54, l4Length);
    }

    private final ArrayDeque<byte[]> toServer = new ArrayDeque<>();
    private final ArrayDeque<byte[]> toClient = new ArrayDeque<>();
    private final List<byte[]> sent = new ArrayList<>();
    private final WorkerStats clientStats = new WorkerStats();
    private final WorkerStats serverStats = new WorkerStats();
    private final AddressIndex clients = new AddressIndex(List.of(new AddressRange(FIRST_CLIENT, 4)));
    private final byte[] clientHigh = Prefixes.high(FIRST_CLIENT);
    private final byte[] serverHigh = Prefixes.high(SERVER);

    private FrameOut into(ArrayDeque<byte[]> queue) {
        return (f, len) -> {
            byte[] b = f.asSlice(0, len).toArray(ValueLayout.JAVA_BYTE);
            queue.add(b);
            sent.add(b);
            return true;
        };
    }

    private ClientStack client(byte[] gatewayMac) {
        return new ClientStack(new ClientStack.Settings(clients, 1000, 10, Prefixes.low(SERVER), 80, 2_000_000_000L, true, 0, 3, true,
                Counter.HTTP_GET, new Prefixes(clientHigh, serverHigh)), new SocketTable(40), into(toServer), clientStats, CLIENT_MAC, gatewayMac,
                REQUEST, 0, 1, Share.ALONE);
    }

    private ServerStack server() {
        return new ServerStack(new ServerStack.Settings(clients, 1000, 10, Prefixes.low(SERVER), 80, true, new Prefixes(serverHigh, clientHigh)),
                new SocketTable(40), into(toClient), serverStats, SERVER_MAC, RESPONSE, 0, 2, Share.ALONE);
    }

    private void settle(ClientStack c, ServerStack s) {
        while (!toServer.isEmpty() || !toClient.isEmpty()) {
            byte[] f;
            while ((f = toServer.poll()) != null) s.receive(MemorySegment.ofArray(f), f.length, 0);
            while ((f = toClient.poll()) != null) c.receive(MemorySegment.ofArray(f), f.length, 0);
        }
    }

    @Test
    void connectionsOverIpv6CarryTheirRequestsWithChecksumsThePacketModuleAccepts() {
        ClientStack c = client(SERVER_MAC);
        ServerStack s = server();
        for (int i = 0; i < 40; i++) assertThat(c.launch(0)).isTrue();
        settle(c, s);

        assertThat(clientStats.get(Counter.SK_OPEN)).isEqualTo(40);
        assertThat(clientStats.get(Counter.HTTP_2XX)).isEqualTo(120);
        assertThat(serverStats.get(Counter.HTTP_GET)).isEqualTo(120);
        assertThat(c.open()).isZero();
        assertThat(s.open()).isZero();
        assertThat(clientStats.get(Counter.TCP_DROP) + serverStats.get(Counter.TCP_DROP) + clientStats.get(Counter.SK_ERR)).isZero();
        assertThat(sent).isNotEmpty();
        for (byte[] f : sent) {
            MemorySegment m = MemorySegment.ofArray(f);
            assertThat(Frames.isV6(m)).isTrue();
            assertThat(Frames.isTcp(m, f.length)).isTrue();
            assertThat(f[14 + 7] & 0xff).as("hop limit").isEqualTo(64);
            assertThat(Frames.tcpChecksumOk(m)).isTrue();
            assertThat(packetModuleAgrees(f)).isTrue();
            // the addresses are the configured ones, prefix and all
            byte[] src = Arrays.copyOfRange(f, 22, 38);
            byte[] dst = Arrays.copyOfRange(f, 38, 54);
            boolean fromClient = Arrays.equals(dst, SERVER.getAddress());
            assertThat(fromClient ? Arrays.copyOf(src, 12) : src).isEqualTo(fromClient ? clientHigh : SERVER.getAddress());
        }
        // a SYN carries IPv6's MSS, 20 bytes below IPv4's
        byte[] syn = sent.getFirst();
        assertThat(Frames.flags(MemorySegment.ofArray(syn))).isEqualTo(Frames.SYN);
        assertThat(((syn[54 + 22] & 0xff) << 8) | (syn[54 + 23] & 0xff)).isEqualTo(1440);
    }

    @Test
    void theClientResolvesItsGatewayByNeighbourSolicitationAndTheServerAdvertises() {
        ClientStack c = client(null);
        ServerStack s = server();
        byte[] own = address("fd00::2").getAddress();
        c.resolveGateway6(own, SERVER.getAddress());
        byte[] ns = toServer.peek();
        assertThat(ns).isNotNull();
        MemorySegment m = MemorySegment.ofArray(ns);
        assertThat(Frames.isNeighbor(m, ns.length)).isTrue();
        assertThat(packetModuleAgrees(ns)).isTrue();
        // to the target's solicited-node group ff02::1:ff00:1, and its MAC 33:33:ff:00:00:01
        assertThat(Arrays.copyOf(ns, 6)).containsExactly(0x33, 0x33, 0xff, 0, 0, 1);
        assertThat(Arrays.copyOfRange(ns, 38, 54)).isEqualTo(address("ff02::1:ff00:1").getAddress());
        assertThat(Arrays.copyOfRange(ns, 22, 38)).isEqualTo(own);
        assertThat(Frames.neighborTarget(m)).isEqualTo(SERVER.getAddress());
        assertThat(Frames.neighborMac(m)).isEqualTo(CLIENT_MAC);

        settle(c, s);
        assertThat(c.gatewayMac()).isEqualTo(SERVER_MAC);
        assertThat(serverStats.get(Counter.ARP_RX)).isEqualTo(1);
        assertThat(serverStats.get(Counter.ARP_TX)).isEqualTo(1);
        byte[] na = sent.get(1);
        MemorySegment a = MemorySegment.ofArray(na);
        assertThat(Frames.neighborType(a)).isEqualTo(Frames.NEIGHBOR_ADVERTISEMENT);
        assertThat(packetModuleAgrees(na)).isTrue();
        assertThat(na[14 + 7] & 0xff).as("hop limit").isEqualTo(255);
        assertThat(na[54 + 4] & 0xff).as("solicited and override").isEqualTo(0x60);
        assertThat(Arrays.copyOf(na, 6)).isEqualTo(CLIENT_MAC);
        assertThat(Arrays.copyOfRange(na, 22, 38)).isEqualTo(SERVER.getAddress());
        assertThat(Arrays.copyOfRange(na, 38, 54)).isEqualTo(own);
        assertThat(Frames.neighborMac(a)).isEqualTo(SERVER_MAC);
    }

    @Test
    void solicitationsForOtherAddressesAndIpv4FramesAreTheKernels() {
        ClientStack c = client(SERVER_MAC);
        List<byte[]> kernel = new ArrayList<>();
        c.handToKernel((f, len) -> kernel.add(f.asSlice(0, len).toArray(ValueLayout.JAVA_BYTE)));
        MemorySegment f = MemorySegment.ofArray(new byte[128]);
        // a solicitation for fd00::1:200, no client address (they are fd00::1:100-103)
        int n = Frames.neighborSolicitation(f, SERVER_MAC, serverHigh, Prefixes.low(SERVER), clientHigh, 0x0001_0200);
        c.receive(f, n, 0);
        // one for a client address is answered
        n = Frames.neighborSolicitation(f, SERVER_MAC, serverHigh, Prefixes.low(SERVER), clientHigh, 0x0001_0102);
        c.receive(f, n, 0);
        // IPv4 TCP to the same low 32 bits is not the IPv6 side's
        n = Frames.tcp(f, CLIENT_MAC, SERVER_MAC, Prefixes.low(SERVER), 0x0001_0100, 80, 1000, 1, 1, Frames.ACK, 0, 0);
        c.receive(f, n, 0);
        // and an ARP request for it is not answered either
        n = Frames.arp(f, 1, Frames.BROADCAST, SERVER_MAC, Prefixes.low(SERVER), Frames.ZERO_MAC, 0x0001_0100);
        c.receive(f, n, 0);

        assertThat(kernel).hasSize(3);
        assertThat(toServer).hasSize(1);
        MemorySegment na = MemorySegment.ofArray(toServer.peek());
        assertThat(Frames.neighborTarget(na)).isEqualTo(address("fd00::1:102").getAddress());
        assertThat(clientStats.get(Counter.TCP_DROP)).isZero();
    }

    @Test
    void withNeighIgnoreOnlySolicitationsForThePortAddressAreAnsweredEvenOutsideTheClientsPrefix() {
        ClientStack c = client(SERVER_MAC);
        byte[] port = address("fd00:aa::2").getAddress(); // the 'port' line's address: not in the clients' /96
        c.portAddress(port);
        c.answerOnlyForPort();
        List<byte[]> kernel = new ArrayList<>();
        c.handToKernel((f, len) -> kernel.add(f.asSlice(0, len).toArray(ValueLayout.JAVA_BYTE)));
        MemorySegment f = MemorySegment.ofArray(new byte[128]);
        // a client address, answered without neigh_ignore (above): now the kernel's
        int n = Frames.neighborSolicitation(f, SERVER_MAC, serverHigh, Prefixes.low(SERVER), clientHigh, 0x0001_0102);
        c.receive(f, n, 0);
        assertThat(toServer).isEmpty();
        assertThat(kernel).hasSize(1);
        // the port's address is answered, its whole 128 bits in the advertisement
        n = Frames.neighborSolicitation(f, SERVER_MAC, serverHigh, Prefixes.low(SERVER), Arrays.copyOf(port, 12), Prefixes.low(port));
        c.receive(f, n, 0);
        assertThat(toServer).hasSize(1);
        byte[] na = toServer.poll();
        MemorySegment a = MemorySegment.ofArray(na);
        assertThat(Frames.neighborType(a)).isEqualTo(Frames.NEIGHBOR_ADVERTISEMENT);
        assertThat(Frames.neighborTarget(a)).isEqualTo(port);
        assertThat(Arrays.copyOfRange(na, 22, 38)).as("the advertisement's source").isEqualTo(port);
        assertThat(Frames.neighborMac(a)).isEqualTo(CLIENT_MAC);
        assertThat(packetModuleAgrees(na)).isTrue();
        assertThat(kernel).hasSize(1);
    }

    @Test
    void aSolicitationWithABadChecksumIsNotAnswered() {
        ServerStack s = server();
        MemorySegment f = MemorySegment.ofArray(new byte[128]);
        int n = Frames.neighborSolicitation(f, CLIENT_MAC, clientHigh, 0x0001_0100, serverHigh, Prefixes.low(SERVER));
        f.set(ValueLayout.JAVA_BYTE, 54 + 2, (byte) (f.get(ValueLayout.JAVA_BYTE, 54 + 2) ^ 1));
        s.receive(f, n, 0);
        assertThat(toClient).isEmpty();
        assertThat(serverStats.get(Counter.ARP_TX)).isZero();
    }

    @Test
    void aSegmentFromOutsideTheClientsPrefixIsDropped() {
        ServerStack s = server();
        MemorySegment f = MemorySegment.ofArray(new byte[128]);
        byte[] other = clientHigh.clone();
        other[11] ^= 1;
        int n = Frames.tcp(f, SERVER_MAC, CLIENT_MAC, 0x0001_0100, Prefixes.low(SERVER), other, serverHigh, 1000, 80, 5, 0, Frames.SYN, 0, 0, Frames.MSS6);
        s.receive(f, n, 0);
        assertThat(s.open()).isZero();
        assertThat(serverStats.get(Counter.TCP_DROP)).isEqualTo(1);
    }

    @Property(tries = 200)
    void anIpv6SegmentReadsBackAsWrittenAndItsChecksumIsRight(@ForAll @Size(12) byte[] srcHigh, @ForAll @Size(12) byte[] dstHigh, @ForAll int src,
                                                              @ForAll int dst, @ForAll @IntRange(max = 65535) int srcPort,
                                                              @ForAll @IntRange(max = 65535) int dstPort, @ForAll int seq, @ForAll int ack,
                                                              @ForAll @IntRange(max = 0x3f) int flags, @ForAll @IntRange(max = 1440) int payload,
                                                              @ForAll @IntRange(max = 255) int tclass) {
        MemorySegment f = MemorySegment.ofArray(new byte[Stack.FRAME_BYTES]);
        boolean syn = (flags & Frames.SYN) != 0;
        for (int i = 0; i < payload; i++) f.set(ValueLayout.JAVA_BYTE, Frames.payloadOffset(syn, true) + i, (byte) (i * 31 + seq));
        int n = Frames.tcp(f, SERVER_MAC, CLIENT_MAC, src, dst, srcHigh, dstHigh, srcPort, dstPort, seq, ack, flags, payload, tclass, Frames.MSS6);
        byte[] b = f.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE);

        assertThat(Frames.isTcp(f, n)).isTrue();
        assertThat(Frames.srcIp(f)).isEqualTo(src);
        assertThat(Frames.dstIp(f)).isEqualTo(dst);
        assertThat(Frames.srcHigh(f, srcHigh)).isTrue();
        assertThat(Frames.dstHigh(f, dstHigh)).isTrue();
        assertThat(Frames.srcPort(f)).isEqualTo(srcPort);
        assertThat(Frames.dstPort(f)).isEqualTo(dstPort);
        assertThat(Frames.seq(f)).isEqualTo(seq);
        assertThat(Frames.ack(f)).isEqualTo(ack);
        assertThat(Frames.flags(f)).isEqualTo(flags);
        assertThat(Frames.payloadLength(f)).isEqualTo(payload);
        assertThat(Frames.payloadStart(f)).isEqualTo(Frames.payloadOffset(syn, true));
        assertThat(((b[14] & 0x0f) << 4) | ((b[15] & 0xf0) >>> 4)).as("traffic class").isEqualTo(tclass);
        assertThat(n).isEqualTo(Math.max(60, 14 + 40 + 20 + (syn ? 4 : 0) + payload));
        assertThat(Frames.tcpChecksumOk(f)).isTrue();
        assertThat(Checksums.verifyTransport(b, 14, IpProtocols.TCP, 54, n - 54)).isTrue();
    }
}
