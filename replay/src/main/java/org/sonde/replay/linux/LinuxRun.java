package org.sonde.replay.linux;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.sonde.capture.CaptureInterface;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.core.EnvironmentException;
import org.sonde.netio.CongestionControls;
import org.sonde.netio.PacketSocket;
import org.sonde.netio.Testbed;

/**
 * A real run to record: two namespaces ({@code c} and {@code s}) joined by a veth pair with offloads off, the
 * kernel's cubic in both (a new namespace defaults to bbr, which the model has not), nftables rules at prerouting
 * that drop each direction's non-SYN segments of the run's port with the asked probability, the eBPF recorder, an
 * AF_PACKET capture on both interfaces of what arrives (every segment either end sent, before the receiving
 * namespace's rules drop it), and request/response connections: the client writes a request
 * naming the response's size, reads the response and closes; the server reads the request, writes the response,
 * and closes when the client has.
 */
final class LinuxRun {
    static final String CLIENT = "c", SERVER = "s";
    static final String CLIENT_ADDRESS = "10.231.0.1", SERVER_ADDRESS = "10.231.0.2";
    private static final String LOSS_TABLE = "sonde_replay_loss";
    private static final long DRAIN_NANOS = 300_000_000L;

    /** What the run gives the replay: the recorder's lines, each namespace's sysctls, the clock offset. */
    record Raw(List<String> trace, Map<String, String> clientSysctls, Map<String, String> serverSysctls, long realtimeMinusMonotonic, String kernel,
               int connectionsRun) {}

    private LinuxRun() {}

    static Raw run(LinuxReplayOptions o, Path dir, Path capture, IntConsumer connectionsDone) {
        int port = 20_000 + (int) (ProcessHandle.current().pid() % 20_000);
        Testbed.requireRoot(); // before the first root-only step, so that its absence is said as such
        try (CongestionControls allowed = CongestionControls.allow("cubic");
             Testbed t = Testbed.builder("sonde-rl").node(CLIENT).node(SERVER)
                .link(CLIENT, "eth0", CLIENT_ADDRESS + "/24", SERVER, "eth0", SERVER_ADDRESS + "/24")
                .sysctl(CLIENT, "net.ipv4.tcp_congestion_control", "cubic").sysctl(SERVER, "net.ipv4.tcp_congestion_control", "cubic")
                .offloadsOff().create()) {
            if (o.loss() > 0) {
                dropIncoming(t, SERVER, "tcp dport " + port, o.loss());
                dropIncoming(t, CLIENT, "tcp sport " + port, o.loss());
            }
            Map<String, String> clientSysctls = sysctls(t, CLIENT), serverSysctls = sysctls(t, SERVER);
            long offset = realtimeMinusMonotonic();
            try (BpfTraceRecorder recorder = BpfTraceRecorder.start(port, dir)) {
                AtomicBoolean stop = new AtomicBoolean();
                PacketSocket[] ps = {t.call(SERVER, () -> PacketSocket.open("eth0")), t.call(CLIENT, () -> PacketSocket.open("eth0"))};
                Thread capturer = Thread.ofPlatform().name("replay-linux-capture").start(() -> capture(ps, capture, stop));
                int run;
                try {
                    run = workload(t, port, o, connectionsDone);
                    long until = System.nanoTime() + DRAIN_NANOS;
                    while (System.nanoTime() < until) Thread.onSpinWait(); // the last FINs' ACKs reach the capture
                } finally {
                    stop.set(true);
                    join(capturer);
                    for (PacketSocket p : ps) p.close();
                }
                return new Raw(recorder.stop(), clientSysctls, serverSysctls, offset, kernel(), run);
            }
        }
    }

    private static void dropIncoming(Testbed t, String node, String match, double share) {
        t.exec(node, "nft", "add table inet " + LOSS_TABLE + "; add chain inet " + LOSS_TABLE
                + " in { type filter hook prerouting priority -300 ; policy accept ; }; add rule inet " + LOSS_TABLE + " in " + match
                + " tcp flags & syn == 0 numgen random mod 1000000 < " + Math.round(share * 1_000_000) + " counter drop");
    }

