package org.sonde.load.engine;

import org.sonde.load.http.HttpRequestParser;

/** One accepted connection's state on the server, pooled like the client's. */
final class ServerConnection {
    /** Its index in the worker's table: the epoll tag. */
    final int id;
    /** The socket, or -1 while pooled. */
    int fd = -1;
    final HttpRequestParser parser = new HttpRequestParser();
    /** Whether a raw (newline-framed) request has begun. */
    boolean rawStarted;
    /** The response being written (native memory, preencoded), and how much of it is out; length 0: none. */
    long pendingAddress;
    int pendingLength;
    int pendingOffset;
    /** Further copies of the keep-alive response owed to pipelined requests after the pending one. */
    int queued;
    boolean closeAfterWrite;
    /** The response is written with MSG_MORE, so that the FIN of the close after it rides in its last segment. */
    boolean finWithResponse;
    /** The idle timeout's place in its list (with 'keepalive' only). */
    final TimerList.Node<ServerConnection> idleTimer = new TimerList.Node<>(this);

    ServerConnection(int id) {
        this.id = id;
    }

    boolean writing() {
        return pendingLength != 0;
    }

    void clear() {
        fd = -1;
        parser.reset();
        rawStarted = false;
        pendingAddress = 0;
        pendingLength = 0;
        pendingOffset = 0;
        queued = 0;
        closeAfterWrite = false;
        finWithResponse = false;
    }
}
