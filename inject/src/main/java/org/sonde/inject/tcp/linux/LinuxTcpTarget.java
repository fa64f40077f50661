package org.sonde.inject.tcp.linux;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.sonde.capture.CaptureWriter;
import org.sonde.core.EnvironmentException;
import org.sonde.inject.tcp.TcpConnectionResult;
import org.sonde.inject.tcp.TcpInjectionPlan;
import org.sonde.inject.tcp.TcpRun;
import org.sonde.inject.tcp.TcpTest;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.netio.NfQueue;
import org.sonde.netio.RawIpSocket;
import org.sonde.netio.SockDiag;
import org.sonde.netio.Testbed;

/**
 * Runs a TCP test on the Linux kernel: two hosts in network namespaces (client 10.1.0.1,
 * server 10.2.0.1) routed through a middle box whose forwarded TCP goes through a netfilter
 * queue to {@link TcpInjector}; offloads off, so what crosses is what the stacks sent. The
 * test's sysctls and congestion control are set on both hosts. Needs root, iproute2, ethtool,
 * iptables and libnetfilter-queue1.
 */
public final class LinuxTcpTarget {
    /** Namespaces are named {@code sonde-inject-PID-NODE}; stale ones are removed before each run. */
    public static final String PREFIX = "sonde-inject";
    static final String CLIENT = "client", MIDDLE = "mb", SERVER = "server";
    static final String CLIENT_ADDRESS = "10.1.0.1", SERVER_ADDRESS = "10.2.0.1";
    private static final int QUEUE = 0;
    /** After the traffic, how long the injector keeps forwarding the closing handshakes' last packets. */
    private static final long DRAIN_MILLIS = 200;

    private LinuxTcpTarget() {}

    /** Runs {@code test}, writing the trace to {@code trace} (pcapng), and returns what happened. */
    public static TcpRun run(TcpTest test, long seed, Path trace) {
        Testbed.requireRoot();
        try (CongestionControls allowed = CongestionControls.allow(test.traffic().congestionControl())) {
            return run(test, seed, trace, allowed);
        }
    }

    private static TcpRun run(TcpTest test, long seed, Path trace, CongestionControls allowed) {
        Testbed.Builder b = Testbed.builder(PREFIX).node(CLIENT).node(MIDDLE).node(SERVER)
                .link(CLIENT, "eth0", CLIENT_ADDRESS + "/24", MIDDLE, "c0", "10.1.0.254/24")
                .link(SERVER, "eth0", SERVER_ADDRESS + "/24", MIDDLE, "s0", "10.2.0.254/24")
                .route(CLIENT, "default", "10.1.0.254").route(SERVER, "default", "10.2.0.254")
                .forwarding(MIDDLE).offloadsOff();
        for (String host : List.of(CLIENT, SERVER)) {
            b.sysctl(host, "net.ipv4.tcp_congestion_control", test.traffic().congestionControl());
            test.sysctls().forEach((k, v) -> b.sysctl(host, "net.ipv4." + k, v));
        }
        try (Testbed t = create(b, test)) {
            t.exec(MIDDLE, "iptables", "-A", "FORWARD", "-p", "tcp", "-j", "NFQUEUE", "--queue-num", Integer.toString(QUEUE));
            String kernel = t.exec(CLIENT, "uname", "-r").strip();
            Map<String, Long> clientBefore = HostCounters.read(t, CLIENT), serverBefore = HostCounters.read(t, SERVER);
            int clientInterface = t.interfaceIndex(MIDDLE, "c0");
            List<TcpConnectionResult> connections;
            TcpInjector injector;
            try (NfQueue queue = t.call(MIDDLE, () -> NfQueue.open(QUEUE, 65_536));
                 RawIpSocket raw = t.call(MIDDLE, RawIpSocket::open);
                 TcpStateSampler sampler = new TcpStateSampler(t.call(CLIENT, SockDiag::open), TcpTrafficRun.PORT);
                 CaptureWriter mirror = CaptureWriter.pcapng(trace, TcpTrace.INTERFACES, "sonde inject: " + test.name() + " on linux")) {
                injector = new TcpInjector(queue, raw, mirror, new TcpInjectionPlan(test.events()), clientInterface);
                Thread thread = Thread.ofPlatform().name("tcp-injector").start(injector);
                Thread sampling = Thread.ofPlatform().name("tcp-state-sampler").start(sampler);
                try {
                    connections = TcpTrafficRun.run(t, CLIENT, SERVER, SERVER_ADDRESS, test.traffic(), seed, timeoutMillis(test));
                    TimeUnit.MILLISECONDS.sleep(DRAIN_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                } finally {
                    sampler.stop();
                    injector.stop();
                    join(sampling);
                    join(thread);
                }
                if (injector.failure() != null) throw new IllegalStateException("the injector failed: " + injector.failure(), injector.failure());
                if (sampler.failure() != null) throw new IllegalStateException("the tcp_info sampler failed: " + sampler.failure(), sampler.failure());
                long queueDropped = queueDropped(t) + queue.overruns();
                Map<String, Long> client = HostCounters.delta(clientBefore, HostCounters.read(t, CLIENT));
                Map<String, Long> server = HostCounters.delta(serverBefore, HostCounters.read(t, SERVER));
                return new TcpRun(test, "linux", kernel, new TcpTrace(injector.entries()), connections, client, server, queueDropped,
                        injector.processingNanos(), injector.addedNanos(), List.of(), sampler.samples(connections));
            }
        }
    }

    private static Testbed create(Testbed.Builder b, TcpTest test) {
        try {
            return b.create();
        } catch (IllegalStateException e) {
            throw new EnvironmentException("cannot build the namespace testbed: " + e.getMessage(),
                    "it needs root, iproute2, ethtool and iptables (apt-get install iproute2 ethtool iptables)", e);
        }
    }

    /** Generous: the bytes at a slow 10 Mb/s, plus a second per message for timeouts. */
    private static long timeoutMillis(TcpTest test) {
        long bytes = test.traffic().bytesPerConnection() * test.traffic().connections();
        return 30_000 + bytes * 8 / 10_000 + 1_000L * test.traffic().messagesPerConnection();
    }

    /** The queue's kernel-side drops: {@code queue_dropped} and {@code user_dropped} of /proc/net/netfilter/nfnetlink_queue. */
    private static long queueDropped(Testbed t) {
        long dropped = 0;
        for (String line : t.exec(MIDDLE, "cat", "/proc/net/netfilter/nfnetlink_queue").split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 7 && f[0].equals(Integer.toString(QUEUE))) dropped += Long.parseLong(f[5]) + Long.parseLong(f[6]);
        }
        return dropped;
    }

    private static void join(Thread thread) {
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
