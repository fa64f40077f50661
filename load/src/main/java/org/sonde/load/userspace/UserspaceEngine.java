package org.sonde.load.userspace;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.sonde.core.EnvironmentException;
import org.sonde.load.config.AddressRange;
import org.sonde.load.config.HttpMethod;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.config.PortSpec;
import org.sonde.load.config.UserspaceOptions;
import org.sonde.load.config.VxlanSpec;
import org.sonde.load.engine.ClientLoop;
import org.sonde.load.engine.CpuAffinity;
import org.sonde.load.engine.LaunchPacer;
import org.sonde.load.engine.LaunchSchedule;
import org.sonde.load.engine.ServerLoop;
import org.sonde.load.engine.WorkerState;
import org.sonde.netio.Fanout;
import org.sonde.netio.NativeException;
import org.sonde.netio.NetNamespace;
import org.sonde.netio.PacketSocket;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.Tallies;
import org.sonde.load.stats.WorkerStats;

/**
 * The user-space engine's workers: one thread per configured CPU (or one), each with its own
 * AF_PACKET socket on the configured interface (opened inside {@code netns} if given), the
 * sockets joined to one fanout group whose program ({@link FlowHash}) hands every frame of a
 * connection, both directions, to the worker that owns it. The socket table is allocated once;
 * each worker reads and writes only the entries of its own connections, so nothing mutable is
 * shared between workers. {@link org.sonde.load.engine.LoadRun} drives them like the kernel
 * engine's workers, so the timeline, statistics and results are the same.
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

    /** One socket per worker, in one fanout group: element i receives the frames of worker i's connections. */
    private static List<PacketSocket> openSockets(LoadConfig c) {
        PortSpec port = c.port().orElseThrow();
        Fanout fanout = new Fanout.Program(FlowHash.program(c.listenPort()));
        try {
            // ring slots that hold the link's MTU ('jumbo')
            int slot = PacketSocket.slotBytes(c.userspace().mtu());
            return c.netns().isPresent() ? NetNamespace.call(c.netns().get(), () -> PacketSocket.openGroup(port.interfaceName(), c.workers(), fanout, slot))
                    : PacketSocket.openGroup(port.interfaceName(), c.workers(), fanout, slot);
        } catch (NativeException | IllegalStateException e) {
            throw new EnvironmentException("cannot open " + c.workers() + " raw socket(s) on " + port.interfaceName() + c.netns().map(n -> " in netns " + n).orElse("")
                    + ": " + e.getMessage(), "run as root (CAP_NET_RAW, CAP_SYS_ADMIN for netns) on Linux 4.3 or later (a fanout with a BPF program),"
                    + " and check the 'port' and 'netns' lines", e);
        }
    }

    /**
     * The MSS this side announces: the 'mss' line's, or with 'jumbo' what the MTU carries (less the tunnel's
     * headers in VXLAN); 0 for the family's default on a 1500-byte MTU.
     */
    private static int mss(LoadConfig c) {
        if (c.mss() > 0) return c.mss();
        if (c.userspace().mtu() == UserspaceOptions.MTU) return 0;
        return c.userspace().mssMax(c.servers().getFirst().ipv6()) - (c.vxlan().isPresent() ? VxlanSpec.OVERHEAD : 0);
    }

    private static byte[] ownMac(LoadConfig c) {
        try {
            return NetNamespace.macAddress(c.netns().orElse(null), c.port().orElseThrow().interfaceName());
        } catch (IllegalStateException e) {
            throw new EnvironmentException(e.getMessage(), "check the 'port' and 'netns' lines", e);
        }
    }

    /** The one socket table of a side, closed when the last of its workers ends. */
    private static final class SharedTable {
        final SocketTable table;
        private final AtomicInteger users;

        SharedTable(LoadConfig c) {
            long n = 0;
            for (AddressRange r : c.clients()) n += r.count();
            this.table = new SocketTable(Math.toIntExact(n * portCount(c)));
            this.users = new AtomicInteger(c.workers());
        }

        void release() {
            if (users.decrementAndGet() == 0) table.close();
        }
    }

    /**
     * The client's workers; the first resolves the gateway's MAC by ARP (unless the 'port' line
     * gives it) before any is returned, and all use it.
     */
    public static List<ClientLoop> clients(LoadConfig c, byte[] request, long startNanos, long seed) {
        PortSpec port = c.port().orElseThrow();
        List<PacketSocket> sockets = openSockets(c);
        SharedTable shared = null;
        Kni kni = null;
        try {
            shared = new SharedTable(c);
            int serverIp = Prefixes.low(c.servers().getFirst().first());
            boolean http = c.httpPayload();
            Counter requestCounter = Tallies.tcpRequestCounter(http, c.httpMethod() == HttpMethod.POST);
            long interval = c.keepalive().map(k -> k.intervalMicros() * 1000).orElse(0L);
            ClientStack.Settings settings = new ClientStack.Settings(new AddressIndex(c.clients()), portMin(c), portCount(c), serverIp, c.listenPort(),
                    c.retransmitTimeoutSeconds() * 1_000_000_000L, c.keepalive().isPresent(), interval,
                    c.keepalive().map(k -> k.requests()).orElse(1), http, requestCounter, prefixes(c, true), tunnel(c));
            byte[] portGatewayMac = port.gatewayMac().map(NetNamespace::parseMac).orElse(null);
            // in a tunnel the stack's own frames are the inner ones, with the configured MACs; the port's are the tunnel's
            byte[] gatewayMac = c.vxlan().isPresent() ? NetNamespace.parseMac(c.vxlan().get().innerDestinationMac()) : portGatewayMac;
            byte[] mac = c.vxlan().isPresent() ? NetNamespace.parseMac(c.vxlan().get().innerSourceMac()) : ownMac(c);
            // the TAP is the first worker's: the fanout gives it every frame that is not of a connection
            if (c.kni().isPresent()) kni = Kni.open(c, mac);
            List<ClientLoop> workers = new ArrayList<>();
            for (int i = 0; i < sockets.size(); i++) {
                PacketSocket socket = sockets.get(i);
                WorkerStats stats = new WorkerStats();
                ClientStack stack = new ClientStack(settings, shared.table, socket::send, stats, mac, gatewayMac, request, c.tos(), seed + i,
                        new Share(i, sockets.size()));
                configure(stack, c, i == 0 ? kni : null);
                if (c.userspace().disableAck()) stack.suppressPureAcks();
                if (c.fastClose()) stack.closeWithReset();
                if (stack.nextHopMac() == null) {
                    resolve(stack, socket, port); // ARP frames reach the first worker's socket (FlowHash)
                    gatewayMac = stack.gatewayMac();
                }
                workers.add(new Client(c, i, socket, shared, stack, stats, startNanos, i == 0 ? kni : null));
            }
            return List.copyOf(workers);
        } catch (RuntimeException e) {
            closeAfterFailure(sockets, shared, kni);
            throw e;
        }
    }

    /** What the client's and the server's stacks take alike from the configuration; {@code kni} is the first worker's TAP or null. */
    private static void configure(Stack stack, LoadConfig c, Kni kni) {
        if (kni != null) stack.handToKernel(kni.toKernel());
        if (mss(c) > 0) stack.announceMss(mss(c));
        if (!c.userspace().tcpRst()) stack.dropUnknownSegments();
        if (c.userspace().vlan() != 0) stack.tagFrames(c.userspace().vlan());
        // in a tunnel the port is the outer network's, whose ARP answers for the tunnel endpoint only
        if (c.vxlan().isEmpty()) stack.portAddress(c.port().orElseThrow().address().getAddress());
        if (c.userspace().neighIgnore()) stack.answerOnlyForPort();
    }

    /**
     * Over IPv6, this side's and the peer's address prefixes (the configuration has checked that the
     * client addresses share theirs); null over IPv4.
     */
    private static Prefixes prefixes(LoadConfig c, boolean client) {
        if (!c.servers().getFirst().ipv6()) return null;
        byte[] clients = Prefixes.high(c.clients().getFirst().first());
        byte[] server = Prefixes.high(c.servers().getFirst().first());
        return client ? new Prefixes(clients, server) : new Prefixes(server, clients);
    }

    /**
     * The VXLAN tunnel of the 'vxlan' line, or null. One object per side: the configuration allows
     * 'vxlan' on one worker only, whose thread alone then learns the outer next hop.
     */
    private static Tunnel tunnel(LoadConfig c) {
        if (c.vxlan().isEmpty()) return null;
        VxlanSpec v = c.vxlan().get();
        PortSpec port = c.port().orElseThrow();
        return new Tunnel(v.vni(), Prefixes.low(v.localVtep()), Prefixes.low(v.remoteVtep()), Prefixes.low(port.gateway()), ownMac(c),
                port.gatewayMac().map(NetNamespace::parseMac).orElse(null));
    }

    private static void resolve(ClientStack stack, PacketSocket socket, PortSpec port) {
        boolean v6 = port.gateway() instanceof java.net.Inet6Address;
        int own = Prefixes.low(port.address());
        int gateway = Prefixes.low(port.gateway());
        try (Arena a = Arena.ofConfined()) {
            MemorySegment rx = a.allocate(Stack.FRAME_BYTES);
            long start = System.nanoTime();
            long nextAsk = start;
            while (stack.nextHopMac() == null) {
                long now = System.nanoTime();
                if (now - start > ARP_TIMEOUT_NANOS) {
                    throw new EnvironmentException("no " + (v6 ? "neighbour advertisement" : "ARP reply") + " from the gateway " + port.gateway().getHostAddress()
                            + " on " + port.interfaceName()
                            + " in " + ARP_TIMEOUT_NANOS / 1_000_000_000L + " s",
                            "start the server first, check the 'port' line's gateway, or give its MAC: 'port IF IP GW aa:bb:cc:dd:ee:ff'");
                }
                if (now - nextAsk >= 0) {
                    if (v6) stack.resolveGateway6(port.address().getAddress(), port.gateway().getAddress());
                    else stack.resolveGateway(own, gateway);
                    nextAsk = now + ARP_RETRY_NANOS;
                }
                socket.awaitReadable(10);
                int len;
                while ((len = socket.receive(rx)) > 0) stack.receive(rx, len, now);
            }
        }
    }

    /** The server's workers. */
    public static List<ServerLoop> servers(LoadConfig c, byte[] response, long seed) {
        List<PacketSocket> sockets = openSockets(c);
        SharedTable shared = null;
        Kni kni = null;
        try {
            shared = new SharedTable(c);
            int serverIp = Prefixes.low(c.servers().getFirst().first());
            ServerStack.Settings settings = new ServerStack.Settings(new AddressIndex(c.clients()), portMin(c), portCount(c), serverIp,
                    c.listenPort(), c.httpPayload(), prefixes(c, false), tunnel(c));
            byte[] mac = c.vxlan().isPresent() ? NetNamespace.parseMac(c.vxlan().get().innerSourceMac()) : ownMac(c);
            // the TAP is the first worker's: the fanout gives it every frame that is not of a connection
            if (c.kni().isPresent()) kni = Kni.open(c, mac);
            List<ServerLoop> workers = new ArrayList<>();
            for (int i = 0; i < sockets.size(); i++) {
                PacketSocket socket = sockets.get(i);
                WorkerStats stats = new WorkerStats();
                ServerStack stack = new ServerStack(settings, shared.table, socket::send, stats, mac, response, c.tos(), seed + i,
                        new Share(i, sockets.size()));
                configure(stack, c, i == 0 ? kni : null);
                // dperf's server timer waits 1.1 retransmit timeouts, so that it does not fire with the client's
                stack.sendWindow(c.userspace().sendWindow(), c.retransmitTimeoutSeconds() * 1_100_000_000L);
                workers.add(new Server(c, i, socket, shared, stack, stats, i == 0 ? kni : null));
            }
            return List.copyOf(workers);
        } catch (RuntimeException e) {
            closeAfterFailure(sockets, shared, kni);
            throw e;
        }
    }

    /** What a failed start had opened: the packet sockets, the socket table and the TAP device, whichever exist. */
    private static void closeAfterFailure(List<PacketSocket> sockets, SharedTable shared, Kni kni) {
        sockets.forEach(PacketSocket::close);
        if (shared != null) shared.table.close();
        if (kni != null) kni.close();
    }

    /** The socket's own losses: receive-ring overflows (imissed) and frames the kernel would not send (dropTx). */
    private static void takeSocketCounters(PacketSocket socket, WorkerStats stats) {
        stats.add(Counter.IMISSED, socket.takeDrops());
        stats.add(Counter.DROP_TX, socket.takeMalformed());
    }

    private static int cpu(LoadConfig c, int worker) {
        return c.cpus().isEmpty() ? -1 : c.cpus().get(worker);
    }

    private static final class Client implements ClientLoop {
        private final PacketSocket socket;
        private final SharedTable table;
        private final ClientStack stack;
        private final WorkerStats stats;
        private final LaunchPacer pacer;
        private final long maxOpen;
        private final int cpu;
        private final Kni kni;
        private volatile WorkerState state = WorkerState.RUN;

        Client(LoadConfig c, int worker, PacketSocket socket, SharedTable table, ClientStack stack, WorkerStats stats, long startNanos, Kni kni) {
            this.kni = kni;
            this.socket = socket;
            this.table = table;
            this.stack = stack;
            this.stats = stats;
            int workers = c.workers();
            // each worker launches its share of cps and holds its share of cc, as the kernel engine's workers do
            this.pacer = new LaunchPacer(new LaunchSchedule((double) c.cps() / workers, c.waitSeconds(), c.slowStartSeconds()), startNanos,
                    c.launchNum(), c.cc() == 0);
            long ccShare = c.cc() == 0 ? Long.MAX_VALUE : c.cc() / workers + (worker < c.cc() % workers ? 1 : 0);
            this.maxOpen = Math.min(ccShare, stack.tuples());
            this.cpu = cpu(c, worker);
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
                    if (kni != null) received += kni.pump(socket, stats);
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
                            socket.awaitReadable((int) Math.min(waitNanos / 1_000_000, kni != null ? 1 : 10));
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
                if (kni != null) kni.close();
                stack.free();
                table.release();
            }
        }
    }

    private static final class Server implements ServerLoop {
        private final PacketSocket socket;
        private final SharedTable table;
        private final ServerStack stack;
        private final WorkerStats stats;
        private final int port;
        private final int cpu;
        private final Kni kni;
        private volatile boolean stopped;

        Server(LoadConfig c, int worker, PacketSocket socket, SharedTable table, ServerStack stack, WorkerStats stats, Kni kni) {
            this.kni = kni;
            this.socket = socket;
            this.table = table;
            this.stack = stack;
            this.stats = stats;
            this.port = c.listenPort();
            this.cpu = cpu(c, worker);
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
                    stack.expireTimers(now);
                    if (kni != null) received += kni.pump(socket, stats);
                    socket.flush();
                    if (now - dropsReadAt >= DROPS_EVERY_NANOS) {
                        takeSocketCounters(socket, stats);
                        dropsReadAt = now;
                    }
                    if (received == 0) {
                        // the large responses' timers are 2.2 s at least: waking to the millisecond is close enough
                        long untilTimer = (stack.nextDeadline() - System.nanoTime()) / 1_000_000;
                        socket.awaitReadable((int) Math.max(0, Math.min(untilTimer, kni != null ? 1 : 10)));
                    }
                }
            } finally {
                takeSocketCounters(socket, stats);
                socket.close();
                if (kni != null) kni.close();
                stack.free();
                table.release();
            }
        }
    }
}
