package org.sonde.load.engine;

import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;

/**
 * One UDP "connection" of the client: a 5-tuple flow (a connected datagram channel) that carries
 * one request at a time, as dperf's UDP sockets do (or a round of 'pipeline' requests). Pooled and reused like {@link ClientConnection}.
 */
final class UdpFlow {
    DatagramChannel channel;
    SelectionKey key;
    final TimerList.Node<UdpFlow> retransmitTimer = new TimerList.Node<>(this);
    final TimerList.Node<UdpFlow> keepaliveTimer = new TimerList.Node<>(this);
    /** When the outstanding request was first sent (latency counts from there, resends included). */
    long requestSentNanos;
    int requestsSent;
    /** Resends of the outstanding request so far. */
    int retransmits;
    boolean awaitingResponse;
    /** Requests of the round still without an answer (pipeline: several in flight). */
    int outstanding;
    /** The round's requests that left at least once (a resend of a request the kernel refused is its first transmission). */
    int transmitted;

    void clear() {
        channel = null;
        key = null;
        requestsSent = 0;
        retransmits = 0;
        awaitingResponse = false;
        outstanding = 0;
        transmitted = 0;
    }
}
