package org.sonde.load.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.engine.LoadRun;
import org.sonde.load.stats.Counter;
import org.sonde.netio.NetNamespace;
import org.sonde.testkit.Netns;

/**
 * Sonde's kernel-socket client through the nftables load balancer to Sonde's servers, each in
 * its own namespace: connections complete and are spread over every server (counted by each
 * server and by the balancer), and past the balancer's session limit the failures land in the
 * right class (dropped: skLost; reset: skRefused).
 */
@Tag("netns")
class LbTestbedNetnsTest {
    private static final String PREFIX = "sonde-lbt";

    /** The testbed with Sonde's server running in every server namespace. */
    private record Bed(LbTestbed lb, List<LoadRun> servers, List<CompletableFuture<LoadResult>> results) implements AutoCloseable {
        static Bed start(LbSpec spec) {
            return start(spec, "");
        }

        /** With {@code serverLines} added to every server's configuration (e.g. protocol udp). */
        static Bed start(LbSpec spec, String serverLines) {
            LbTestbed lb = Netns.testbed("root, iproute2 and nftables", () -> LbTestbed.create(spec, false));
            Bed bed = new Bed(lb, new ArrayList<>(), new ArrayList<>());
            try {
                for (int i = 1; i <= spec.servers(); i++) {
                    LoadConfig c = parse("mode server\nserver " + lb.serverAddress(i) + " 1\nlisten " + spec.port() + " 1\nduration 1h\n" + serverLines);
                    // the listening socket is made inside the server's namespace; serving then works from any thread
                    LoadRun run = NetNamespace.call(lb.serverNamespace(i), () -> LoadRun.prepare(c, 1));
                    CompletableFuture<LoadResult> r = new CompletableFuture<>();
                    Thread.ofPlatform().daemon().name("lb-server-" + i).start(() -> {
                        try {
                            r.complete(run.run(s -> { }));
                        } catch (Throwable e) {
                            r.completeExceptionally(e);
                        }
                    });
                    bed.servers.add(run);
                    bed.results.add(r);
                }
            } catch (RuntimeException e) {
                bed.close();
                throw e;
            }
            return bed;
        }

        /** A client run from the client's namespace (its worker threads start there, so their sockets live there). */
        LoadResult client(String lines) {
            return client(lines, s -> { });
        }

        LoadResult client(String lines, LoadRun.Listener listener) {
            LoadConfig c = parse("mode client\nserver " + lb.virtualAddress() + " 1\nlisten 80 1\nclient " + lb.firstClientAddress() + " "
                    + lb.clientAddressCount() + "\nwait 0\nslow_start 0\n" + lines);
            return NetNamespace.call(lb.clientNamespace(), () -> LoadRun.prepare(c, 1).run(listener));
        }

        /** Stops the servers; what each counted, in server order. */
        List<LoadResult> served() throws Exception {
            List<LoadResult> out = new ArrayList<>();
            for (int i = 0; i < servers.size(); i++) {
                servers.get(i).stop();
                out.add(results.get(i).get(30, TimeUnit.SECONDS));
            }
            return out;
        }

        @Override
        public void close() {
            servers.forEach(LoadRun::stop);
            lb.close();
        }
    }

    /** Each second's opens, concurrent, failures and losses: what a failed assertion shows. */
    private static String timeline(LoadResult r) {
        StringBuilder b = new StringBuilder("second phase skOpen skCon skErr skLost:");
        for (var s : r.perSecond()) {
            b.append(String.format(" [%d %s %d %d %d %d]", s.seconds(), s.phase(), s.get(Counter.SK_OPEN), s.skCon(), s.get(Counter.SK_ERR),
                    s.get(Counter.SK_LOST)));
        }
        return b.toString();
    }

    private static LoadConfig parse(String text) {
        return ConfigParser.parse(Path.of("lb-test.conf"), text).config();
    }

    @Test
    void connectionsThroughTheBalancerCompleteAndRoundRobinSpreadsThemEvenlyOverEveryServer() throws Exception {
        try (Bed bed = Bed.start(new LbSpec(PREFIX, 3, Balance.ROUND_ROBIN, 80, 0, OverLimit.DROP))) {
            LoadResult client = bed.client("protocol http\ncps 100\nduration 2s\n");
            LbStatus lb = bed.lb().status();
            List<LoadResult> served = bed.served();

            assertThat(client.connectionsOpened()).isPositive();
            assertThat(client.errors()).as(client.errorSummary()).isZero();
            assertThat(client.responses2xx()).isEqualTo(client.requests()).isEqualTo(client.connectionsOpened());
            long total = 0;
            for (int i = 0; i < 3; i++) {
                LoadResult s = served.get(i);
                assertThat(s.errors()).as(s.errorSummary()).isZero();
                // the balancer's count for a backend is the connections that server accepted
                assertThat(lb.backends().get(i).connections()).as("server %d", i + 1).isEqualTo(s.connectionsOpened());
                total += s.connectionsOpened();
            }
            assertThat(total).isEqualTo(client.connectionsOpened()).isEqualTo(lb.connections());
            // numgen inc: each server in turn, so no two differ by more than one connection
            long min = served.stream().mapToLong(LoadResult::connectionsOpened).min().orElseThrow();
            long max = served.stream().mapToLong(LoadResult::connectionsOpened).max().orElseThrow();
            assertThat(min).isPositive();
            assertThat(max - min).isLessThanOrEqualTo(1);
            assertThat(lb.sessionLimit()).isNull();
            assertThat(lb.virtualAddress()).isEqualTo("10.71.0.1:80");
        }
    }

