package org.sonde.load.userspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.sonde.load.userspace.NetnsRuns.assertEveryConnectionClosed;
import static org.sonde.load.userspace.NetnsRuns.assertEveryRequestServed;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.core.EnvironmentException;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.engine.LoadRun;
import org.sonde.load.userspace.NetnsRuns.Background;
import org.sonde.netio.NetNamespace;
import org.sonde.netio.RawIpSocket;

/**
 * The user-space engine on a real veth link between two network namespaces: against Sonde's
 * user-space server, and against the Linux kernel's TCP (Sonde's kernel-socket server in the
 * other namespace), which accepts only a correct handshake, sequence numbers and checksums.
 */
@Tag("netns")
class UserspaceNetnsTest {
    @Test
    void userspaceClientAndServerCountEveryRequestOnBothSides() throws Exception {
        try (Testbed bed = Testbed.create("uu")) {
            Background server = Background.start(LoadRun.prepare(bed.server("client 10.1.0.1 4\n"), 1));
            // 50 connections of 5 requests 1 ms apart last ~5 ms each: two seconds recycle them many times even on a
            // loaded machine (1,000 at once did not get through their 5 requests within one second at a load of 14)
            LoadResult client = LoadRun.prepare(bed.client(2, "client 10.1.0.1 4\nclient_port_range 20000 23999\ncc 50\ncps 5000\nkeepalive 1ms 5\n"), 1)
                    .run(s -> { });
            LoadResult served = server.stop();

            assertThat(client.requests()).isPositive();
            assertThat(client.responses2xx()).isEqualTo(client.requests());
            assertThat(client.errors()).as(client.errorSummary()).isZero();
            // 5 requests each, then new connections: more were opened than were ever open at once, and no
            // connection carried more than 5 (how many in the second depends on the machine's speed)
            assertThat(client.connectionsOpened()).isGreaterThan(client.maxConcurrent());
            assertThat(client.requests()).isLessThanOrEqualTo(5 * client.connectionsOpened());
            assertThat(client.connectionsClosed()).isEqualTo(client.connectionsOpened());
            assertThat(client.maxConcurrent()).isLessThanOrEqualTo(50);
            assertThat(served.counters().get("httpGet")).isEqualTo(client.requests());
            assertThat(served.connectionsOpened()).isEqualTo(client.connectionsOpened());
            assertThat(served.connectionsClosed()).isEqualTo(client.connectionsOpened());
            assertThat(served.errors()).as(served.errorSummary()).isZero();
            assertThat(client.counters().get("arpTx")).isPositive(); // the gateway was resolved by ARP
        }
    }

    @Test
    void twoWorkersOnEachSideServeEveryConnectionOnTheWorkerThatOwnsIt() throws Exception {
        try (Testbed bed = Testbed.create("uw")) {
            Background server = Background.start(LoadRun.prepare(bed.server("client 10.1.0.1 4\ncpu 0-1\n"), 1));
            LoadResult client = LoadRun.prepare(bed.client(2, "client 10.1.0.1 4\nclient_port_range 20000 23999\ncpu 0-1\ncc 100\ncps 5000\n"
                    + "keepalive 1ms 5\n"), 1).run(s -> { });
            LoadResult served = server.stop();

            assertThat(client.errors()).as(client.errorSummary()).isZero();
            assertThat(served.errors()).as(served.errorSummary()).isZero();
            assertThat(client.perWorker()).hasSize(2);
            assertThat(served.perWorker()).hasSize(2);
            for (int w = 0; w < 2; w++) {
                var c = client.perWorker().get(w);
                var s = served.perWorker().get(w);
                // no frame reached a worker that does not own its connection, on either side
                assertThat(c.get("wrongWorker")).isZero();
                assertThat(s.get("wrongWorker")).isZero();
                assertThat(c.get("skOpen")).as("client worker %d opened connections", w).isPositive();
                // both sides hash alike: server worker w served exactly the connections client worker w opened, and their requests
                assertThat(s.get("skOpen")).as("server worker %d", w).isEqualTo(c.get("skOpen"));
                assertThat(s.get("httpGet")).as("server worker %d", w).isEqualTo(c.get("httpGet"));
                assertThat(c.get("http2XX")).isEqualTo(c.get("httpGet"));
                assertThat(s.get("skClose")).isEqualTo(s.get("skOpen"));
            }
            assertThat(served.counters().get("httpGet")).isEqualTo(client.requests());
            // ARP is the first worker's: only it asked for the gateway
            assertThat(client.perWorker().get(0).get("arpTx")).isPositive();
            assertThat(client.perWorker().get(1).get("arpTx")).isZero();
        }
    }

