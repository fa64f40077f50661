package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;
import org.sonde.netio.NetNamespace;
import org.sonde.netio.ProcNetCounters;
import org.sonde.netio.VethPair;
import org.sonde.testkit.Netns;

/**
 * The kernel client's source ports when it binds a source address (dperf's {@code client} line)
 * without explicit ports: connect(2) picks the port by the whole 4-tuple (IP_BIND_ADDRESS_NO_PORT),
 * as a client that binds nothing does. A client namespace with an 8-port ephemeral range runs
 * keepalive connections (the client closes each after its second request, so its ports go to
 * TIME_WAIT) against a server namespace.
 */
@Tag("netns")
class SourcePortsNetnsTest {
    private static final String PREFIX = "sonde-sport";
    private static final int PORTS = 8;

    private record Outcome(LoadResult client, long twRecycled) {}

    private static void sysctl(String netns, String key, String value) {
        NetNamespace.call(netns, () -> {
            try {
                Files.writeString(Path.of("/proc/sys", key.replace('.', '/')), value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return null;
        });
    }

    /** One client run of {@code seconds} against {@code servers} addresses from 10.0.0.1, with the client's {@code tcp_tw_reuse}. */
    private static Outcome run(int servers, int twReuse, int seconds) {
        try (VethPair pair = Netns.testbed("root and iproute2 (ip netns, veth)", () -> {
            VethPair.deleteStale(PREFIX);
            return VethPair.create(PREFIX, "sp");
        })) {
            NetNamespace.ip("-n", pair.namespaceA, "addr", "add", "10.0.0.9/24", "dev", pair.interfaceA);
            for (int i = 1; i <= servers; i++) NetNamespace.ip("-n", pair.namespaceB, "addr", "add", "10.0.0." + i + "/24", "dev", pair.interfaceB);
            sysctl(pair.namespaceA, "net.ipv4.ip_local_port_range", "40000\t" + (40000 + PORTS - 1));
            sysctl(pair.namespaceA, "net.ipv4.tcp_tw_reuse", String.valueOf(twReuse));
            LoadConfig server = ConfigParser.parse(Path.of("server.conf"), "mode server\nserver 10.0.0.1 " + servers + "\nlisten 8080 1\nduration 1h\n"
                    + "payload_size 100\n").config();
            LoadConfig client = ConfigParser.parse(Path.of("client.conf"), "mode client\nserver 10.0.0.1 " + servers + "\nlisten 8080 1\nduration "
                    + seconds + "s\nwait 0\nslow_start 0\ncps 100\nkeepalive 10ms 2\ncc 64\nclient 10.0.0.9 1\npayload_size 100\n").config();
            LoadRun serving = NetNamespace.call(pair.namespaceB, () -> LoadRun.prepare(server, 1));
            Thread serverThread = Thread.ofPlatform().daemon().start(() -> NetNamespace.call(pair.namespaceB, () -> serving.run(s -> { })));
            try {
                Map<String, Long> before = NetNamespace.call(pair.namespaceA, ProcNetCounters::readThisThread);
                LoadResult result = NetNamespace.call(pair.namespaceA, () -> LoadRun.prepare(client, 1).run(s -> { }));
                Map<String, Long> after = NetNamespace.call(pair.namespaceA, ProcNetCounters::readThisThread);
                return new Outcome(result, after.get("TcpExt:TWRecycled") - before.get("TcpExt:TWRecycled"));
            } finally {
                serving.stop();
                serverThread.join(30_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void withoutReuseEachPortServesOneConnectionPerDestinationAndTheRestAreSkipped() {
        Outcome one = run(1, 0, 2);
        assertThat(one.client().errors()).as(one.client().errorSummary()).isZero();
        assertThat(one.client().connectionsOpened()).isEqualTo(PORTS);
        assertThat(one.client().launchesSkipped()).isPositive();
        assertThat(one.twRecycled()).isZero();

        // bind(2) alone would reserve each port for the source address: 8 connections in all
        Outcome two = run(2, 0, 2);
        assertThat(two.client().errors()).as(two.client().errorSummary()).isZero();
        assertThat(two.client().connectionsOpened()).isEqualTo(2 * PORTS);
    }

    @Test
    void tcpTwReuseTakesOverPortsInTimeWait() {
        Outcome reuse = run(1, 1, 3);
        assertThat(reuse.client().errors()).as(reuse.client().errorSummary()).isZero();
        assertThat(reuse.twRecycled()).isPositive();
        assertThat(reuse.client().connectionsOpened()).isGreaterThan(PORTS);
    }
}
