package org.sonde.load.engine;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.sonde.load.config.AddressRange;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.http.HttpRequestParser;
import org.sonde.load.stats.Counter;

/**
 * One server event loop: its own listening sockets on every server address × listen port
 * (SO_REUSEPORT, so the kernel spreads connections over workers without a shared accept queue),
 * answering each request with the preencoded response. As in dperf, a request is GET or POST
 * (anything else counts as httpErr); a client asking to close is answered and then closed, so
 * the server closes first.
 */
final class ServerWorker extends SelectingServer {
    private static final int READ_BUFFER_BYTES = 64 * 1024;
    private static final int BACKLOG = 4096;

    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
    private final ByteBuffer keepAliveResponse;
    private final ByteBuffer closeResponse;
    private final ByteBuffer badRequest;
    private final boolean http;
    private final ArrayDeque<ServerConnection> pool = new ArrayDeque<>();
    private final List<ServerSocketChannel> listeners = new ArrayList<>();
    /** dperf's server idle timeout (keepalive's interval plus 4 retransmit timeouts), or null without 'keepalive'. */
    private final TimerList<ServerConnection> idleTimers;

    ServerWorker(LoadConfig config, int index, byte[] keepAlive, byte[] close, byte[] bad) throws IOException {
        super(config, index);
        this.keepAliveResponse = direct(keepAlive);
        this.closeResponse = direct(close);
        this.badRequest = direct(bad);
        this.http = config.httpPayload();
        // a client's next request is due an interval after the response; 4 RTOs leave room for its resends (dperf's rule)
        this.idleTimers = config.keepalive()
                .map(k -> new TimerList<ServerConnection>(k.intervalMicros() * 1000 + 4 * config.retransmitTimeoutSeconds() * 1_000_000_000L))
                .orElse(null);
        bindAll();
    }

    private static ByteBuffer direct(byte[] b) {
        return ByteBuffer.allocateDirect(b.length).put(b).flip();
    }

    @Override
    void bind(InetSocketAddress address) throws IOException {
        ServerSocketChannel ssc = ServerSocketChannel.open();
        listeners.add(ssc);
        ssc.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        ssc.setOption(StandardSocketOptions.SO_REUSEPORT, true);
        try {
            ssc.bind(address, BACKLOG);
        } catch (IOException e) {
            throw new IOException("cannot listen on " + address.getAddress().getHostAddress() + ":" + address.getPort() + ": " + e.getMessage(), e);
        }
        ssc.configureBlocking(false);
        ssc.register(selector, SelectionKey.OP_ACCEPT);
    }

    /** The port actually bound by the first listener (the configured one, or the kernel's choice for port 0). */
    @Override
    public int boundPort() throws IOException {
        return ((InetSocketAddress) listeners.getFirst().getLocalAddress()).getPort();
    }

    @Override
    void closeSockets() {
        for (SelectionKey k : selector.keys()) {
            if (k.attachment() instanceof ServerConnection c && c.channel != null) closeConnection(c);
        }
        listeners.forEach(Channels::closeQuietly);
    }

    @Override
    void serve(SelectionKey key) {
        if (!key.isValid()) return;
        if (key.channel() instanceof ServerSocketChannel ssc) {
            accept(ssc);
            return;
        }
        ServerConnection c = (ServerConnection) key.attachment();
        if (c.channel == null) return;
        try {
            if (key.isWritable()) flush(c);
            if (c.channel != null && key.isValid() && key.isReadable()) read(c);
        } catch (IOException e) {
            // a reset from a client that closes with RST (fast_close) after its last response is a close
            boolean midRequest = c.pending != null || (http ? c.parser.started() : c.rawStarted);
            if (midRequest) fail(c, Counter.SK_RESET);
            else closeConnection(c);
        }
    }

    private void accept(ServerSocketChannel ssc) {
        while (true) {
            SocketChannel ch;
            try {
                ch = ssc.accept();
            } catch (IOException e) {
                return; // out of descriptors: the connection waits in the backlog
            }
            if (ch == null) return;
            try {
                if (!config.clients().isEmpty() && !allowed(((InetSocketAddress) ch.getRemoteAddress()).getAddress())) {
                    // dperf's server accepts only its configured clients
                    stats.increment(Counter.TCP_DROP);
                    ch.setOption(StandardSocketOptions.SO_LINGER, 0);
                    ch.close();
                    continue;
                }
                ch.configureBlocking(false);
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                if (config.tos() != 0) ch.setOption(StandardSocketOptions.IP_TOS, config.tos());
                ServerConnection c = pool.isEmpty() ? new ServerConnection() : pool.pop();
                c.channel = ch;
                c.key = ch.register(selector, SelectionKey.OP_READ, c);
                stats.increment(Counter.SK_OPEN);
                if (idleTimers != null) idleTimers.schedule(c.idleTimer, System.nanoTime());
            } catch (IOException e) {
                stats.increment(Counter.SK_ERR);
                try {
                    ch.close();
                } catch (IOException ignored) {
                    // already failing
                }
            }
        }
    }

