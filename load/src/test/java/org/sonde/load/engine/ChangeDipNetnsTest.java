package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;
import org.sonde.netio.NetNamespace;
import org.sonde.netio.VethPair;
import org.sonde.testkit.Netns;

/**
 * dperf's {@code change_dip} on the kernel engine's UDP flood: a client in one namespace floods a
 * pool of addresses of another namespace, where a socket bound to each address counts what reaches it.
 */
@Tag("netns")
class ChangeDipNetnsTest {
    private static final String PREFIX = "sonde-dip";
    private static final int PORT = 9000;

    /** A datagram socket bound to {@code address}:PORT in the calling thread's namespace. */
    private static DatagramChannel bound(String address) {
        try {
            return DatagramChannel.open().bind(new InetSocketAddress(address, PORT));
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot bind " + address + ":" + PORT, e);
        }
    }

    @Test
    void theFloodsDatagramsReachEveryAddressOfThePoolInTurn() throws Exception {
        try (VethPair pair = Netns.testbed("root and iproute2 (ip netns, veth)", () -> {
            VethPair.deleteStale(PREFIX);
            return VethPair.create(PREFIX, "fl");
        })) {
            NetNamespace.ip("-n", pair.namespaceA, "addr", "add", "10.0.0.2/24", "dev", pair.interfaceA);
            // the pool: 10.0.0.1, 10.0.0.3, 10.0.0.5 (step 2), and 10.0.0.7 outside it
            String[] addresses = {"10.0.0.1", "10.0.0.3", "10.0.0.5", "10.0.0.7"};
            for (String a : addresses) NetNamespace.ip("-n", pair.namespaceB, "addr", "add", a + "/24", "dev", pair.interfaceB);
            List<DatagramChannel> sockets = new ArrayList<>();
            for (String a : addresses) sockets.add(NetNamespace.call(pair.namespaceB, () -> bound(a)));
            AtomicLongArray received = new AtomicLongArray(addresses.length);
            List<Thread> readers = new ArrayList<>();
            for (int i = 0; i < addresses.length; i++) {
                int k = i;
                readers.add(Thread.ofPlatform().daemon().start(() -> {
                    ByteBuffer b = ByteBuffer.allocate(2048);
                    try {
                        while (true) {
                            b.clear();
                            sockets.get(k).receive(b);
                            received.incrementAndGet(k);
                        }
                    } catch (java.io.IOException e) {
                        // closed: the test is over
                    }
                }));
            }
            LoadConfig flood = ConfigParser.parse(Path.of("flood.conf"), "mode client\nprotocol udp\nflood\nserver 10.0.0.9 1\nlisten " + PORT + " 1\n"
                    + "change_dip 10.0.0.1 2 3\ncps 300\nduration 1s\nwait 0\nslow_start 0\nclient 10.0.0.2 1\nclient_port_range 20000 20999\n").config();
            // the worker threads are started inside namespace a, and stay there
            LoadResult client = NetNamespace.call(pair.namespaceA, () -> LoadRun.prepare(flood, 1).run(s -> { }));
            long sent = client.counters().get("udpTx");
            // the last datagrams may still be on their way: wait until every sent one is counted, or 5 s
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (received.get(0) + received.get(1) + received.get(2) + received.get(3) < sent && System.nanoTime() < deadline) Thread.sleep(1);
            for (DatagramChannel s : sockets) s.close();
            for (Thread t : readers) t.join(5000);

            assertThat(sent).isPositive();
            assertThat(client.errors()).as(client.errorSummary()).isZero();
            long total = 0;
            for (int i = 0; i < 3; i++) {
                // one worker takes the pool in turn: the counts differ by one at most
                assertThat(received.get(i)).as(addresses[i]).isBetween(sent / 3, sent / 3 + 1);
                total += received.get(i);
            }
            assertThat(total).isEqualTo(sent);
            // neither the 'server' address nor an address outside the pool got anything
            assertThat(received.get(3)).isZero();
        }
    }
}