    @Test
    void theKernelsTcpAcceptsTheUserspaceClient() throws Exception {
        try (Testbed bed = Testbed.create("uk")) {
            Background server = bed.kernelServer("client 10.1.0.1 2\n");
            LoadResult client = LoadRun.prepare(bed.client(1, "protocol http\nclient 10.1.0.1 2\nclient_port_range 30000 30099\n"
                    + "cc 50\ncps 100\nkeepalive 10ms 4\n"), 1).run(s -> { });
            LoadResult served = server.stop();

            // the kernel completed every handshake, parsed every request, and saw every close
            assertEveryRequestServed(client, served);
            assertEveryConnectionClosed(client, served);
        }
    }

    @Test
    void overIpv6TwoWorkersOnEachSideCountEveryRequestOnTheWorkerThatOwnsIt() throws Exception {
        try (Testbed bed = Testbed.create("u6")) {
            Background server = Background.start(LoadRun.prepare(bed.server6("client fd00::1:100 4\ncpu 0-1\n"), 1));
            LoadResult client = LoadRun.prepare(bed.client6(2, "client fd00::1:100 4\nclient_port_range 20000 23999\ncpu 0-1\ncc 50\ncps 5000\n"
                    + "keepalive 1ms 5\n"), 1).run(s -> { });
            LoadResult served = server.stop();

            assertEveryRequestServed(client, served);
            assertThat(client.connectionsClosed()).isEqualTo(client.connectionsOpened());
            for (int w = 0; w < 2; w++) {
                // the fanout's program hashes IPv6 as Java does: every frame reached the worker owning its connection
                assertThat(client.perWorker().get(w).get("wrongWorker")).isZero();
                assertThat(served.perWorker().get(w).get("wrongWorker")).isZero();
                assertThat(client.perWorker().get(w).get("skOpen")).as("client worker %d", w).isPositive();
                assertThat(served.perWorker().get(w).get("skOpen")).isEqualTo(client.perWorker().get(w).get("skOpen"));
            }
            // the gateway was resolved by neighbour solicitation, and the server advertised
            assertThat(client.counters().get("arpTx")).isPositive();
            assertThat(served.counters().get("arpTx")).isPositive();
        }
    }

    @Test
    void theKernelsTcpAcceptsTheUserspaceClientOverIpv6() throws Exception {
        try (Testbed bed = Testbed.create("k6")) {
            // no duplicate address detection: a tentative address cannot be bound
            NetNamespace.ip("-n", bed.pair.namespaceB, "addr", "add", "fd00::1/64", "dev", bed.pair.interfaceB, "nodad");
            Background server = bed.kernelServer("fd00::1", "client fd00::1:100 2\n");
            LoadResult client = LoadRun.prepare(bed.client6(1, "protocol http\nclient fd00::1:100 2\nclient_port_range 30000 30099\n"
                    + "cc 50\ncps 100\nkeepalive 10ms 4\n"), 1).run(s -> { });
            LoadResult served = server.stop();

            // the kernel resolved the client addresses (the engine advertised them), completed every handshake and saw every close
            assertThat(client.counters().get("arpRx")).isPositive();
            assertEveryRequestServed(client, served);
            assertEveryConnectionClosed(client, served);
        }
    }

    /** A Linux VXLAN device vx0 in namespace b (VNI 42, to the engine's endpoint 10.0.0.2) with the inner MAC the engine's 'vxlan' line names. */
    private static void kernelVxlan(Testbed bed) {
        String b = bed.pair.namespaceB;
        NetNamespace.ip("-n", b, "addr", "add", "10.0.0.1/24", "dev", bed.pair.interfaceB);
        NetNamespace.ip("-n", b, "link", "add", "vx0", "type", "vxlan", "id", "42", "remote", "10.0.0.2", "local", "10.0.0.1", "dstport", "4789",
                "dev", bed.pair.interfaceB);
        NetNamespace.ip("-n", b, "link", "set", "vx0", "address", "02:00:00:00:00:02", "up");
    }

    private static final String VXLAN_CLIENT = "vxlan 42 02:00:00:00:00:01 02:00:00:00:00:02 10.0.0.2 1 10.0.0.1 1\nprotocol http\n"
            + "client_port_range 30000 30099\ncc 50\ncps 100\nkeepalive 10ms 4\n";

