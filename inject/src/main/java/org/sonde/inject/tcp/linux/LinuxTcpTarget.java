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
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.netio.CongestionControls;
import org.sonde.netio.Cpus;
import org.sonde.netio.HostSysctl;
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
    static final String CLIENT_SIDE = "c0", SERVER_SIDE = "s0";
    static final String CLIENT_ADDRESS = "10.1.0.1", SERVER_ADDRESS = "10.2.0.1";
    private static final int QUEUE = 0;
    /**
     * Each CPU's input queue, in packets: a bulk sender fills its CPU's in bursts of up to a window
     * (a veth orphans its packets, so TCP small queues do not stop it) while the hosts' softirq
     * work waits on the CPUs the injector leaves them; at Linux's default of 1,000 the kernel
     * dropped some there, before the injector could see them.
     */
    private static final long INPUT_BACKLOG = 30_000;
    /** After the traffic, how long the injector keeps forwarding the closing handshakes' last packets. */
    private static final long DRAIN_MILLIS = 200;

    private LinuxTcpTarget() {}

    /** Runs {@code test}, writing the trace to {@code trace} (pcapng), and returns what happened. */
    public static TcpRun run(TcpTestConfig test, long seed, Path trace) {
        Testbed.requireRoot();
        try (CongestionControls allowed = CongestionControls.allow(test.traffic().congestionControl());
             HostSysctl backlog = HostSysctl.atLeast("net.core.netdev_max_backlog", INPUT_BACKLOG)) {
            return run(test, seed, trace, allowed);
        }
    }

    private static TcpRun run(TcpTestConfig test, long seed, Path trace, CongestionControls allowed) {
        Testbed.Builder b = layout();
        for (String host : List.of(CLIENT, SERVER)) {
            b.sysctl(host, "net.ipv4.tcp_congestion_control", test.traffic().congestionControl());
            test.sysctls().forEach((k, v) -> b.sysctl(host, "net.ipv4." + k, v));
        }
        try (Testbed t = create(b)) {
            queueForwardedTcp(t);
            String kernel = t.exec(CLIENT, "uname", "-r").strip();
            Map<String, Long> clientBefore = HostCounters.read(t, CLIENT), serverBefore = HostCounters.read(t, SERVER);
            int clientInterface = t.interfaceIndex(MIDDLE, CLIENT_SIDE);
            int injectorCpu = dedicateCpu(t);
            long hostCpus = hostCpus(injectorCpu);
            List<TcpConnectionResult> connections;
            TcpInjector injector;
            try (NfQueue queue = openQueue(t);
                 RawIpSocket raw = t.call(MIDDLE, RawIpSocket::open);
                 TcpStateSampler sampler = new TcpStateSampler(t.call(CLIENT, SockDiag::open), TcpTrafficRun.PORT);
                 CaptureWriter mirror = CaptureWriter.pcapng(trace, TcpTrace.INTERFACES, "sonde inject: " + test.name() + " on linux")) {
                injector = new TcpInjector(queue, raw, mirror, new TcpInjectionPlan(test.events()), clientInterface, injectorCpu);
                Thread thread = Thread.ofPlatform().name("tcp-injector").start(injector);
                Thread sampling = Thread.ofPlatform().name("tcp-state-sampler").start(() -> {
                    if (hostCpus != 0) Cpus.restrictCurrentThread(hostCpus);
                    sampler.run();
                });
                try {
                    connections = TcpTrafficRun.run(t, CLIENT, SERVER, SERVER_ADDRESS, test.traffic(), seed, timeoutMillis(test), hostCpus);
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

    /** The client, the middle box and the server, routed through it, offloads off. */
    static Testbed.Builder layout() {
        return Testbed.builder(PREFIX).node(CLIENT).node(MIDDLE).node(SERVER)
                .link(CLIENT, "eth0", CLIENT_ADDRESS + "/24", MIDDLE, CLIENT_SIDE, "10.1.0.254/24")
                .link(SERVER, "eth0", SERVER_ADDRESS + "/24", MIDDLE, SERVER_SIDE, "10.2.0.254/24")
                .route(CLIENT, "default", "10.1.0.254").route(SERVER, "default", "10.2.0.254")
                .forwarding(MIDDLE).offloadsOff();
    }

    /** Sends the middle box's forwarded TCP to the injector's queue. */
    static void queueForwardedTcp(Testbed t) {
        t.exec(MIDDLE, "iptables", "-A", "FORWARD", "-p", "tcp", "-j", "NFQUEUE", "--queue-num", Integer.toString(QUEUE));
    }

    /**
     * Keeps the last CPU this process may use for the injector, when it may use several: what
     * arrives at the hosts is processed on the others (receive packet steering), so the injector's
     * verdicts do not carry the hosts' stacks on their CPU; returns that CPU, or -1 with only one.
     */
    static int dedicateCpu(Testbed t) {
        long allowed = Cpus.allowed();
        if (Long.bitCount(allowed) < 2) return -1;
        int cpu = 63 - Long.numberOfLeadingZeros(allowed);
        for (String host : List.of(CLIENT, SERVER)) t.steerReceive(host, "eth0", hostCpus(cpu));
        return cpu;
    }

    /** The CPUs this process may use other than the injector's {@code cpu} (bit i: CPU i), or 0 (any) when it has none of its own. */
    static long hostCpus(int injectorCpu) {
        return injectorCpu < 0 ? 0 : Cpus.allowed() & ~(1L << injectorCpu);
    }

    /** Opens the injector's queue in the middle box. */
    static NfQueue openQueue(Testbed t) {
        return t.call(MIDDLE, () -> NfQueue.open(QUEUE, 65_536));
    }

    static Testbed create(Testbed.Builder b) {
        try {
            return b.create();
        } catch (IllegalStateException e) {
            throw new EnvironmentException("cannot build the namespace testbed: " + e.getMessage(),
                    "it needs root, iproute2, ethtool and iptables (apt-get install iproute2 ethtool iptables)", e);
        }
    }

    /** Generous: the bytes at a slow 10 Mb/s, plus a second per message for timeouts. */
    private static long timeoutMillis(TcpTestConfig test) {
        long bytes = test.traffic().bytesPerConnection() * test.traffic().connections();
        return 30_000 + bytes * 8 / 10_000 + 1_000L * test.traffic().messagesPerConnection();
    }

    /** The queue's kernel-side drops: {@code queue_dropped} and {@code user_dropped} of /proc/net/netfilter/nfnetlink_queue. */
    static long queueDropped(Testbed t) {
        long[] q = queueFigures(t);
        return q[1] + q[2];
    }

    /** Packets waiting in the queue for a verdict: its {@code queue_total}. */
    static long queueWaiting(Testbed t) {
        return queueFigures(t)[0];
    }

    /** {queue_total, queue_dropped, user_dropped} of the injector's queue (zeros before it exists). */
    private static long[] queueFigures(Testbed t) {
        for (String line : t.exec(MIDDLE, "cat", "/proc/net/netfilter/nfnetlink_queue").split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 7 && f[0].equals(Integer.toString(QUEUE))) return new long[] {Long.parseLong(f[2]), Long.parseLong(f[5]), Long.parseLong(f[6])};
        }
        return new long[3];
    }

    private static void join(Thread thread) {
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
