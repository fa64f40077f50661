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
import org.junit.jupiter.api.Test;
import org.sonde.load.config.AddressRange;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.WorkerStats;
import org.sonde.packet.Checksums;
import org.sonde.packet.IpProtocols;
import org.sonde.packet.VxlanHeader;

/**
 * The user-space stacks in a VXLAN tunnel, back to back: every frame is outer IPv4/UDP 4789/VXLAN
 * with the configured VNI and endpoints, its outer IPv4 checksum and its inner TCP checksum
 * computed in full (checked by the packet module), the inner frames with the configured MACs.
 */
class VxlanStacksTest {
    private static final byte[] CLIENT_PORT_MAC = {2, 0, 0, 0, 0, 0x11};
    private static final byte[] SERVER_PORT_MAC = {2, 0, 0, 0, 0, 0x22};
    private static final byte[] CLIENT_INNER_MAC = {2, 0, 0, 0, 0, 1};
    private static final byte[] SERVER_INNER_MAC = {2, 0, 0, 0, 0, 2};
    private static final int CLIENT_VTEP = 0xc0a80002; // 192.168.0.2
    private static final int SERVER_VTEP = 0xc0a80001;
    private static final int VNI = 0x123456;
    private static final int SERVER_IP = 0x0a090001;
    private static final byte[] REQUEST = "GET / HTTP/1.1\r\nHost: dperf\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] RESPONSE = "HTTP/1.1 200 OK\r\nContent-Length: 14\r\n\r\nHello, dperf!\n".getBytes(StandardCharsets.US_ASCII);

    private final ArrayDeque<byte[]> toServer = new ArrayDeque<>();
    private final ArrayDeque<byte[]> toClient = new ArrayDeque<>();
    private final List<byte[]> sent = new ArrayList<>();
    private final WorkerStats clientStats = new WorkerStats();
    private final WorkerStats serverStats = new WorkerStats();
    private final AddressIndex clients = new AddressIndex(List.of(range("10.9.1.1", 2)));

