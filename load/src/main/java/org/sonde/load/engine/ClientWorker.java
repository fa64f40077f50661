package org.sonde.load.engine;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import org.sonde.load.config.HttpMethod;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.stats.Counter;

/**
 * One client event loop on one thread (dperf: one worker per CPU): it launches its share of the
 * connections on the open-loop schedule, sends the preencoded request, parses responses in place
 * from one read buffer, and runs dperf's fixed-delay timers. Nothing is shared with other
 * workers but the read-only configuration; the hot path allocates nothing per request.
 */
final class ClientWorker extends SelectingClient<ClientConnection> {
    private static final int READ_BUFFER_BYTES = 64 * 1024;

    private final int requestBytes;
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
    private final TimerList<ClientConnection> progressTimers;
    private final boolean http;
    private final Counter requestCounter;
    private final Counter responseCounter;

    ClientWorker(LoadConfig config, int index, int workers, byte[] requestBytes, long startNanos, long maxOpen) throws IOException {
        super(config, index, workers, requestBytes, startNanos, maxOpen);
        this.requestBytes = requestBytes.length;
        long rtoNanos = config.retransmitTimeoutSeconds() * 1_000_000_000L;
        // dperf gives a socket up after 3 retransmissions and a 4th timeout: 4 RTOs without progress
        this.progressTimers = new TimerList<>(4 * rtoNanos);
        this.http = config.httpPayload();
        this.requestCounter = !http ? Counter.TCP_REQ : config.httpMethod() == HttpMethod.POST ? Counter.HTTP_POST : Counter.HTTP_GET;
        this.responseCounter = http ? Counter.HTTP_2XX : Counter.TCP_RSP;
    }

    @Override
    long nextTimerDeadline() {
        return Math.min(progressTimers.nextDeadline(), keepaliveTimers.nextDeadline());
    }

    @Override
    void launch(long now) {
        SocketChannel ch;
        try {
            ch = SocketChannel.open(family);
        } catch (IOException e) {
            stats.increment(Counter.LAUNCH_SKIPPED); // out of file descriptors
            return;
        }
        ClientConnection c = pool.isEmpty() ? new ClientConnection(http ? new HttpFramer() : new LineFramer()) : pool.pop();
        c.channel = ch;
        try {
            ch.configureBlocking(false);
            // Nagle only delays a write behind unacknowledged data: one request per connection never waits
            if (keepalive) ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            if (config.fastClose()) ch.setOption(StandardSocketOptions.SO_LINGER, 0);
            if (config.tos() != 0) ch.setOption(StandardSocketOptions.IP_TOS, config.tos());
            if (endpoints.bindsSource()) {
                if (endpoints.explicitPorts()) ch.setOption(StandardSocketOptions.SO_REUSEADDR, true);
                ch.bind(endpoints.nextSource());
            }
        } catch (IOException e) {
            // the source tuple is taken (dperf skips a launch whose tuple is not closed)
            stats.increment(Counter.LAUNCH_SKIPPED);
            Channels.closeQuietly(ch);
            c.clear();
            pool.push(c);
            return;
        }
        open++;
        stats.increment(Counter.SK_OPEN);
        c.connectStartNanos = now;
        try {
            boolean connected = ch.connect(endpoints.nextTarget());
            c.key = ch.register(selector, connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT, c);
            progressTimers.schedule(c.progressTimer, now);
            if (connected) onConnected(c, now);
        } catch (IOException e) {
            fail(c);
        }
    }

    @Override
    void handle(SelectionKey key) {
        ClientConnection c = (ClientConnection) key.attachment();
        if (c.channel == null || !key.isValid()) return;
        int ready = key.readyOps();
        long now = System.nanoTime();
        try {
            if (!c.connected) {
                if ((ready & SelectionKey.OP_CONNECT) != 0 && c.channel.finishConnect()) onConnected(c, now);
                return;
            }
            if ((ready & SelectionKey.OP_WRITE) != 0) write(c);
            if (c.channel != null && (ready & SelectionKey.OP_READ) != 0) read(c, now);
        } catch (IOException e) {
            if (c.channel == null) return;
            if (c.awaitingResponse || !c.connected) fail(c);
            else close(c); // an idle connection reset by the server is a close, not a failed request
        }
    }

