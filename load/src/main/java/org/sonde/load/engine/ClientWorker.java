package org.sonde.load.engine;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.sonde.load.config.HttpMethod;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.Tallies;
import org.sonde.netio.Epoll;
import org.sonde.netio.TcpSockets;

/**
 * One TCP client event loop on one thread (dperf: one worker per CPU): it launches its share of
 * the connections on the open-loop schedule, sends the preencoded request, parses responses in
 * place from one read buffer, and runs dperf's fixed-delay timers. Nothing is shared with other
 * workers but the read-only configuration; the hot path allocates nothing per request.
 *
 * <p>Sockets are plain descriptors in an edge-triggered epoll set ({@link TcpSockets},
 * {@link Epoll}): a connection costs socket, connect, one epoll_ctl, write, read and close, as in
 * a C generator. The set reports the server's FIN with its response (EPOLLRDHUP), so a connection
 * the server closes needs no read for the end of the stream.
 */
final class ClientWorker extends PacedClient<ClientConnection> {
    private static final int READ_BUFFER_BYTES = 64 * 1024;
    private static final int MAX_EVENTS = 256;
    private static final int INTEREST = Epoll.IN | Epoll.OUT | Epoll.RDHUP | Epoll.EDGE_TRIGGERED;

    private final int requestBytes;
    private final long requestAddress;
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
    private final long readAddress = MemorySegment.ofBuffer(readBuffer).address();
    private final TcpSockets sockets = new TcpSockets();
    private final Epoll epoll = new Epoll(MAX_EVENTS);
    private final boolean ipv6;
    private final MemorySegment[] targets;
    private final MemorySegment source;
    /** Every connection object this worker made, by id (the epoll tag). */
    private final List<ClientConnection> connections = new ArrayList<>();
    private final TimerList<ClientConnection> progressTimers;
    private final boolean http;
    private final Counter requestCounter;
    private final Counter responseCounter;

    ClientWorker(LoadConfig config, int index, int workers, byte[] requestBytes, long startNanos, long maxOpen) throws IOException {
        super(config, index, workers, requestBytes, startNanos, maxOpen);
        this.requestBytes = requestBytes.length;
        this.requestAddress = MemorySegment.ofBuffer(request).address();
        this.ipv6 = family == StandardProtocolFamily.INET6;
        this.targets = endpoints.targets().stream().map(sockets::address).toArray(MemorySegment[]::new);
        // sources vary per connection: one scratch sockaddr, rewritten before each bind
        this.source = sockets.address(new InetSocketAddress(endpoints.targets().getFirst().getAddress(), 0));
        long rtoNanos = config.retransmitTimeoutSeconds() * 1_000_000_000L;
        // dperf gives a socket up after 3 retransmissions and a 4th timeout: 4 RTOs without progress
        this.progressTimers = new TimerList<>(4 * rtoNanos);
        this.http = config.httpPayload();
        this.requestCounter = Tallies.tcpRequestCounter(http, config.httpMethod() == HttpMethod.POST);
        this.responseCounter = http ? Counter.HTTP_2XX : Counter.TCP_RSP;
    }

    @Override
    long nextTimerDeadline() {
        return Math.min(progressTimers.nextDeadline(), keepaliveTimers.nextDeadline());
    }

    @Override
    void launch(long now) {
        int fd = sockets.open(ipv6);
        if (fd < 0) {
            stats.increment(Counter.LAUNCH_SKIPPED); // out of file descriptors
            return;
        }
        // Nagle only delays a write behind unacknowledged data: one request per connection never waits
        int failed = keepalive && requestsPerFlow != 1 ? sockets.setNoDelay(fd) : 0;
        if (config.fastClose()) failed |= sockets.setLingerZero(fd);
        if (config.tos() != 0) failed |= sockets.setTrafficClass(fd, config.tos(), ipv6);
        if (endpoints.bindsSource()) {
            // explicit ports are dperf's tuples; otherwise connect(2) picks the port, as without a bind
            failed |= endpoints.explicitPorts() ? sockets.setReuseAddress(fd) : sockets.setBindAddressNoPort(fd);
            TcpSockets.encode(endpoints.nextSource(), source);
            // the source tuple may be taken (dperf skips a launch whose tuple is not closed)
            if (failed == 0) failed = sockets.bind(fd, source);
        }
        if (failed != 0) {
            stats.increment(Counter.LAUNCH_SKIPPED);
            sockets.close(fd);
            return;
        }
        int r = sockets.connect(fd, targets[endpoints.nextTargetIndex()]);
        if (r == -TcpSockets.EADDRNOTAVAIL) {
            // no free source port for the tuple (IP_BIND_ADDRESS_NO_PORT or no bind): skipped, as a bind that fails
            stats.increment(Counter.LAUNCH_SKIPPED);
            sockets.close(fd);
            return;
        }
        ClientConnection c = pool.isEmpty() ? newConnection() : pool.pop();
        c.fd = fd;
        open++;
        stats.increment(Counter.SK_OPEN);
        c.connectStartNanos = now;
        if (r != 0 && r != -TcpSockets.EINPROGRESS) {
            fail(c, FailureCause.of(-r, false));
            return;
        }
        if (epoll.add(fd, INTEREST, c.id) < 0) {
            fail(c, null);
            return;
        }
        progressTimers.schedule(c.progressTimer, now);
        if (r == 0) onConnected(c, now);
    }

