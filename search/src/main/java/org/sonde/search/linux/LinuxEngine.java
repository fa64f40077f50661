package org.sonde.search.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.sonde.core.EnvironmentException;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.engine.LoadRun;
import org.sonde.netio.NetNamespace;
import org.sonde.netio.ProcNetCounters;
import org.sonde.netio.Testbed;
import org.sonde.search.tcp.TcpDimension;
import org.sonde.search.tcp.TcpPoint;

/**
 * The Linux target's workload engine: two network namespaces joined by a veth pair, a client
 * ({@code 10.77.0.1}, and source addresses {@code 10.77.0.11} on) and a server ({@code 10.77.0.2}),
 * built afresh for each experiment, so that no socket of an earlier one (a client's TIME_WAIT
 * holding a source port, a connection still closing) changes what this one measures: an anomaly
 * is the point's own, and its trigger reproduces alone. An experiment applies the point's host settings (the server's
 * {@code net.core.somaxconn} and {@code net.ipv4.tcp_syncookies}, the client's
 * {@code net.ipv4.ip_local_port_range} and {@code net.ipv4.tcp_tw_reuse}), starts the load
 * module's kernel-socket server in the server's namespace (answering with the point's response
 * size) and runs its open-loop client in the client's for the target's experiment seconds
 * (then the client's drain), and returns the client's rates and latencies with the growth of both
 * namespaces' kernel counters ({@link ProcNetCounters}). Nothing is staged: whatever the counters
 * show is what the kernel did.
 */
final class LinuxEngine {
    static final String CLIENT_ADDRESS = "10.77.0.1";
    static final String SERVER_ADDRESS = "10.77.0.2";
    /** The first of the client's source addresses (as many as the space's largest spread). */
    static final int FIRST_SOURCE = 11;
    private static final int PORT = 8080;
    private static final List<String> SERVER_KERNEL = List.of("TcpExt:ListenOverflows", "TcpExt:ListenDrops", "TcpExt:TCPBacklogDrop",
            "TcpExt:TCPReqQFullDrop", "TcpExt:TCPReqQFullDoCookies", "TcpExt:SyncookiesSent", "TcpExt:TW", "Tcp:RetransSegs", "Tcp:OutRsts");
    private static final List<String> CLIENT_KERNEL = List.of("TcpExt:TCPSynRetrans", "Tcp:RetransSegs", "TcpExt:TCPTimeouts", "Tcp:AttemptFails",
            "Tcp:EstabResets", "TcpExt:TW", "TcpExt:TWRecycled");
    /** The load client's own error counters (dperf's names): launches without a free source port, failed connections. */
    private static final List<String> CLIENT_ENGINE = List.of("launchSkipped", "skErr");
    /** Diagnostic counter names, in sample order: {@code server.ListenOverflows}, ..., {@code client.skErr}. */
    static final List<String> COUNTERS = names();

    private final LinuxTarget target;

    LinuxEngine(LinuxTarget target) {
        this.target = target;
    }

    private static List<String> names() {
        List<String> n = new ArrayList<>();
        for (String k : SERVER_KERNEL) n.add("server." + k.substring(k.indexOf(':') + 1));
        for (String k : CLIENT_KERNEL) n.add("client." + k.substring(k.indexOf(':') + 1));
        for (String k : CLIENT_ENGINE) n.add("client." + k);
        return List.copyOf(n);
    }

    /** The engine of {@code target}: root only; namespaces of {@code target}'s prefix that a killed run left behind are deleted. */
    static LinuxEngine start(LinuxTarget target) {
        Testbed.requireRoot();
        int workers = target.space().grid(TcpDimension.SERVER_WORKERS).max(), cpus = Runtime.getRuntime().availableProcessors();
        if (workers > cpus) {
            // the server pins one worker per CPU, 0 .. workers-1
            throw new EnvironmentException("the space has " + workers + " server workers and this machine " + cpus + " CPU(s)",
                    "give a linux:FILE.yaml whose space has serverWorkers: [1" + (cpus > 1 ? ", " + cpus : "") + "]");
        }
        Testbed.deleteStale(target.prefix());
        return new LinuxEngine(target);
    }

    /** The two namespaces of one experiment; closing deletes them, and every socket in them. */
    private Testbed testbed() {
        Testbed t = Testbed.builder(target.prefix()).node("client").node("server")
                .link("client", "eth0", CLIENT_ADDRESS + "/24", "server", "eth0", SERVER_ADDRESS + "/24").create();
        try {
            int sources = target.space().grid(TcpDimension.CLIENT_ADDRESSES).max();
            for (int i = 0; i < sources; i++) {
                NetNamespace.ip("-n", t.namespace("client"), "addr", "add", "10.77.0." + (FIRST_SOURCE + i) + "/24", "dev", "eth0");
            }
            if (target.linkBitsPerSecond() > 0) {
                t.rateLimit("client", "eth0", target.linkBitsPerSecond());
                t.rateLimit("server", "eth0", target.linkBitsPerSecond());
            }
            return t;
        } catch (RuntimeException e) {
            t.close();
            throw e;
        }
    }

    /** Runs {@code p} once. */
    TcpSample run(TcpPoint p, long seed) {
        long t0 = System.nanoTime();
        try (Testbed testbed = testbed()) {
            return run(testbed, p, seed, t0);
        }
    }

