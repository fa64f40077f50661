package org.sonde.load.engine;

import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One client connection's state. Objects are pooled by their worker and reused for the next
 * connection, so steady-state requests allocate nothing.
 */
final class ClientConnection {
    SocketChannel channel;
    SelectionKey key;
    final ResponseFramer framer;
    final TimerList.Node<ClientConnection> progressTimer = new TimerList.Node<>(this);
    final TimerList.Node<ClientConnection> keepaliveTimer = new TimerList.Node<>(this);
    long connectStartNanos;
    long requestSentNanos;
    int requestsSent;
    /** Bytes of the request already written (a partial write waits for OP_WRITE). */
    int writeOffset;
    boolean awaitingResponse;
    /** Whether OP_WRITE is in the interest set (a partial write waits). */
    boolean waitingToWrite;
    boolean connected;
    /** The response is complete and the server announced a close: wait for its FIN, so TIME_WAIT stays on the server. */
    boolean awaitingServerClose;

    ClientConnection(ResponseFramer framer) {
        this.framer = framer;
    }

    void clear() {
        channel = null;
        key = null;
        framer.reset();
        requestsSent = 0;
        writeOffset = 0;
        awaitingResponse = false;
        waitingToWrite = false;
        connected = false;
        awaitingServerClose = false;
    }
}