    private static LoadConfig tunnelClient(Testbed bed, String server, String lines) {
        return Testbed.parse("mode client\nengine userspace\nnetns " + bed.pair.namespaceA + "\nport veth-a 10.0.0.2 10.0.0.1\n"
                + "server " + server + " 1\nlisten 80 1\nduration 1s\nwait 0\nslow_start 0\n" + lines);
    }

    @Test
    void inVxlanTheKernelsTcpBehindALinuxVxlanDeviceAcceptsTheUserspaceClient() throws Exception {
        try (Testbed bed = Testbed.create("vx")) {
            kernelVxlan(bed);
            NetNamespace.ip("-n", bed.pair.namespaceB, "addr", "add", "10.9.0.1/16", "dev", "vx0");
            Background server = bed.kernelServer("10.9.0.1", "client 10.9.1.1 2\n");
            LoadResult client = LoadRun.prepare(tunnelClient(bed, "10.9.0.1", "client 10.9.1.1 2\n" + VXLAN_CLIENT), 1).run(s -> { });
            LoadResult served = server.stop();

            // every connection went through vx0: the kernel behind it completed the handshakes, answered the requests and saw the closes
            assertEveryRequestServed(client, served);
            assertEveryConnectionClosed(client, served);
        }
    }

    @Test
    void inVxlanOverIpv6TheKernelsTcpAcceptsTheUserspaceClientAfterNeighbourDiscoveryInTheTunnel() throws Exception {
        try (Testbed bed = Testbed.create("v6")) {
            kernelVxlan(bed);
            NetNamespace.ip("-n", bed.pair.namespaceB, "addr", "add", "fd09::1/64", "dev", "vx0", "nodad");
            Background server = bed.kernelServer("fd09::1", "client fd09::1:100 2\n");
            LoadResult client = LoadRun.prepare(tunnelClient(bed, "fd09::1", "client fd09::1:100 2\n" + VXLAN_CLIENT), 1).run(s -> { });
            LoadResult served = server.stop();

            assertEveryRequestServed(client, served);
        }
    }

    @Test
    void inVxlanTheUserspaceClientAndServerCountEveryRequest() throws Exception {
        try (Testbed bed = Testbed.create("vu")) {
            Background server = Background.start(LoadRun.prepare(Testbed.parse("mode server\nengine userspace\nnetns " + bed.pair.namespaceB
                    + "\nport veth-b 10.0.0.1 10.0.0.2\nserver 10.9.0.1 1\nlisten 80 1\nduration 1h\nclient 10.9.1.1 2\n"
                    + "vxlan 42 02:00:00:00:00:02 02:00:00:00:00:01 10.0.0.1 1 10.0.0.2 1\n"), 1));
            LoadResult client = LoadRun.prepare(tunnelClient(bed, "10.9.0.1", "client 10.9.1.1 2\n" + VXLAN_CLIENT), 1).run(s -> { });
            LoadResult served = server.stop();

            assertEveryRequestServed(client, served);
            // the client resolved its outer gateway, the server's tunnel endpoint, by ARP, which the server answered
            assertThat(served.counters().get("arpTx")).isPositive();
        }
    }

    @Test
    void theKernelClosingFirstInCpsModeEndsEveryConnectionCleanly() throws Exception {
        try (Testbed bed = Testbed.create("uc")) {
            Background server = bed.kernelServer("");
            // one request per connection asking the server to close: the kernel sends its FIN first
            LoadResult client = LoadRun.prepare(bed.client(1, "protocol http\nclient 10.1.0.1 2\nclient_port_range 40000 40999\ncps 200\n"), 1)
                    .run(s -> { });
            LoadResult served = server.stop();

            assertThat(client.connectionsOpened()).isPositive();
            assertThat(client.requests()).isEqualTo(client.connectionsOpened());
            assertThat(client.responses2xx()).isEqualTo(client.requests());
            assertThat(client.errors()).as(client.errorSummary()).isZero();
            assertThat(served.connectionsOpened()).isEqualTo(client.connectionsOpened());
            assertThat(served.connectionsClosed()).isEqualTo(served.connectionsOpened());
            assertThat(served.counters().get("httpGet")).isEqualTo(client.requests());
        }
    }

