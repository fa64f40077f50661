package org.sonde.load.engine;

import org.sonde.load.stats.Counter;
import org.sonde.netio.TcpSockets;

/** Which of skErr's causes an errno the kernel gave a TCP client stands for. */
final class FailureCause {
    private static final int ENETUNREACH = 101;
    private static final int EHOSTUNREACH = 113;

    private FailureCause() {}

    /**
     * The cause of a connection's failure that the kernel reported with {@code errno}, before
     * ({@code connected} false) or after the handshake; null for an errno that is no answer from
     * the network (a local error such as no free source port), which skErr counts without a cause.
     */
    static Counter of(int errno, boolean connected) {
        return switch (errno) {
            // an RST, or an ICMP unreachable: someone answered, and said no
            case TcpSockets.ECONNREFUSED, ENETUNREACH, EHOSTUNREACH -> connected ? Counter.SK_RESET : Counter.SK_REFUSED;
            case TcpSockets.ECONNRESET, TcpSockets.EPIPE -> connected ? Counter.SK_RESET : Counter.SK_REFUSED;
            // the kernel's own retransmissions gave up: nothing came back
            case TcpSockets.ETIMEDOUT -> connected ? Counter.SK_TIMEOUT : Counter.SK_LOST;
            default -> null;
        };
    }
}