    @Test
    void pastADroppingSessionLimitTheExtraConnectionsAreLostAndTheHeldOnesServed() throws Exception {
        try (Bed bed = Bed.start(new LbSpec(PREFIX, 2, Balance.RANDOM, 80, 10, OverLimit.DROP))) {
            // the kernel gives a handshake up after one resent SYN (SYNs at 0 and 1 s, ETIMEDOUT at 3 s) instead of six (127 s)
            bed.lb().testbed().exec("client", "sysctl", "-q", "-w", "net.ipv4.tcp_syn_retries=1");
            // the balancer's count while the table is full: the first 20 launched in the first second and the ten past the
            // limit resent their SYNs a second later; in the drain the held ones close and the last relaunches may get in
            AtomicReference<LbStatus> held = new AtomicReference<>();
            LoadResult client = bed.client("protocol http\ncc 20\nkeepalive 500ms\nduration 5s\n", s -> {
                if (s.seconds() == 3) held.set(bed.lb().status());
            });
            LbStatus lb = bed.lb().status();
            List<LoadResult> served = bed.served();

            assertThat(held.get()).isNotNull();
            assertThat(held.get().connections()).as(timeline(client)).isEqualTo(10);
            assertThat(held.get().sessionLimit().packetsRefused()).isGreaterThanOrEqualTo(20); // ten SYNs, each resent once
            assertThat(served.stream().mapToLong(LoadResult::connectionsOpened).sum()).isEqualTo(lb.connections());
            // the ten past the limit (and their relaunches) never got an answer to their SYNs: lost, nothing else
            assertThat(client.socketErrors()).isGreaterThanOrEqualTo(10);
            assertThat(client.counters().get("skLost")).isEqualTo(client.socketErrors());
            assertThat(client.counters().get("skRefused") + client.counters().get("skReset") + client.counters().get("skTimeout")
                    + client.counters().get("skEof")).isZero();
            assertThat(client.responses2xx()).isPositive().isEqualTo(client.requests());
        }
    }

    @Test
    void pastAResettingSessionLimitTheExtraConnectionsAreRefused() throws Exception {
        try (Bed bed = Bed.start(new LbSpec(PREFIX, 2, Balance.RANDOM, 80, 5, OverLimit.RESET))) {
            LoadResult client = bed.client("protocol http\ncc 10\ncps 200\nkeepalive 500ms\nduration 2s\n");
            LbStatus lb = bed.lb().status();
            List<LoadResult> served = bed.served();

            assertThat(served.stream().mapToLong(LoadResult::connectionsOpened).sum()).isEqualTo(5).isEqualTo(lb.connections());
            assertThat(client.socketErrors()).isPositive();
            // every refused SYN was one reset by the balancer, and one refused connection at the client
            assertThat(client.counters().get("skRefused")).isEqualTo(client.socketErrors()).isEqualTo(lb.sessionLimit().packetsRefused());
            assertThat(client.counters().get("skLost") + client.counters().get("skReset") + client.counters().get("skTimeout")).isZero();
        }
    }

    @Test
    void aUdpFloodMakesOneBalancedFlowPerDatagram() throws Exception {
        try (Bed bed = Bed.start(new LbSpec(PREFIX, 2, Balance.ROUND_ROBIN, 80, 0, OverLimit.DROP), "protocol udp\n")) {
            // explicit source ports, taken in turn: every datagram is a new 5-tuple, so a new conntrack entry and DNAT decision
            LoadResult client = bed.client("protocol udp\nflood\ncps 200\nduration 2s\nclient_port_range 20000 20999\n");
            LbStatus lb = bed.lb().status();
            List<LoadResult> served = bed.served();

            long sent = client.counters().get("udpTx");
            assertThat(sent).isPositive().isEqualTo(client.connectionsOpened());
            assertThat(client.errors()).as(client.errorSummary()).isZero();
            assertThat(lb.connections()).isEqualTo(sent);
            assertThat(lb.backends().get(1).connections() - lb.backends().get(0).connections()).isBetween(-1L, 1L);
            assertThat(lb.conntrackEntries()).isGreaterThanOrEqualTo(sent); // UDP entries stay 30 s unreplied, 120 s answered
            for (int i = 0; i < 2; i++) assertThat(served.get(i).counters().get("udpRx")).isEqualTo(lb.backends().get(i).connections());
        }
    }

    @Test
    void theNamespacesAreGoneAfterwards() {
        List<String> mine;
        try (LbTestbed lb = Netns.testbed("root, iproute2 and nftables", () -> LbTestbed.create(new LbSpec(PREFIX, 2, Balance.RANDOM, 80, 0,
                OverLimit.DROP), false))) {
            mine = List.of(lb.clientNamespace(), lb.balancerNamespace(), lb.serverNamespace(1), lb.serverNamespace(2));
            assertThat(NetNamespace.list()).containsAll(mine);
        }
        assertThat(NetNamespace.list()).doesNotContainAnyElementsOf(mine);
    }
}