    @Test
    void withKniTheKernelAnswersPingAndPortsTheEngineDoesNotServeThroughTheTap() throws Exception {
        try (Testbed bed = Testbed.create("ut")) {
            // the peer is the kernel of namespace a; the engine (a server with 'kni') owns 10.0.0.1 in namespace b
            NetNamespace.ip("-n", bed.pair.namespaceA, "addr", "add", "10.0.0.2/8", "dev", bed.pair.interfaceA);
            Background server = Background.start(LoadRun.prepare(bed.server("client 10.1.0.1 4\nkni\n"), 1));
            assertThat(NetNamespace.ip("-n", bed.pair.namespaceB, "-o", "addr", "show", "dev", "kni-veth-b")).contains("10.0.0.1/32");
            // ping: echo requests from namespace a's kernel, answered by namespace b's kernel behind the TAP
            assertThat(NetNamespace.call(bed.pair.namespaceA, () -> echoReplies(0x0a000002, 0x0a000001, 3))).isEqualTo(3);
            // TCP to a port the engine does not listen on reaches the kernel, which refuses it (its RST comes back through the TAP)
            String refused = NetNamespace.call(bed.pair.namespaceA, () -> {
                try (java.net.Socket s = new java.net.Socket()) {
                    s.connect(new java.net.InetSocketAddress("10.0.0.1", 22), 5000);
                    return "connected";
                } catch (java.io.IOException e) {
                    return e.getMessage();
                }
            });
            assertThat(refused).contains("Connection refused");
            LoadResult served = server.stop();

            // echo requests and the SYN went to the kernel; its ARP request, echo replies and RST came back out
            assertThat(served.counters().get("kniTx")).isGreaterThanOrEqualTo(4);
            assertThat(served.counters().get("kniRx")).isGreaterThanOrEqualTo(4);
            assertThat(served.counters().get("tcpDrop")).isZero(); // the engine itself reset nothing: the port was the kernel's
            // the TAP interface went with the engine
            assertThat(NetNamespace.ip("-n", bed.pair.namespaceB, "-o", "link", "show")).doesNotContain("kni-veth-b");
        }
    }

    /** Sends {@code count} ICMP echo requests from this thread's namespace and counts the replies that come back within 2 s each. */
    private static int echoReplies(int from, int to, int count) {
        int id = (int) (ProcessHandle.current().pid() & 0xffff);
        int replies = 0;
        try (RawIpSocket out = RawIpSocket.open(); RawIpSocket in = RawIpSocket.receiving(1)) {
            for (int seq = 1; seq <= count; seq++) {
                byte[] p = new byte[20 + 8 + 16];
                ByteBuffer b = ByteBuffer.wrap(p);
                b.put((byte) 0x45).put((byte) 0).putShort((short) p.length).putInt(0).put((byte) 64).put((byte) 1).putShort((short) 0)
                        .putInt(from).putInt(to);
                b.put((byte) 8).put((byte) 0).putShort((short) 0).putShort((short) id).putShort((short) seq); // echo request
                int sum = 0;
                for (int i = 20; i < p.length; i += 2) sum += ((p[i] & 0xff) << 8) | (p[i + 1] & 0xff);
                while (sum >> 16 != 0) sum = (sum & 0xffff) + (sum >>> 16);
                b.putShort(22, (short) ~sum);
                out.send(p, p.length);
                byte[] r = new byte[1500];
                long end = System.nanoTime() + 2_000_000_000L;
                while (System.nanoTime() < end) {
                    int n = in.receive(r, 200);
                    ByteBuffer rb = ByteBuffer.wrap(r);
                    int ihl = (r[0] & 0xf) * 4;
                    if (n >= ihl + 8 && rb.getInt(12) == to && r[ihl] == 0 && rb.getShort(ihl + 4) == (short) id && rb.getShort(ihl + 6) == (short) seq) {
                        replies++;
                        break;
                    }
                }
            }
        }
        return replies;
    }

    @Test
    void noAnswerToArpIsAClearEnvironmentError() {
        try (Testbed bed = Testbed.create("na")) {
            assertThatThrownBy(() -> LoadRun.prepare(bed.client(1, "client 10.1.0.1 1\ncc 1\nkeepalive 1ms\n"), 1))
                    .isInstanceOf(EnvironmentException.class).hasMessageContaining("no ARP reply from the gateway 10.0.0.1 on veth-a");
        }
    }

    @Test
    void theNamespacesAreGoneAfterwards() {
        String a;
        try (Testbed bed = Testbed.create("gc")) {
            a = bed.pair.namespaceA;
            assertThat(NetNamespace.list()).contains(a);
        }
        assertThat(NetNamespace.list()).doesNotContain(a);
    }
}
