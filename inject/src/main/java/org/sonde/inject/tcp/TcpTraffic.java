package org.sonde.inject.tcp;

/**
 * What the client sends: {@code connections} connections, opened one after the other (so
 * connection 1 is the first SYN the injector sees), each carrying {@code messagesPerConnection}
 * messages of {@code messageBytes}. With {@code responseBytes} 0 the traffic is bulk (the client
 * writes its messages back to back); otherwise each message is a request the server answers with
 * {@code responseBytes} before the next is sent.
 *
 * @param congestionControl the sender's {@code tcp_congestion_control} (reno, cubic, bbr)
 */
public record TcpTraffic(int connections, int messagesPerConnection, long messageBytes, long responseBytes, String congestionControl) {
    public TcpTraffic {
        if (connections < 1 || messagesPerConnection < 1 || messageBytes < 1 || responseBytes < 0) {
            throw new IllegalArgumentException("connections, messages and message size must be positive, the response size not negative");
        }
    }

    /** Bytes the client sends on one connection. */
    public long bytesPerConnection() {
        return messagesPerConnection * messageBytes;
    }

    public boolean requestResponse() {
        return responseBytes > 0;
    }
}
