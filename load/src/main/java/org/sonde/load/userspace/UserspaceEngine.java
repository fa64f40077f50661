package org.sonde.load.userspace;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.locks.LockSupport;
import org.sonde.core.EnvironmentException;
import org.sonde.load.config.AddressRange;
import org.sonde.load.config.HttpMethod;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.config.PortSpec;
import org.sonde.load.engine.ClientLoop;
import org.sonde.load.engine.CpuAffinity;
import org.sonde.load.engine.LaunchPacer;
import org.sonde.load.engine.LaunchSchedule;
import org.sonde.load.engine.ServerLoop;
import org.sonde.load.engine.WorkerState;
import org.sonde.netio.NativeException;
import org.sonde.netio.NetNamespace;
import org.sonde.netio.PacketSocket;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.Tallies;
import org.sonde.load.stats.WorkerStats;

/**
 * The user-space engine's workers: one thread, one AF_PACKET socket on the configured
 * interface (opened inside {@code netns} if given), one socket table, and the client or server
 * stack. {@link org.sonde.load.engine.LoadRun} drives them like the kernel engine's workers,
 * so the timeline, statistics and results are the same.
 */
public final class UserspaceEngine {
    private static final int RECEIVE_BURST = 256;
    /** Idle connections closed per loop turn in the drain: about what the receive burst takes back. */
    private static final int DRAIN_BURST = 64;
    private static final long ARP_TIMEOUT_NANOS = 3_000_000_000L;
    private static final long ARP_RETRY_NANOS = 200_000_000L;
    /** The longest sleep when the next launch or timer is less than a millisecond away (dperf's default tick). */
    private static final long TICK_NANOS = 100_000;
    /** How often the ring's drop counter is read (a system call). */
    private static final long DROPS_EVERY_NANOS = 100_000_000L;

    private UserspaceEngine() {}

    /** Ports a side's table covers: the client_port_range, or dperf's default 1-65535. */
    private static int portMin(LoadConfig c) {
        return c.clientPorts().map(p -> p.first()).orElse(1);
    }

    private static int portCount(LoadConfig c) {
        return c.clientPorts().map(p -> (int) p.size()).orElse(65_535);
    }

    private static PacketSocket openSocket(LoadConfig c) {
        PortSpec port = c.port().orElseThrow();
        try {
            return c.netns().isPresent() ? NetNamespace.call(c.netns().get(), () -> PacketSocket.open(port.interfaceName()))
                    : PacketSocket.open(port.interfaceName());
        } catch (NativeException | IllegalStateException e) {
            throw new EnvironmentException("cannot open a raw socket on " + port.interfaceName() + c.netns().map(n -> " in netns " + n).orElse("")
                    + ": " + e.getMessage(), "run as root (CAP_NET_RAW, CAP_SYS_ADMIN for netns), and check the 'port' and 'netns' lines", e);
        }
    }

    private static byte[] ownMac(LoadConfig c) {
        try {
            return NetNamespace.macAddress(c.netns().orElse(null), c.port().orElseThrow().interfaceName());
        } catch (IllegalStateException e) {
            throw new EnvironmentException(e.getMessage(), "check the 'port' and 'netns' lines", e);
        }
    }

    private static SocketTable table(LoadConfig c) {
        long n = 0;
        for (AddressRange r : c.clients()) n += r.count();
        return new SocketTable(Math.toIntExact(n * portCount(c)));
    }

