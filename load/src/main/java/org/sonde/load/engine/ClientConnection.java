package org.sonde.load.engine;

/**
 * One client connection's state. Objects are pooled by their worker and reused for the next
 * connection, so steady-state requests allocate nothing.
 */
final class ClientConnection {
    /** The worker's tag for this object (its epoll events carry it). */
    final int id;
    /** The socket, or -1 while the object waits in the pool. */
    int fd = -1;
    final ResponseFramer framer;
    final TimerList.Node<ClientConnection> progressTimer = new TimerList.Node<>(this);
    final TimerList.Node<ClientConnection> keepaliveTimer = new TimerList.Node<>(this);
    long connectStartNanos;
    long requestSentNanos;
    int requestsSent;
    /** Bytes of the request already written (a partial write waits for the socket to drain). */
    int writeOffset;
    boolean awaitingResponse;
    /** A partial write waits for the socket to become writable again. */
    boolean waitingToWrite;
    boolean connected;
    /** The response is complete and the server announced a close: wait for its FIN, so TIME_WAIT stays on the server. */
    boolean awaitingServerClose;

    ClientConnection(int id, ResponseFramer framer) {
        this.id = id;
        this.framer = framer;
    }

    void clear() {
        fd = -1;
        framer.reset();
        requestsSent = 0;
        writeOffset = 0;
        awaitingResponse = false;
        waitingToWrite = false;
        connected = false;
        awaitingServerClose = false;
    }
}