    private static Map<String, String> sysctls(Testbed t, String node) {
        List<String> cmd = new ArrayList<>(List.of("sysctl"));
        for (String k : KernelTcpConfig.SYSCTLS) cmd.add("net.ipv4." + k);
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : t.exec(node, cmd.toArray(String[]::new)).split("\n")) {
            int eq = line.indexOf(" = ");
            if (eq > 0) out.put(line.substring(0, eq).replace("net.ipv4.", ""), line.substring(eq + 3).strip().replace('\t', ' '));
        }
        return out;
    }

    /** CLOCK_REALTIME less CLOCK_MONOTONIC (System.nanoTime's clock on Linux, bpftrace's nsecs), the closest of a few readings. */
    static long realtimeMinusMonotonic() {
        long best = Long.MAX_VALUE, offset = 0;
        for (int i = 0; i < 20; i++) {
            long a = System.nanoTime();
            Instant now = Instant.now();
            long b = System.nanoTime();
            if (b - a < best) {
                best = b - a;
                offset = now.getEpochSecond() * 1_000_000_000L + now.getNano() - (a + (b - a) / 2);
            }
        }
        return offset;
    }

    private static String kernel() {
        return System.getProperty("os.name") + " " + System.getProperty("os.version");
    }

    /**
     * Writes what arrives at either namespace's interface: a packet socket sees an arriving frame before the
     * namespace's nftables rules drop it (sent frames are not seen: the socket ignores outgoing ones).
     */
    private static void capture(PacketSocket[] sockets, Path file, AtomicBoolean stop) {
        List<CaptureInterface> interfaces = List.of(new CaptureInterface("s/eth0: the client's segments", LinkTypes.ETHERNET, 65_535),
                new CaptureInterface("c/eth0: the server's segments", LinkTypes.ETHERNET, 65_535));
        try (Arena arena = Arena.ofConfined(); CaptureWriter w = CaptureWriter.pcapng(file, interfaces, "sonde replay linux")) {
            MemorySegment buf = arena.allocate(65_536);
            byte[] bytes = new byte[65_536];
            while (true) {
                int got = 0;
                for (int i = 0; i < sockets.length; i++) {
                    int n = sockets[i].receive(buf);
                    if (n == 0) continue;
                    got++;
                    MemorySegment.copy(buf, ValueLayout.JAVA_BYTE, 0, bytes, 0, n);
                    w.write(i, sockets[i].receivedAtEpochNanos(), bytes, 0, n, n, null);
                }
                if (got == 0) {
                    if (stop.get()) return;
                    sockets[0].awaitReadable(1);
                }
            }
        }
    }

    /** Runs the connections, {@code parallel} at a time; returns how many completed their exchange. */
    private static int workload(Testbed t, int port, LinuxReplayOptions o, IntConsumer done) {
        Random sizes = new Random(o.seed());
        int[][] plan = new int[o.connections()][2];
        for (int[] p : plan) {
            p[0] = 100 + sizes.nextInt(20_000);
            p[1] = 1_000 + sizes.nextInt(150_000);
        }
        InetSocketAddress server = new InetSocketAddress(SERVER_ADDRESS, port);
        ServerSocketChannel listener = t.call(SERVER, () -> {
            try {
                ServerSocketChannel l = ServerSocketChannel.open();
                l.bind(server, 256);
                return l;
            } catch (IOException e) {
                throw new EnvironmentException("cannot listen on " + server + ": " + e.getMessage(), "is the port in use?", e);
            }
        });
        AtomicInteger completed = new AtomicInteger();
        try (ExecutorService servers = Executors.newThreadPerTaskExecutor(Thread.ofPlatform().name("replay-linux-server-", 0).factory());
             ExecutorService clients = Executors.newFixedThreadPool(o.parallel(), Thread.ofPlatform().name("replay-linux-client-", 0).factory())) {
            Thread acceptor = Thread.ofPlatform().name("replay-linux-accept").start(() -> {
                try {
                    while (true) {
                        SocketChannel s = listener.accept();
                        servers.submit(() -> serve(s));
                    }
                } catch (IOException e) {
                    // the listener closed: the run is over
                }
            });
            List<Future<Boolean>> runs = new ArrayList<>();
            for (int[] p : plan) runs.add(clients.submit(() -> t.call(CLIENT, () -> exchange(server, p[0], p[1]))));
            for (Future<Boolean> f : runs) {
                try {
                    if (f.get()) completed.incrementAndGet();
                    done.accept(completed.get());
                } catch (Exception e) {
                    throw new EnvironmentException("a connection of the run failed: " + e.getMessage(), "check the namespaces' nftables rules", e);
                }
            }
            close(listener);
            join(acceptor);
        }
        return completed.get();
    }

    /** The client: a request of {@code request} bytes (its first eight name both sizes), the response, close. */
    private static boolean exchange(InetSocketAddress server, int request, int response) {
        try (SocketChannel s = SocketChannel.open()) {
            s.setOption(StandardSocketOptions.TCP_NODELAY, false);
            s.connect(server);
            ByteBuffer req = ByteBuffer.allocate(request);
            req.putInt(request).putInt(response).rewind();
            while (req.hasRemaining()) s.write(req);
            ByteBuffer in = ByteBuffer.allocate(65_536);
            long got = 0;
            while (got < response) {
                in.clear();
                int n = s.read(in);
                if (n < 0) return false;
                got += n;
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void serve(SocketChannel s) {
        try (s) {
            ByteBuffer head = ByteBuffer.allocate(8);
            while (head.hasRemaining()) if (s.read(head) < 0) return;
            head.flip();
            int request = head.getInt(), response = head.getInt();
            ByteBuffer in = ByteBuffer.allocate(65_536);
            long left = request - 8;
            while (left > 0) {
                in.clear();
                int n = s.read(in);
                if (n < 0) return;
                left -= n;
            }
            ByteBuffer out = ByteBuffer.allocate(response);
            while (out.hasRemaining()) s.write(out);
            in.clear();
            while (s.read(in) >= 0) in.clear(); // until the client's FIN
        } catch (IOException e) {
            // a connection the client gave up: its recording says so
        }
    }

    private static void close(ServerSocketChannel l) {
        try {
            l.close();
        } catch (IOException e) {
            // closing a listener does not fail in a way that matters here
        }
    }

    private static void join(Thread th) {
        try {
            th.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