    private void onConnected(ClientConnection c, long now) throws IOException {
        c.connected = true;
        stats.add(Counter.RTT_SUM_NANOS, now - c.connectStartNanos);
        stats.increment(Counter.RTT_COUNT);
        c.key.interestOps(SelectionKey.OP_READ);
        if (!running()) {
            close(c);
            return;
        }
        send(c, now);
    }

    private void send(ClientConnection c, long now) throws IOException {
        c.requestSentNanos = now;
        c.requestsSent++;
        c.writeOffset = 0;
        c.awaitingResponse = true;
        c.framer.reset();
        stats.increment(requestCounter);
        progressTimers.schedule(c.progressTimer, now);
        write(c);
    }

    private void write(ClientConnection c) throws IOException {
        request.limit(requestBytes).position(c.writeOffset);
        int n = c.channel.write(request);
        c.writeOffset += n;
        stats.add(Counter.BYTES_TX, n);
        boolean partial = c.writeOffset < requestBytes;
        // an unchanged interest set costs nothing, but setting it is an atomic exchange: only on change
        if (partial != c.waitingToWrite) {
            c.waitingToWrite = partial;
            c.key.interestOps(partial ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
        }
    }

    private void read(ClientConnection c, long now) throws IOException {
        readBuffer.clear();
        int n = c.channel.read(readBuffer);
        if (n < 0) {
            endOfStream(c, now);
            return;
        }
        stats.add(Counter.BYTES_RX, n);
        int pos = 0;
        while (pos < n) {
            if (!c.awaitingResponse) {
                // bytes nobody asked for: not a well-behaved server (dperf: parse error -> httpErr and close)
                stats.increment(Counter.HTTP_ERR);
                close(c);
                return;
            }
            int end = c.framer.parse(readBuffer, pos, n);
            if (end == ResponseFramer.NEED_MORE) {
                progressTimers.schedule(c.progressTimer, now);
                return;
            }
            if (end == ResponseFramer.MALFORMED) {
                stats.increment(Counter.HTTP_ERR);
                close(c);
                return;
            }
            pos = end;
            responseDone(c, now);
            if (c.channel == null) return;
        }
    }

    private void endOfStream(ClientConnection c, long now) throws IOException {
        if (c.awaitingResponse) {
            if (c.framer.endOfStream()) {
                responseDone(c, now);
                if (c.channel != null) close(c);
            } else {
                fail(c); // the server went away in the middle of a request
            }
            return;
        }
        close(c);
    }

    private void responseDone(ClientConnection c, long now) throws IOException {
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
            else fail(c); // no handshake or no response for 4 RTOs
        }
        while ((n = keepaliveTimers.pollExpired(now)) != null) {
            ClientConnection c = n.owner;
            if (!running()) {
                close(c);
                continue;
            }
            try {
                send(c, now);
            } catch (IOException e) {
                fail(c);
            }
        }
    }

    /** Starting the drain: connections waiting for their next keepalive round close now. */
    @Override
    void closeIdle() {
        TimerList.Node<ClientConnection> n;
        while ((n = keepaliveTimers.pollExpired(Long.MAX_VALUE)) != null) close(n.owner);
        for (SelectionKey k : selector.keys()) {
            if (k.attachment() instanceof ClientConnection c && c.channel != null && c.connected && !c.awaitingResponse) close(c);
        }
    }

    private void fail(ClientConnection c) {
        stats.increment(Counter.SK_ERR);
        close(c);
    }

    private void close(ClientConnection c) {
        if (c.channel == null) return;
        progressTimers.remove(c.progressTimer);
        keepaliveTimers.remove(c.keepaliveTimer);
        if (c.key != null) c.key.cancel();
        Channels.closeQuietly(c.channel);
        open--;
        stats.increment(Counter.SK_CLOSE);
        c.clear();
        pool.push(c);
    }

    /** The end: a connection still waiting for its response failed (its request went unanswered). */
    @Override
    void closeAll() {
        for (SelectionKey k : selector.keys()) {
            if (k.attachment() instanceof ClientConnection c && c.channel != null) {
                if (c.awaitingResponse || !c.connected) fail(c);
                else close(c);
            }
        }
    }
}