    private ClientConnection newConnection() {
        ClientConnection c = new ClientConnection(connections.size(), http ? new HttpFramer() : new LineFramer());
        connections.add(c);
        return c;
    }

    @Override
    void poll(long timeoutMillis) {
        int n = epoll.await((int) timeoutMillis);
        if (n == 0) return;
        long now = System.nanoTime();
        for (int i = 0; i < n; i++) handle(connections.get((int) epoll.readyTag(i)), epoll.readyEvents(i), now);
    }

    @Override
    void wakeup() {
        epoll.wakeup();
    }

    @Override
    void closeEvents() {
        epoll.close();
        sockets.close();
    }

    private void handle(ClientConnection c, int events, long now) {
        if (c.fd < 0) return;
        if (!c.connected) {
            // a refused or unreachable connect reports an error; a completed one, writability
            if ((events & (Epoll.ERR | Epoll.HUP)) != 0) {
                fail(c, FailureCause.of(sockets.pendingError(c.fd), false));
                return;
            }
            if ((events & Epoll.OUT) == 0) return;
            onConnected(c, now);
        } else if ((events & Epoll.OUT) != 0 && c.waitingToWrite) {
            write(c);
        }
        if (c.fd >= 0 && (events & (Epoll.IN | Epoll.RDHUP | Epoll.HUP | Epoll.ERR)) != 0) read(c, now, (events & Epoll.RDHUP) != 0);
    }

    private void onConnected(ClientConnection c, long now) {
        c.connected = true;
        stats.add(Counter.RTT_SUM_NANOS, now - c.connectStartNanos);
        stats.increment(Counter.RTT_COUNT);
        // a handshake that completes in the drain still carries its request: the connection was
        // launched in the test, and dropping it here would leave skOpen above requests, unexplained
        send(c, now);
    }

    private void send(ClientConnection c, long now) {
        c.requestSentNanos = now;
        c.requestsSent++;
        c.writeOffset = 0;
        c.awaitingResponse = true;
        c.framer.reset();
        stats.increment(requestCounter);
        progressTimers.schedule(c.progressTimer, now);
        write(c);
    }

    private void write(ClientConnection c) {
        long n = sockets.write(c.fd, requestAddress + c.writeOffset, requestBytes - c.writeOffset);
        if (n == -TcpSockets.EAGAIN) n = 0;
        if (n < 0) {
            fail(c, FailureCause.of((int) -n, true)); // reset before the request went out
            return;
        }
        c.writeOffset += (int) n;
        stats.add(Counter.BYTES_TX, n);
        // the edge-triggered set reports writability again once the socket's buffer drains
        c.waitingToWrite = c.writeOffset < requestBytes;
    }

    /**
     * Reads until the socket is drained (the set is edge-triggered: what is left unread now is not
     * reported again). {@code peerClosed}: the server's FIN is queued behind the data.
     */
    private void read(ClientConnection c, long now, boolean peerClosed) {
        while (true) {
            long n = sockets.read(c.fd, readAddress, READ_BUFFER_BYTES);
            if (n == -TcpSockets.EAGAIN) return;
            if (n < 0) {
                // reset by the server: an idle connection's reset is a close, not a failed request
                if (c.awaitingResponse) fail(c, FailureCause.of((int) -n, true));
                else close(c);
                return;
            }
            if (n == 0) {
                endOfStream(c, now);
                return;
            }
            stats.add(Counter.BYTES_RX, n);
            if (!parse(c, (int) n, now)) return;
            if (peerClosed && c.awaitingServerClose) {
                close(c); // the FIN came with the response: no read for the end of the stream
                return;
            }
            // a short read drained the socket; only a FIN behind the data needs another read
            if (n < READ_BUFFER_BYTES && !peerClosed) return;
        }
    }