    private TcpSample run(Testbed testbed, TcpPoint p, long seed, long t0) {
        int port = PORT;
        sysctl(testbed, "server", "net.core.somaxconn", String.valueOf(p.get(TcpDimension.BACKLOG)));
        sysctl(testbed, "server", "net.ipv4.tcp_syncookies", String.valueOf(p.get(TcpDimension.SYNCOOKIES)));
        int low = 32768;
        sysctl(testbed, "client", "net.ipv4.ip_local_port_range", low + "\t" + (low + p.get(TcpDimension.EPHEMERAL_PORTS) - 1));
        sysctl(testbed, "client", "net.ipv4.tcp_tw_reuse", String.valueOf(p.get(TcpDimension.TW_REUSE)));
        Map<String, Long> serverBefore = testbed.call("server", ProcNetCounters::readThisThread);
        Map<String, Long> clientBefore = testbed.call("client", ProcNetCounters::readThisThread);
        LoadResult client = withServer(testbed, p, port, seed, () -> testbed.call("client", () -> LoadRun.prepare(clientConfig(p, port), seed).run(s -> { })));
        Map<String, Long> serverAfter = testbed.call("server", ProcNetCounters::readThisThread);
        Map<String, Long> clientAfter = testbed.call("client", ProcNetCounters::readThisThread);
        double seconds = Math.max(1e-3, client.seconds());
        double[] d = new double[COUNTERS.size()];
        int k = 0;
        for (String c : SERVER_KERNEL) d[k++] = grown(serverBefore, serverAfter, c) / seconds;
        for (String c : CLIENT_KERNEL) d[k++] = grown(clientBefore, clientAfter, c) / seconds;
        for (String c : CLIENT_ENGINE) d[k++] = client.counters().getOrDefault(c, 0L) / seconds;
        return new TcpSample(p.offeredRequestsPerSecond(), client.requestsPerSecond(), client.connectionsPerSecond(),
                8 * (client.bytesReceivedPerSecond() + client.bytesSentPerSecond()), client.latencyMicros().p50(), client.latencyMicros().p99(),
                client.socketErrors(), client.launchesSkipped(), COUNTERS, d, (System.nanoTime() - t0) / 1e9);
    }

    private static long grown(Map<String, Long> before, Map<String, Long> after, String key) {
        Long a = before.get(key), b = after.get(key);
        if (a == null || b == null) throw new EnvironmentException("this kernel has no counter " + key, "the Linux target reads /proc/net/snmp and netstat of Linux 4.x or later");
        return b - a;
    }

    /** A per-namespace sysctl, written from a thread inside the namespace (procfs' net.* entries are the writer's namespace's). */
    private static void sysctl(Testbed testbed, String node, String key, String value) {
        Path file = Path.of("/proc/sys", key.replace('.', '/'));
        testbed.call(node, () -> {
            try {
                Files.writeString(file, value);
            } catch (IOException e) {
                throw new EnvironmentException("cannot set " + key + " = " + value + " in " + testbed.namespace(node) + ": " + e.getMessage(),
                        "the Linux target needs root and a kernel with per-namespace " + key, e);
            }
            return null;
        });
    }

    /** Runs {@code body} while the server of {@code p} listens in the server's namespace; stops it after. */
    private static LoadResult withServer(Testbed testbed, TcpPoint p, int port, long seed, java.util.function.Supplier<LoadResult> body) {
        LoadConfig config = serverConfig(p, port);
        CountDownLatch listening = new CountDownLatch(1);
        AtomicReference<LoadRun> server = new AtomicReference<>();
        AtomicReference<RuntimeException> failed = new AtomicReference<>();
        // the server's workers are started from this thread and stay in its namespace
        Thread t = Thread.ofPlatform().name("collie-server").daemon().start(() -> {
            try {
                testbed.call("server", () -> {
                    LoadRun r = LoadRun.prepare(config, seed);
                    server.set(r);
                    listening.countDown();
                    return r.run(s -> { });
                });
            } catch (RuntimeException e) {
                failed.set(e);
            } finally {
                listening.countDown();
            }
        });
        try {
            if (!listening.await(30, TimeUnit.SECONDS)) throw new EnvironmentException("the server did not start listening within 30 s", null);
            if (failed.get() != null) throw failed.get();
            return body.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EnvironmentException("interrupted while the server started", null, e);
        } finally {
            if (server.get() != null) server.get().stop();
            try {
                t.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static String cpus(int workers) {
        StringBuilder b = new StringBuilder("cpu");
        for (int i = 0; i < workers; i++) b.append(' ').append(i);
        return b.toString();
    }

    static LoadConfig serverConfig(TcpPoint p, int port) {
        String text = "mode server\n" + cpus(p.get(TcpDimension.SERVER_WORKERS)) + "\nduration 1d\n"
                + "server " + SERVER_ADDRESS + " 1\nlisten " + port + " 1\npayload_size " + p.get(TcpDimension.RESPONSE_BYTES) + "\n";
        return ConfigParser.parse(Path.of("linux-target-server.conf"), text).config();
    }

    LoadConfig clientConfig(TcpPoint p, int port) {
        StringBuilder b = new StringBuilder("mode client\n");
        b.append("duration ").append(target.experimentSeconds()).append("s\nwait 0\nslow_start 0\n");
        b.append("cps ").append(p.cps()).append('\n');
        b.append("server ").append(SERVER_ADDRESS).append(" 1\nlisten ").append(port).append(" 1\n");
        b.append("payload_size ").append(p.get(TcpDimension.REQUEST_BYTES)).append('\n');
        b.append("client 10.77.0.").append(FIRST_SOURCE).append(' ').append(p.get(TcpDimension.CLIENT_ADDRESSES)).append('\n');
        if (p.requests() > 1) {
            b.append("keepalive ").append(TcpPoint.KEEPALIVE_INTERVAL_MICROS).append("us ").append(p.requests()).append('\n');
            b.append("cc ").append(p.get(TcpDimension.CONCURRENCY)).append('\n');
        }
        return ConfigParser.parse(Path.of("linux-target-client.conf"), b.toString()).config();
    }
}
