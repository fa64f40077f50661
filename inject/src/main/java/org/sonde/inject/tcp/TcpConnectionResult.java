package org.sonde.inject.tcp;

/**
 * How one connection of a test went.
 *
 * @param localPort   the client's port, as the trace shows it
 * @param bytesSent   what the client wrote
 * @param bytesReceivedByServer what the server read
 * @param intact      the server read exactly what the client wrote (same length and CRC)
 * @param startNanos  when the client began to send (monotonic clock)
 * @param endNanos    when the server had read everything and closed, as the client saw it
 * @param error       what went wrong, or null
 */
public record TcpConnectionResult(int connection, int localPort, long bytesSent, long bytesReceivedByServer, boolean intact,
                                  long startNanos, long endNanos, String error) {
    public boolean complete() {
        return error == null && intact;
    }

    public long durationNanos() {
        return endNanos - startNanos;
    }
}