    /** Parses {@code n} bytes read; false when the connection closed on the way. */
    private boolean parse(ClientConnection c, int n, long now) {
        int pos = 0;
        while (pos < n) {
            if (!c.awaitingResponse) {
                // bytes nobody asked for: not a well-behaved server (dperf: parse error -> httpErr and close)
                stats.increment(Counter.HTTP_ERR);
                close(c);
                return false;
            }
            int end = c.framer.parse(readBuffer, pos, n);
            if (end == ResponseFramer.NEED_MORE) {
                progressTimers.schedule(c.progressTimer, now);
                return true;
            }
            if (end == ResponseFramer.MALFORMED) {
                stats.increment(Counter.HTTP_ERR);
                close(c);
                return false;
            }
            pos = end;
            responseDone(c, now);
            if (c.fd < 0) return false;
        }
        return true;
    }

    private void endOfStream(ClientConnection c, long now) {
        if (c.awaitingResponse) {
            if (c.framer.endOfStream()) {
                responseDone(c, now);
                if (c.fd >= 0) close(c);
            } else {
                fail(c, Counter.SK_EOF); // the server went away in the middle of a request
            }
            return;
        }
        close(c);
    }

    private void responseDone(ClientConnection c, long now) {
        stats.recordLatencyNanos(now - c.requestSentNanos);
        int status = c.framer.status();
        stats.increment(status >= 200 && status < 300 ? responseCounter : Counter.HTTP_ERR);
        c.awaitingResponse = false;
        boolean serverCloses = c.framer.closeAfter();
        c.framer.reset();
        progressTimers.remove(c.progressTimer);
        if (serverCloses) {
            // let the server close first, as in dperf's CPS mode: TIME_WAIT stays on the server side
            c.awaitingServerClose = true;
            progressTimers.schedule(c.progressTimer, now);
            return;
        }
        if (!keepalive || !running() || (requestsPerFlow > 0 && c.requestsSent >= requestsPerFlow)) {
            close(c);
        } else if (keepaliveIntervalNanos == 0) {
            send(c, now);
        } else {
            keepaliveTimers.schedule(c.keepaliveTimer, now);
        }
    }

    @Override
    void expireTimers(long now) {
        TimerList.Node<ClientConnection> n;
        while ((n = progressTimers.pollExpired(now)) != null) {
            ClientConnection c = n.owner;
            if (c.awaitingServerClose) close(c);
            else fail(c, c.connected ? Counter.SK_TIMEOUT : Counter.SK_LOST); // no handshake or no response for 4 RTOs
        }
        while ((n = keepaliveTimers.pollExpired(now)) != null) {
            ClientConnection c = n.owner;
            if (!running()) close(c);
            else send(c, now);
        }
    }

    /** Starting the drain: connections waiting for their next keepalive round close now. */
    @Override
    void closeIdle() {
        TimerList.Node<ClientConnection> n;
        while ((n = keepaliveTimers.pollExpired(Long.MAX_VALUE)) != null) close(n.owner);
        for (ClientConnection c : connections) {
            if (c.fd >= 0 && c.connected && !c.awaitingResponse) close(c);
        }
    }

    /** A failed connection: skErr, and its cause when known (null: a local error, e.g. no file descriptor). */
    private void fail(ClientConnection c, Counter cause) {
        stats.increment(Counter.SK_ERR);
        if (cause != null) stats.increment(cause);
        close(c);
    }

    private void close(ClientConnection c) {
        if (c.fd < 0) return;
        progressTimers.remove(c.progressTimer);
        keepaliveTimers.remove(c.keepaliveTimer);
        sockets.close(c.fd);
        open--;
        stats.increment(Counter.SK_CLOSE);
        c.clear();
        pool.push(c);
    }

    /** The end: a connection still waiting for its response failed (its request went unanswered). */
    @Override
    void closeAll() {
        for (ClientConnection c : connections) {
            if (c.fd < 0) continue;
            if (!c.connected) fail(c, Counter.SK_LOST);
            else if (c.awaitingResponse) fail(c, Counter.SK_TIMEOUT);
            else close(c);
        }
    }
}