    /** A client worker; resolves the gateway's MAC by ARP first (unless the 'port' line gives it). */
    public static ClientLoop client(LoadConfig c, byte[] request, long startNanos, long seed) {
        PortSpec port = c.port().orElseThrow();
        PacketSocket socket = openSocket(c);
        SocketTable table = null;
        try {
            table = table(c);
            WorkerStats stats = new WorkerStats();
            int serverIp = AddressIndex.ipv4(c.servers().getFirst().first());
            boolean http = c.httpPayload();
            Counter requestCounter = Tallies.tcpRequestCounter(http, c.httpMethod() == HttpMethod.POST);
            long interval = c.keepalive().map(k -> k.intervalMicros() * 1000).orElse(0L);
            ClientStack.Settings settings = new ClientStack.Settings(new AddressIndex(c.clients()), portMin(c), portCount(c), serverIp, c.listenPort(),
                    c.retransmitTimeoutSeconds() * 1_000_000_000L, c.keepalive().isPresent(), interval,
                    c.keepalive().map(k -> k.requests()).orElse(1), http, requestCounter);
            byte[] gatewayMac = port.gatewayMac().map(NetNamespace::parseMac).orElse(null);
            ClientStack stack = new ClientStack(settings, table, socket::send, stats, ownMac(c), gatewayMac, request, c.tos(), seed);
            if (gatewayMac == null) resolve(stack, socket, port);
            return new Client(c, socket, table, stack, stats, startNanos);
        } catch (RuntimeException e) {
            socket.close();
            if (table != null) table.close();
            throw e;
        }
    }

    private static void resolve(ClientStack stack, PacketSocket socket, PortSpec port) {
        int own = AddressIndex.ipv4(port.address());
        int gateway = AddressIndex.ipv4(port.gateway());
        try (Arena a = Arena.ofConfined()) {
            MemorySegment rx = a.allocate(Stack.FRAME_BYTES);
            long start = System.nanoTime();
            long nextAsk = start;
            while (stack.gatewayMac() == null) {
                long now = System.nanoTime();
                if (now - start > ARP_TIMEOUT_NANOS) {
                    throw new EnvironmentException("no ARP reply from the gateway " + port.gateway().getHostAddress() + " on " + port.interfaceName()
                            + " in " + ARP_TIMEOUT_NANOS / 1_000_000_000L + " s",
                            "start the server first, check the 'port' line's gateway, or give its MAC: 'port IF IP GW aa:bb:cc:dd:ee:ff'");
                }
                if (now - nextAsk >= 0) {
                    stack.resolveGateway(own, gateway);
                    nextAsk = now + ARP_RETRY_NANOS;
                }
                socket.awaitReadable(10);
                int len;
                while ((len = socket.receive(rx)) > 0) stack.receive(rx, len, now);
            }
        }
    }

    /** A server worker. */
    public static ServerLoop server(LoadConfig c, byte[] response, long seed) {
        PacketSocket socket = openSocket(c);
        SocketTable table = null;
        try {
            table = table(c);
            WorkerStats stats = new WorkerStats();
            int serverIp = AddressIndex.ipv4(c.servers().getFirst().first());
            ServerStack.Settings settings = new ServerStack.Settings(new AddressIndex(c.clients()), portMin(c), portCount(c), serverIp,
                    c.listenPort(), c.httpPayload());
            ServerStack stack = new ServerStack(settings, table, socket::send, stats, ownMac(c), response, c.tos(), seed);
            return new Server(c, socket, table, stack, stats);
        } catch (RuntimeException e) {
            socket.close();
            if (table != null) table.close();
            throw e;
        }
    }

    /** The socket's own losses: receive-ring overflows (imissed) and frames the kernel would not send (dropTx). */
    private static void takeSocketCounters(PacketSocket socket, WorkerStats stats) {
        stats.add(Counter.IMISSED, socket.takeDrops());
        stats.add(Counter.DROP_TX, socket.takeMalformed());
    }

    private static int cpu(LoadConfig c) {
        return c.cpus().isEmpty() ? -1 : c.cpus().getFirst();
    }

    private static final class Client implements ClientLoop {
        private final PacketSocket socket;
        private final SocketTable table;
        private final ClientStack stack;
        private final WorkerStats stats;
        private final LaunchPacer pacer;
        private final long maxOpen;
        private final int cpu;
        private volatile WorkerState state = WorkerState.RUN;

        Client(LoadConfig c, PacketSocket socket, SocketTable table, ClientStack stack, WorkerStats stats, long startNanos) {
            this.socket = socket;
            this.table = table;
            this.stack = stack;
            this.stats = stats;
            this.pacer = new LaunchPacer(new LaunchSchedule(c.cps(), c.waitSeconds(), c.slowStartSeconds()), startNanos, c.launchNum(), c.cc() == 0);
            this.maxOpen = Math.min(c.cc() == 0 ? Long.MAX_VALUE : c.cc(), stack.tuples());
            this.cpu = cpu(c);
        }

