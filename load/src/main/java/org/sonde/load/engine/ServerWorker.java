package org.sonde.load.engine;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.sonde.load.config.AddressRange;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.http.HttpRequestParser;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.WorkerStats;
import org.sonde.netio.Epoll;
import org.sonde.netio.TcpSockets;

/**
 * One TCP server event loop: its own listening sockets on every server address × listen port
 * (SO_REUSEPORT, so the kernel spreads connections over workers without a shared accept queue),
 * answering each request with the preencoded response. As in dperf, a request is GET or POST
 * (anything else counts as httpErr); a client asking to close is answered and then closed, so
 * the server closes first.
 *
 * <p>Sockets are plain descriptors, as in the client ({@link TcpSockets}, {@link Epoll}): a
 * connection costs accept4 (non-blocking already), one epoll_ctl, a read and a write per request
 * and close, as in nginx. Options (TCP_NODELAY, SO_LINGER for fast_close, IP_TOS) are set once on
 * the listeners, which the accepted sockets inherit. Connections sit in the set edge-triggered
 * for input, output and the peer's FIN (EPOLLRDHUP), so a client's FIN read with its last request
 * closes the connection without another read; listeners are level-triggered and accept what
 * waits, in batches (nginx's {@code multi_accept}), so one epoll_wait serves many new
 * connections. Requests are parsed in place from one read buffer; nothing is allocated per request.
 * The response to a request asking to close is written with MSG_MORE, so the FIN of the close that
 * follows rides in its segment: one packet less per connection, and one ACK less from the client.
 *
 * <p>With {@code defer_accept} the listeners have TCP_DEFER_ACCEPT (nginx's {@code listen ...
 * deferred}): the kernel hands over a connection only once its first request is there, so it is
 * read and answered right after accept4, and a connection that asked to close is closed without
 * ever entering the epoll set (accept4, read, write, close: one epoll_ctl less). It joins the set
 * only when it stays open or a read or write has to wait.
 */
final class ServerWorker implements ServerLoop {
    private static final int READ_BUFFER_BYTES = 64 * 1024;
    private static final int BACKLOG = 4096;
    private static final int MAX_EVENTS = 256;
    /** Connections accepted per report of a listener: a round of epoll_wait serves all that arrived together. */
    private static final int ACCEPT_BATCH = 64;
    private static final int INTEREST = Epoll.IN | Epoll.OUT | Epoll.RDHUP | Epoll.EDGE_TRIGGERED;
    /**
     * TCP_DEFER_ACCEPT's wait for a first request, as nginx's {@code deferred}: a client that connects and stays silent
     * is handed over after the kernel's first SYN-ACK resend (1 s) and its ACK, so it is served late rather than never.
     */
    private static final int DEFER_ACCEPT_SECONDS = 1;
    /** Listener i is tagged {@code LISTENER_TAG - i}: below every connection id and Epoll's wakeup tag (-1). */
    private static final long LISTENER_TAG = -2;

    private final LoadConfig config;
    private final WorkerStats stats = new WorkerStats();
    private final int cpu;
    private final TcpSockets sockets = new TcpSockets();
    private final Epoll epoll = new Epoll(MAX_EVENTS);
    private final Arena arena = Arena.ofShared();
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
    private final long readAddress = MemorySegment.ofBuffer(readBuffer).address();
    private final MemorySegment keepAliveResponse;
    private final MemorySegment closeResponse;
    private final MemorySegment badRequest;
    private final boolean http;
    /** Whether a peer's address is checked against the configured clients (dperf accepts only those). */
    private final boolean filterClients;
    private final List<Integer> listeners = new ArrayList<>();
    private int firstListenerPort = -1;
    /** Every connection object this worker made, by id (the epoll tag). */
    private final List<ServerConnection> connections = new ArrayList<>();
    private final ArrayDeque<ServerConnection> pool = new ArrayDeque<>();
    /** dperf's server idle timeout (keepalive's interval plus 4 retransmit timeouts), or null without 'keepalive'. */
    private final TimerList<ServerConnection> idleTimers;
    private volatile boolean stopped;