    private static AddressRange range(String first, int n) {
        try {
            return new AddressRange(InetAddress.getByName(first), n);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private FrameOut into(ArrayDeque<byte[]> queue) {
        return (f, len) -> {
            byte[] b = f.asSlice(0, len).toArray(ValueLayout.JAVA_BYTE);
            queue.add(b);
            sent.add(b);
            return true;
        };
    }

    private ClientStack client(byte[] nextHop) {
        Tunnel t = new Tunnel(VNI, CLIENT_VTEP, SERVER_VTEP, SERVER_VTEP, CLIENT_PORT_MAC, nextHop);
        return new ClientStack(new ClientStack.Settings(clients, 1000, 5, SERVER_IP, 80, 2_000_000_000L, true, 0, 2, true, Counter.HTTP_GET, null, t),
                new SocketTable(10), into(toServer), clientStats, CLIENT_INNER_MAC, SERVER_INNER_MAC, REQUEST, 0, 1, Share.ALONE);
    }

    private ServerStack server() {
        Tunnel t = new Tunnel(VNI, SERVER_VTEP, CLIENT_VTEP, CLIENT_VTEP, SERVER_PORT_MAC, null);
        return new ServerStack(new ServerStack.Settings(clients, 1000, 5, SERVER_IP, 80, true, null, t), new SocketTable(10), into(toClient), serverStats,
                SERVER_INNER_MAC, RESPONSE, 0, 2, Share.ALONE);
    }

    private void settle(ClientStack c, ServerStack s) {
        while (!toServer.isEmpty() || !toClient.isEmpty()) {
            byte[] f;
            while ((f = toServer.poll()) != null) s.receive(MemorySegment.ofArray(f), f.length, 0);
            while ((f = toClient.poll()) != null) c.receive(MemorySegment.ofArray(f), f.length, 0);
        }
    }

    private static int u16(byte[] b, int off) {
        return ((b[off] & 0xff) << 8) | (b[off + 1] & 0xff);
    }

    @Test
    void connectionsInTheTunnelCarryTheirRequestsInFullyChecksummedFrames() {
        ClientStack c = client(SERVER_PORT_MAC);
        ServerStack s = server();
        for (int i = 0; i < 10; i++) assertThat(c.launch(0)).isTrue();
        settle(c, s);

        assertThat(clientStats.get(Counter.HTTP_2XX)).isEqualTo(20);
        assertThat(serverStats.get(Counter.HTTP_GET)).isEqualTo(20);
        assertThat(c.open()).isZero();
        assertThat(s.open()).isZero();
        assertThat(clientStats.get(Counter.TCP_DROP) + serverStats.get(Counter.TCP_DROP) + clientStats.get(Counter.SK_ERR)).isZero();
        for (byte[] f : sent) {
            boolean fromClient = Arrays.equals(Arrays.copyOfRange(f, 6, 12), CLIENT_PORT_MAC);
            assertThat(Arrays.copyOf(f, 6)).isEqualTo(fromClient ? SERVER_PORT_MAC : CLIENT_PORT_MAC);
            assertThat(u16(f, 12)).isEqualTo(0x0800);
            assertThat(Checksums.verify(f, 14, 20)).as("outer IPv4 checksum").isTrue();
            assertThat(f[14 + 9]).isEqualTo((byte) IpProtocols.UDP);
            int ipLength = u16(f, 16);
            assertThat(ipLength).isEqualTo(f.length - 14);
            assertThat(u16(f, 34 + 2)).isEqualTo(4789);
            assertThat(u16(f, 34)).isBetween(0xc000, 0xffff);
            assertThat(u16(f, 34 + 4)).isEqualTo(ipLength - 20);
            VxlanHeader v = VxlanHeader.decode(f, 42, 8);
            assertThat(v.vni()).isEqualTo(VNI);
            assertThat(v.flags() & VxlanHeader.FLAG_VNI_VALID).isNotZero();
            // the inner frame: the configured MACs, and a TCP checksum the packet module accepts
            assertThat(Arrays.copyOfRange(f, 50, 56)).isEqualTo(fromClient ? SERVER_INNER_MAC : CLIENT_INNER_MAC);
            assertThat(Arrays.copyOfRange(f, 56, 62)).isEqualTo(fromClient ? CLIENT_INNER_MAC : SERVER_INNER_MAC);
            byte[] inner = Arrays.copyOfRange(f, 50, f.length);
            int innerIpLength = u16(inner, 16);
            assertThat(Checksums.verify(inner, 14, 20)).isTrue();
            assertThat(Checksums.verifyTransport(inner, 14, IpProtocols.TCP, 34, innerIpLength - 20)).isTrue();
        }
    }

    @Test
    void theClientResolvesTheOuterGatewayAndAnswersArpForItsTunnelEndpointOnly() {
        ClientStack c = client(null);
        assertThat(c.nextHopMac()).isNull();
        c.resolveGateway(CLIENT_VTEP, SERVER_VTEP);
        byte[] ask = toServer.poll();
        assertThat(ask).isNotNull();
        assertThat(u16(ask, 12)).as("an outer ARP request, not in the tunnel").isEqualTo(0x0806);
        assertThat(Arrays.copyOfRange(ask, 6, 12)).isEqualTo(CLIENT_PORT_MAC);

        MemorySegment f = MemorySegment.ofArray(new byte[64]);
        int n = Frames.arp(f, 2, CLIENT_PORT_MAC, SERVER_PORT_MAC, SERVER_VTEP, CLIENT_PORT_MAC, CLIENT_VTEP);
        c.receive(f, n, 0);
        assertThat(c.nextHopMac()).isEqualTo(SERVER_PORT_MAC);
        // the inner gateway stays the configured MAC
        assertThat(c.gatewayMac()).isEqualTo(SERVER_INNER_MAC);

        n = Frames.arp(f, 1, Frames.BROADCAST, SERVER_PORT_MAC, SERVER_VTEP, Frames.ZERO_MAC, CLIENT_VTEP);
        c.receive(f, n, 0);
        byte[] reply = toServer.poll();
        assertThat(reply).isNotNull();
        MemorySegment r = MemorySegment.ofArray(reply);
        assertThat(Frames.arpOper(r)).isEqualTo(2);
        assertThat(Frames.arpSenderMac(r)).isEqualTo(CLIENT_PORT_MAC);
        assertThat(Frames.arpSenderIp(r)).isEqualTo(CLIENT_VTEP);
        // a request for a client address on the outer network is not the tunnel endpoint's: unanswered
        n = Frames.arp(f, 1, Frames.BROADCAST, SERVER_PORT_MAC, SERVER_VTEP, Frames.ZERO_MAC, 0x0a090101);
        c.receive(f, n, 0);
        assertThat(toServer).isEmpty();
    }

    @Test
    void framesOfAnotherVniOrEndpointAreNotTaken() {
        ClientStack c = client(SERVER_PORT_MAC);
        ServerStack s = server();
        assertThat(c.launch(0)).isTrue();
        byte[] syn = toServer.poll();
        byte[] otherVni = syn.clone();
        otherVni[42 + 6] ^= 1;
        byte[] otherEndpoint = syn.clone();
        otherEndpoint[14 + 19] ^= 1;
        otherEndpoint[14 + 10] = 0; // keep the checksum right: only the endpoint differs
        otherEndpoint[14 + 11] = 0;
        int sum = Checksums.internetChecksum(otherEndpoint, 14, 20);
        otherEndpoint[14 + 10] = (byte) (sum >>> 8);
        otherEndpoint[14 + 11] = (byte) sum;
        assertThat(Checksums.verify(otherEndpoint, 14, 20)).isTrue();
        s.receive(MemorySegment.ofArray(otherVni), otherVni.length, 0);
        s.receive(MemorySegment.ofArray(otherEndpoint), otherEndpoint.length, 0);
        assertThat(s.open()).isZero();
        assertThat(toClient).isEmpty();
        s.receive(MemorySegment.ofArray(syn), syn.length, 0);
        assertThat(s.open()).isEqualTo(1);
        assertThat(toClient).hasSize(1);
    }
}
