package org.sonde.inject.tcp;

/**
 * What the client sends: {@code connections} connections, opened one after the other (so
 * connection 1 is the first SYN the injector sees), each carrying {@code messagesPerConnection}
 * messages of {@code messageBytes}. With {@code responseBytes} 0 the traffic is bulk (the client
 * writes its messages back to back); otherwise each message is a request the server answers with
 * {@code responseBytes} before the next is sent.
 *
 * @param congestionControl the sender's {@code tcp_congestion_control} (reno, cubic, bbr)
 * @param receiver          how the server's application reads
 */
public record TcpTraffic(int connections, int messagesPerConnection, long messageBytes, long responseBytes, String congestionControl,
                         Receiver receiver) {
    public TcpTraffic {
        if (connections < 1 || messagesPerConnection < 1 || messageBytes < 1 || responseBytes < 0) {
            throw new IllegalArgumentException("connections, messages and message size must be positive, the response size not negative");
        }
    }

    /** Traffic whose server reads everything as it arrives, with the kernel's buffer sizes. */
    public TcpTraffic(int connections, int messagesPerConnection, long messageBytes, long responseBytes, String congestionControl) {
        this(connections, messagesPerConnection, messageBytes, responseBytes, congestionControl, Receiver.EAGER);
    }

    /**
     * How the server's application reads each connection: a small receive buffer and a pause in
     * reading make the receiver close its window, so that the sender must probe it.
     *
     * @param bufferBytes     the server's {@code SO_RCVBUF} (Linux doubles it for its own overhead); 0: the kernel's default
     * @param pauseAfterBytes once it has read this many bytes of a connection, the server stops reading it ...
     * @param pauseNanos      ... for this long (0: never)
     */
    public record Receiver(long bufferBytes, long pauseAfterBytes, long pauseNanos) {
        public static final Receiver EAGER = new Receiver(0, 0, 0);

        public Receiver {
            if (bufferBytes < 0 || pauseAfterBytes < 0 || pauseNanos < 0) throw new IllegalArgumentException("receiver settings must not be negative");
        }

        public boolean pauses() {
            return pauseNanos > 0;
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