    ServerWorker(LoadConfig config, int index, byte[] keepAlive, byte[] close, byte[] bad) throws IOException {
        this.config = config;
        this.cpu = config.cpus().isEmpty() ? -1 : config.cpus().get(index);
        this.keepAliveResponse = nativeCopy(keepAlive);
        this.closeResponse = nativeCopy(close);
        this.badRequest = nativeCopy(bad);
        this.http = config.httpPayload();
        this.filterClients = !config.clients().isEmpty();
        // a client's next request is due an interval after the response; 4 RTOs leave room for its resends (dperf's rule)
        this.idleTimers = config.keepalive()
                .map(k -> new TimerList<ServerConnection>(k.intervalMicros() * 1000 + 4 * config.retransmitTimeoutSeconds() * 1_000_000_000L))
                .orElse(null);
        try {
            for (InetSocketAddress a : Endpoints.serverAddresses(config)) listen(a);
        } catch (IOException e) {
            closeSockets();
            throw e;
        }
    }

    private MemorySegment nativeCopy(byte[] b) {
        return arena.allocate(Math.max(1, b.length)).copyFrom(MemorySegment.ofArray(b)).asSlice(0, b.length);
    }

    private void listen(InetSocketAddress address) throws IOException {
        boolean ipv6 = address.getAddress() instanceof Inet6Address;
        int fd = sockets.open(ipv6);
        if (fd < 0) throw new IOException("cannot open a socket for " + describe(address) + ": " + TcpSockets.describe(-fd));
        listeners.add(fd);
        int r = sockets.setNoDelay(fd);
        if (r == 0 && config.fastClose()) r = sockets.setLingerZero(fd);
        if (r == 0 && config.tos() != 0) r = sockets.setTrafficClass(fd, config.tos(), ipv6);
        if (r == 0) r = sockets.listen(fd, sockets.address(address), BACKLOG, true);
        if (r == 0 && config.deferAccept()) r = sockets.setDeferAccept(fd, DEFER_ACCEPT_SECONDS);
        if (r == 0) r = epoll.add(fd, Epoll.IN, LISTENER_TAG - (listeners.size() - 1));
        if (r != 0) throw new IOException("cannot listen on " + describe(address) + ": " + TcpSockets.describe(-r));
        if (firstListenerPort < 0) {
            firstListenerPort = sockets.localPort(fd);
            if (firstListenerPort < 0) throw new IOException("getsockname on " + describe(address) + ": " + TcpSockets.describe(-firstListenerPort));
        }
    }

    private static String describe(InetSocketAddress a) {
        return a.getAddress().getHostAddress() + ":" + a.getPort();
    }

    @Override
    public WorkerStats stats() {
        return stats;
    }

    /** The port actually bound by the first listener (the configured one, or the kernel's choice for port 0). */
    @Override
    public int boundPort() {
        return firstListenerPort;
    }

    @Override
    public void stop() {
        stopped = true;
        epoll.wakeup();
    }

    @Override
    public void run() {
        stats.bindToCurrentThread();
        if (cpu >= 0) CpuAffinity.pinCurrentThread(cpu);
        try {
            while (!stopped) {
                int n = epoll.await(idleTimers == null ? 100 : (int) Math.min(100, waitMillis()));
                for (int i = 0; i < n; i++) {
                    long tag = epoll.readyTag(i);
                    if (tag <= LISTENER_TAG) accept(listeners.get((int) (LISTENER_TAG - tag)));
                    else handle(connections.get((int) tag), epoll.readyEvents(i));
                }
                expireTimers(System.nanoTime());
            }
        } finally {
            closeSockets();
        }
    }

    /** Until the next idle timeout is due (at least 1 ms, so a due one is run rather than spun on). */
    private long waitMillis() {
        long next = idleTimers.nextDeadline();
        if (next == Long.MAX_VALUE) return 100;
        return Math.max(1, (next - System.nanoTime()) / 1_000_000 + 1);
    }

    /** Accepts what waits, up to a batch (the level-triggered listener reports the rest again). */
    private void accept(int listenerFd) {
        for (int i = 0; i < ACCEPT_BATCH; i++) {
            int fd = sockets.accept(listenerFd, filterClients);
            // EAGAIN: none left (or another worker took it); EMFILE: the connection waits in the backlog
            if (fd < 0) return;
            open(fd);
        }
    }

