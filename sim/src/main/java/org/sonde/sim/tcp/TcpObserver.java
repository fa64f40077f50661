package org.sonde.sim.tcp;

/**
 * Sees what drives a connection: every input a {@link TcpSocket} handles (segments, timer firings, the
 * application's calls), the callbacks it makes into the application, the segments it sends, and its reads of
 * nondeterministic values. A recorder logs them; a replayer feeds the logged values back through
 * {@link #nondeterministic}. It is told synchronously inside the simulation, in the middle of the socket's work, so it
 * must not call the socket (an application calls it from its {@link TcpSocket.Listener} or from events of its own);
 * the default observer sees nothing, so a stack without one costs an interface call per event.
 *
 * <p>Set one per stack with {@link TcpStack#observe} (or {@link TcpFlowTransport#observe} for all of a
 * scenario's stacks).
 */
public interface TcpObserver {
    /** A value a connection draws at random (Linux hashes secrets for these). */
    enum Draw {
        /** The initial sequence number. */
        ISS,
        /** The timestamp clock's offset ({@code tsoffset}). */
        TS_OFFSET
    }

    /** The timers that call into a socket. */
    enum TimerKind {
        /** The retransmission timer armed for the RTO ({@code ICSK_TIME_RETRANS}). */
        RETRANS,
        /** ... for a zero-window probe ({@code ICSK_TIME_PROBE0}). */
        PROBE0,
        /** ... for RACK's reordering timeout ({@code ICSK_TIME_REO_TIMEOUT}). */
        REO_TIMEOUT,
        /** ... for a tail loss probe ({@code ICSK_TIME_LOSS_PROBE}). */
        LOSS_PROBE,
        /** The retransmission timer fired with nothing pending. */
        XMIT_IDLE,
        /** The delayed-ACK timer. */
        DELACK,
        /** A rate-limited reader's next read. */
        READ,
        /** The end of TIME_WAIT. */
        TIME_WAIT
    }

    /** The application's calls on a socket. */
    enum Call {
        /** {@link TcpSocket#send}(a). */
        SEND,
        /** {@link TcpSocket#close}(). */
        CLOSE,
        /** {@link TcpSocket#abort}(). */
        ABORT,
        /** {@link TcpSocket#read}(a). */
        READ,
        /** {@link TcpSocket#readAll}(). */
        READ_ALL,
        /** {@link TcpSocket#readAtRate}(a bits/s, b bytes per read). */
        READ_AT_RATE,
        /** {@link TcpSocket#stopReading}(). */
        STOP_READING,
        /** {@link TcpSocket#lockSock}(). */
        LOCK,
        /** {@link TcpSocket#releaseSock}(). */
        RELEASE
    }

    /** The socket's callbacks into the application; {@link #ACCEPT} is the listener's acceptor. */
    enum Callback { ACCEPT, CONNECTED, ACKED, READABLE, READ, PEER_CLOSED, CLOSED }

    TcpObserver NONE = new TcpObserver() {
    };

    /** A socket was created: by {@code connect} (before its SYN) or by a listener for an arriving SYN. */
    default void created(TcpSocket socket) {
    }

    /** A segment for {@code socket} is about to be handled. */
    default void arrived(TcpSocket socket, TcpSegment segment) {
    }

    /** The socket handed {@code segment} to its host (addresses and MACs filled in). */
    default void sent(TcpSocket socket, TcpSegment segment) {
    }

    /** A timer of the socket fires ({@code done} false, before its handler) or has been handled ({@code done} true). */
    default void timer(TcpSocket socket, TimerKind kind, boolean done) {
    }

    /** The application called {@code call} with arguments {@code a} and {@code b} (0 where unused), before it runs. */
    default void call(TcpSocket socket, Call call, long a, long b) {
    }

    /** The socket enters ({@code done} false) or leaves ({@code done} true) a callback into the application. */
    default void callback(TcpSocket socket, Callback callback, boolean done) {
    }

    /** The socket drew {@code drawn} for {@code what}; it uses the value returned. */
    default long nondeterministic(TcpSocket socket, Draw what, long drawn) {
        return drawn;
    }
}
