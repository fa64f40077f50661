package org.sonde.replay.linux;

import java.util.List;

/**
 * One real connection's recording (DETER's Table 1 for a Linux host): its endpoints, when the client called
 * {@code connect}, the one-way delay between the namespaces (from the client's and the server's
 * {@code ESTABLISHED} transitions: the handshake's last ACK), the values each endpoint drew at random (initial
 * sequence numbers and timestamp offsets), each endpoint's calls, the segments the network dropped, and the
 * kernel's retransmissions and congestion states. {@code problem} is null when the connection can be replayed,
 * else why not (e.g. the recorder missed its handshake).
 */
record RecordedConnection(int id, String clientIp, int clientPort, String serverIp, int serverPort, long connectNanos,
                                 long oneWayDelayNanos, long clientIss, long serverIss, long clientTsOffset, long serverTsOffset,
                                 List<AppCall> clientCalls, List<AppCall> serverCalls, List<DroppedSegment> drops,
                                 List<KernelEvent> kernelEvents, String problem) {
    public RecordedConnection {
        clientCalls = List.copyOf(clientCalls);
        serverCalls = List.copyOf(serverCalls);
        drops = List.copyOf(drops);
        kernelEvents = List.copyOf(kernelEvents);
    }

    /** The same recording under another number. */
    RecordedConnection withId(int newId) {
        return new RecordedConnection(newId, clientIp, clientPort, serverIp, serverPort, connectNanos, oneWayDelayNanos, clientIss, serverIss,
                clientTsOffset, serverTsOffset, clientCalls, serverCalls, drops, kernelEvents, problem);
    }

    /** {@code client:port -> server:port}. */
    public String name() {
        return clientIp + ":" + clientPort + " -> " + serverIp + ":" + serverPort;
    }
}