    private void open(int fd) {
        if (filterClients && !allowed(sockets.acceptedPeer())) {
            // dperf's server accepts only its configured clients
            stats.increment(Counter.TCP_DROP);
            sockets.setLingerZero(fd);
            sockets.close(fd);
            return;
        }
        ServerConnection c = pool.isEmpty() ? newConnection() : pool.pop();
        c.fd = fd;
        stats.increment(Counter.SK_OPEN);
        if (idleTimers != null) idleTimers.schedule(c.idleTimer, System.nanoTime());
        if (config.deferAccept()) {
            // the request came with the connection: answer it now; a connection closed here never enters the set
            read(c, false);
            if (c.fd < 0) return;
        }
        // edge-triggered, and adding reports what is ready already: input that came after the read above is not missed
        if (epoll.add(fd, INTEREST, c.id) < 0) {
            // out of the kernel's epoll memory (max_user_watches): the connection cannot be watched
            stats.increment(Counter.SK_ERR);
            close(c);
        }
    }

    private ServerConnection newConnection() {
        ServerConnection c = new ServerConnection(connections.size());
        connections.add(c);
        return c;
    }

    private boolean allowed(InetAddress a) {
        for (AddressRange r : config.clients()) if (r.contains(a)) return true;
        return false;
    }

    private void handle(ServerConnection c, int events) {
        if (c.fd < 0) return;
        if (c.writing()) {
            // a stuck response goes on when the socket drains, or fails on the client's reset
            if ((events & (Epoll.OUT | Epoll.ERR | Epoll.HUP)) == 0) return;
            flush(c);
            // input that came while a response was stuck was left unread: its edge is gone, read it now
            if (c.fd >= 0 && !c.writing()) read(c, (events & Epoll.RDHUP) != 0);
            return;
        }
        if ((events & (Epoll.IN | Epoll.RDHUP | Epoll.HUP | Epoll.ERR)) != 0) read(c, (events & Epoll.RDHUP) != 0);
    }

    private boolean midRequest(ServerConnection c) {
        return c.writing() || (http ? c.parser.started() : c.rawStarted);
    }

    /**
     * Reads until the socket is drained (edge-triggered: what is left unread now is not reported
     * again) or a response is stuck (no more reading until it is out, as a client that does not
     * read its responses must not make the server buffer without bound). {@code peerClosed}: the
     * client's FIN is queued behind the data.
     */
    private void read(ServerConnection c, boolean peerClosed) {
        while (true) {
            long n = sockets.read(c.fd, readAddress, READ_BUFFER_BYTES);
            if (n == -TcpSockets.EAGAIN) return;
            if (n < 0) {
                // a reset from a client that closes with RST (fast_close) after its last response is a close
                if (midRequest(c)) fail(c, Counter.SK_RESET);
                else close(c);
                return;
            }
            if (n == 0) {
                endOfStream(c);
                return;
            }
            stats.add(Counter.BYTES_RX, n);
            if (idleTimers != null) idleTimers.schedule(c.idleTimer, System.nanoTime());
            serveRequests(c, (int) n);
            if (c.fd < 0 || c.writing() || c.closeAfterWrite) return;
            if (n < READ_BUFFER_BYTES) {
                // a short read drained the socket; with the FIN behind it, there is no more to read
                if (peerClosed) endOfStream(c);
                return;
            }
        }
    }

    /** The client's FIN: a close, or a failure when it leaves a request unfinished. */
    private void endOfStream(ServerConnection c) {
        if (midRequest(c)) fail(c, Counter.SK_EOF);
        else close(c);
    }

