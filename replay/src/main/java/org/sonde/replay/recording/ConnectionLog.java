package org.sonde.replay.recording;

import org.sonde.packet.Ipv4Address;

/**
 * One connection's recording: who it joined, when it opened, the values its two endpoints drew at random
 * (initial sequence numbers, timestamp offsets) and each endpoint's streams. {@code problem} is null when the
 * recording is complete; otherwise it says why the connection cannot be replayed (e.g. a segment from outside
 * the connection reached it).
 */
public record ConnectionLog(int id, int clientIp, int clientPort, int serverIp, int serverPort, int priority, long startNanos,
                            long clientIss, long clientTsOffset, long serverIss, long serverTsOffset,
                            EndpointLog client, EndpointLog server, String problem) {

    public String src() {
        return Ipv4Address.format(clientIp) + ":" + clientPort;
    }

    public String dst() {
        return Ipv4Address.format(serverIp) + ":" + serverPort;
    }

    /** Endpoint 0 is the client (it connected), 1 the server. */
    public EndpointLog endpoint(int side) {
        return side == 0 ? client : server;
    }
}
