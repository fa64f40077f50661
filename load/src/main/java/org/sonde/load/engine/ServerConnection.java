package org.sonde.load.engine;

import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import org.sonde.load.http.HttpRequestParser;

/** One accepted connection's state on the server, pooled like the client's. */
final class ServerConnection {
    SocketChannel channel;
    SelectionKey key;
    final HttpRequestParser parser = new HttpRequestParser();
    /** Whether a raw (newline-framed) request has begun. */
    boolean rawStarted;
    /** The response being written, and how much of it is out. */
    java.nio.ByteBuffer pending;
    int pendingOffset;
    /** Further copies of the keep-alive response owed to pipelined requests after {@link #pending}. */
    int queued;
    boolean closeAfterWrite;
    /** Whether the interest set is OP_WRITE (a response is partly out) rather than OP_READ. */
    boolean waitingToWrite;
    /** The idle timeout's place in its list (with 'keepalive' only). */
    final TimerList.Node<ServerConnection> idleTimer = new TimerList.Node<>(this);

    void clear() {
        channel = null;
        key = null;
        parser.reset();
        rawStarted = false;
        pending = null;
        pendingOffset = 0;
        queued = 0;
        closeAfterWrite = false;
        waitingToWrite = false;
    }
}