    private boolean allowed(InetAddress a) {
        for (AddressRange r : config.clients()) if (r.contains(a)) return true;
        return false;
    }

    private void read(ServerConnection c) throws IOException {
        readBuffer.clear();
        int n = c.channel.read(readBuffer);
        if (n < 0) {
            if (http ? c.parser.started() : c.rawStarted) fail(c, Counter.SK_EOF); // gone in the middle of a request
            else closeConnection(c);
            return;
        }
        stats.add(Counter.BYTES_RX, n);
        if (idleTimers != null && n > 0) idleTimers.schedule(c.idleTimer, System.nanoTime());
        int pos = 0;
        while (pos < n && c.channel != null && !c.closeAfterWrite) {
            if (http) {
                int end = c.parser.parse(readBuffer, pos, n);
                if (end == HttpRequestParser.NEED_MORE) break;
                if (end == HttpRequestParser.MALFORMED) {
                    stats.increment(Counter.HTTP_ERR);
                    respond(c, badRequest, true);
                    break;
                }
                pos = end;
                HttpRequestParser.Method m = c.parser.method();
                boolean closeAfter = c.parser.closeAfter();
                c.parser.reset();
                if (m == HttpRequestParser.Method.OTHER) {
                    stats.increment(Counter.HTTP_ERR);
                    respond(c, badRequest, true);
                    break;
                }
                stats.increment(m == HttpRequestParser.Method.GET ? Counter.HTTP_GET : Counter.HTTP_POST);
                stats.increment(Counter.HTTP_2XX);
                respond(c, closeAfter ? closeResponse : keepAliveResponse, closeAfter);
            } else {
                int i = pos;
                while (i < n && readBuffer.get(i) != '\n') i++;
                c.rawStarted = true;
                if (i == n) break;
                pos = i + 1;
                c.rawStarted = false;
                stats.increment(Counter.TCP_REQ);
                stats.increment(Counter.TCP_RSP);
                respond(c, keepAliveResponse, false);
            }
        }
    }

    /** Sends one response, or queues it behind one still being written. */
    private void respond(ServerConnection c, ByteBuffer response, boolean closeAfter) throws IOException {
        if (closeAfter) c.closeAfterWrite = true;
        if (c.pending != null) {
            if (response == keepAliveResponse && !closeAfter) {
                c.queued++;
                return;
            }
            // a final response after queued ones: keep it simple, finish the queue first by writing now
            flushBlocking(c);
        }
        c.pending = response;
        c.pendingOffset = 0;
        flush(c);
    }

    private void flush(ServerConnection c) throws IOException {
        while (c.pending != null) {
            ByteBuffer r = c.pending;
            r.limit(r.capacity()).position(c.pendingOffset);
            int n = c.channel.write(r);
            stats.add(Counter.BYTES_TX, n);
            c.pendingOffset += n;
            if (c.pendingOffset < r.capacity()) {
                c.key.interestOps(SelectionKey.OP_WRITE); // no more reading until the response is out
                c.waitingToWrite = true;
                return;
            }
            if (c.queued > 0) {
                c.queued--;
                c.pendingOffset = 0;
            } else {
                c.pending = null;
            }
        }
        if (c.closeAfterWrite) {
            closeConnection(c);
            return;
        }
        if (c.waitingToWrite) {
            c.waitingToWrite = false;
            c.key.interestOps(SelectionKey.OP_READ);
        }
    }

    /** Rare: a close-response behind queued pipelined responses; write the queue out on the spot. */
    private void flushBlocking(ServerConnection c) throws IOException {
        boolean closeAfter = c.closeAfterWrite;
        c.closeAfterWrite = false;
        while (c.pending != null) {
            flush(c);
            if (c.pending != null) Thread.onSpinWait();
        }
        c.closeAfterWrite = closeAfter;
    }

    /** Closes the connections idle past the timeout: dperf counts them as failed (skErr). */
    @Override
    void expireTimers(long nowNanos) {
        if (idleTimers == null) return;
        TimerList.Node<ServerConnection> n;
        while ((n = idleTimers.pollExpired(nowNanos)) != null) fail(n.owner, Counter.SK_TIMEOUT);
    }

    private void fail(ServerConnection c, Counter cause) {
        stats.increment(Counter.SK_ERR);
        stats.increment(cause);
        closeConnection(c);
    }

    private void closeConnection(ServerConnection c) {
        if (c.channel == null) return;
        if (idleTimers != null) idleTimers.remove(c.idleTimer);
        if (c.key != null) c.key.cancel();
        try {
            if (config.fastClose()) c.channel.setOption(StandardSocketOptions.SO_LINGER, 0);
            c.channel.close();
        } catch (IOException e) {
            // nothing more to do
        }
        stats.increment(Counter.SK_CLOSE);
        c.clear();
        pool.push(c);
    }
}