        @Override
        public WorkerStats stats() {
            return stats;
        }

        @Override
        public void setState(WorkerState s) {
            state = s;
        }

        @Override
        public void run() {
            stats.bindToCurrentThread();
            if (cpu >= 0) CpuAffinity.pinCurrentThread(cpu);
            try (Arena a = Arena.ofConfined()) {
                MemorySegment rx = a.allocate(Stack.FRAME_BYTES);
                boolean drained = false;
                long dropsReadAt = System.nanoTime();
                while (true) {
                    WorkerState s = state;
                    if (s == WorkerState.STOP) return;
                    long now = System.nanoTime();
                    if (s == WorkerState.DRAIN) {
                        if (!drained) {
                            stack.drain();
                            drained = true;
                        }
                        stack.closeIdle(DRAIN_BURST, now);
                        if (stack.open() == 0) return;
                    } else {
                        for (int n = pacer.takeDue(now, stack.open(), maxOpen, stats); n > 0; n--) stack.launch(now);
                    }
                    int received = 0;
                    int len;
                    while (received < RECEIVE_BURST && (len = socket.receive(rx)) > 0) {
                        stack.receive(rx, len, now);
                        received++;
                    }
                    stack.expireTimers(now);
                    socket.flush();
                    if (now - dropsReadAt >= DROPS_EVERY_NANOS) {
                        takeSocketCounters(socket, stats);
                        dropsReadAt = now;
                    }
                    if (received == 0) {
                        long wake = stack.nextDeadline();
                        if (s == WorkerState.RUN && stack.open() < maxOpen) wake = Math.min(wake, pacer.nextLaunchNanos());
                        long waitNanos = wake - System.nanoTime();
                        if (waitNanos >= 1_000_000) {
                            socket.awaitReadable((int) Math.min(waitNanos / 1_000_000, 10));
                        } else if (waitNanos > 0) {
                            // below poll's millisecond: a short sleep, like dperf's 100 µs tick, not a spin that would
                            // take the CPU from the server on a shared machine; frames wait in the ring meanwhile
                            LockSupport.parkNanos(Math.min(waitNanos, TICK_NANOS));
                        }
                    }
                }
            } finally {
                takeSocketCounters(socket, stats);
                stack.closeAll();
                socket.close();
                stack.free();
                table.close();
            }
        }
    }

    private static final class Server implements ServerLoop {
        private final PacketSocket socket;
        private final SocketTable table;
        private final ServerStack stack;
        private final WorkerStats stats;
        private final int port;
        private final int cpu;
        private volatile boolean stopped;

        Server(LoadConfig c, PacketSocket socket, SocketTable table, ServerStack stack, WorkerStats stats) {
            this.socket = socket;
            this.table = table;
            this.stack = stack;
            this.stats = stats;
            this.port = c.listenPort();
            this.cpu = cpu(c);
        }

        @Override
        public WorkerStats stats() {
            return stats;
        }

        @Override
        public void stop() {
            stopped = true;
        }

        @Override
        public int boundPort() {
            return port;
        }

        @Override
        public void run() {
            stats.bindToCurrentThread();
            if (cpu >= 0) CpuAffinity.pinCurrentThread(cpu);
            try (Arena a = Arena.ofConfined()) {
                MemorySegment rx = a.allocate(Stack.FRAME_BYTES);
                long dropsReadAt = System.nanoTime();
                while (!stopped) {
                    int received = 0;
                    int len;
                    long now = System.nanoTime();
                    while (received < RECEIVE_BURST && (len = socket.receive(rx)) > 0) {
                        stack.receive(rx, len, now);
                        received++;
                    }
                    socket.flush();
                    if (now - dropsReadAt >= DROPS_EVERY_NANOS) {
                        takeSocketCounters(socket, stats);
                        dropsReadAt = now;
                    }
                    if (received == 0) socket.awaitReadable(10);
                }
            } finally {
                takeSocketCounters(socket, stats);
                socket.close();
                stack.free();
                table.close();
            }
        }
    }
}