    /** Answers the complete requests among the {@code n} bytes read. */
    private void serveRequests(ServerConnection c, int n) {
        int pos = 0;
        while (pos < n && c.fd >= 0 && !c.closeAfterWrite) {
            if (http) {
                int end = c.parser.parse(readBuffer, pos, n);
                if (end == HttpRequestParser.NEED_MORE) return;
                if (end == HttpRequestParser.MALFORMED) {
                    stats.increment(Counter.HTTP_ERR);
                    respond(c, badRequest, true);
                    return;
                }
                pos = end;
                HttpRequestParser.Method m = c.parser.method();
                boolean closeAfter = c.parser.closeAfter();
                c.parser.reset();
                if (m == HttpRequestParser.Method.OTHER) {
                    stats.increment(Counter.HTTP_ERR);
                    respond(c, badRequest, true);
                    return;
                }
                stats.increment(m == HttpRequestParser.Method.GET ? Counter.HTTP_GET : Counter.HTTP_POST);
                stats.increment(Counter.HTTP_2XX);
                // the FIN may ride in the response's last segment only if closing sends a FIN: a zero linger resets
                // (discarding what is held back), and so does closing with unread input, which a client that asked to
                // close sends no more of (RFC 9112, 9.6); this read ended with the request and drained the socket
                c.finWithResponse = closeAfter && !config.fastClose() && end == n && n < READ_BUFFER_BYTES;
                respond(c, closeAfter ? closeResponse : keepAliveResponse, closeAfter);
            } else {
                int i = pos;
                while (i < n && readBuffer.get(i) != '\n') i++;
                c.rawStarted = true;
                if (i == n) return;
                pos = i + 1;
                c.rawStarted = false;
                stats.increment(Counter.TCP_REQ);
                stats.increment(Counter.TCP_RSP);
                respond(c, keepAliveResponse, false);
            }
        }
    }

    /** Sends one response, or queues it behind one still being written. */
    private void respond(ServerConnection c, MemorySegment response, boolean closeAfter) {
        if (closeAfter) c.closeAfterWrite = true;
        if (c.writing()) {
            if (response == keepAliveResponse && !closeAfter) {
                c.queued++;
                return;
            }
            // a final response after queued ones: keep it simple, finish the queue first by writing now
            flushBlocking(c);
            if (c.fd < 0) return;
        }
        c.pendingAddress = response.address();
        c.pendingLength = (int) response.byteSize();
        c.pendingOffset = 0;
        flush(c);
    }

    /** Writes what is pending; a response the socket cannot take whole waits for the set's next OUT report. */
    private void flush(ServerConnection c) {
        while (c.writing()) {
            long n = c.finWithResponse
                    ? sockets.writeBeforeClose(c.fd, c.pendingAddress + c.pendingOffset, c.pendingLength - c.pendingOffset)
                    : sockets.write(c.fd, c.pendingAddress + c.pendingOffset, c.pendingLength - c.pendingOffset);
            if (n == -TcpSockets.EAGAIN) return;
            if (n < 0) {
                fail(c, Counter.SK_RESET); // the client went away with a response owed
                return;
            }
            stats.add(Counter.BYTES_TX, n);
            c.pendingOffset += (int) n;
            if (c.pendingOffset < c.pendingLength) return; // the socket's buffer is full: wait for OUT
            if (c.queued > 0) {
                c.queued--;
                c.pendingOffset = 0;
            } else {
                c.pendingLength = 0;
            }
        }
        if (c.closeAfterWrite) close(c);
    }

    /** Rare: a close-response behind queued pipelined responses; write the queue out on the spot. */
    private void flushBlocking(ServerConnection c) {
        boolean closeAfter = c.closeAfterWrite;
        c.closeAfterWrite = false;
        while (c.fd >= 0 && c.writing()) {
            flush(c);
            if (c.fd >= 0 && c.writing()) Thread.onSpinWait();
        }
        c.closeAfterWrite = closeAfter;
    }

    /** Closes the connections idle past the timeout: dperf counts them as failed (skErr). */
    private void expireTimers(long nowNanos) {
        if (idleTimers == null) return;
        TimerList.Node<ServerConnection> n;
        while ((n = idleTimers.pollExpired(nowNanos)) != null) fail(n.owner, Counter.SK_TIMEOUT);
    }

    private void fail(ServerConnection c, Counter cause) {
        stats.increment(Counter.SK_ERR);
        stats.increment(cause);
        close(c);
    }

    /** Closing the descriptor also takes it out of the set; fast_close's zero linger came from the listener. */
    private void close(ServerConnection c) {
        if (c.fd < 0) return;
        if (idleTimers != null) idleTimers.remove(c.idleTimer);
        sockets.close(c.fd);
        stats.increment(Counter.SK_CLOSE);
        c.clear();
        pool.push(c);
    }

    private void closeSockets() {
        for (ServerConnection c : connections) close(c);
        for (int fd : listeners) sockets.close(fd);
        listeners.clear();
        epoll.close();
        sockets.close();
        arena.close();
    }
}
