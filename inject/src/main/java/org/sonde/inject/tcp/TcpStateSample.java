package org.sonde.inject.tcp;

/**
 * The client's TCP state of one connection as its kernel reported it ({@code tcp_info}), at a
 * time on the trace's clock: a sample is kept when any of these figures changed.
 *
 * @param caState  the congestion state: 0 open, 1 disorder, 2 CWR, 3 recovery, 4 loss
 * @param cwnd     congestion window, in segments
 * @param ssthresh slow-start threshold, in segments; -1 before the first reduction (the kernel's "infinite")
 * @param backoff  how many times the RTO has been doubled
 */
public record TcpStateSample(int connection, long timeNanos, int caState, long cwnd, long ssthresh, long rtoMicros, long rttMicros,
                             long unacked, long retrans, int backoff) {
    /** Linux's TCP_INFINITE_SSTHRESH. */
    public static final long INFINITE_SSTHRESH = 0x7fffffffL;

    /** The name of a congestion state, as {@code ss} shows it. */
    public static String caStateName(int state) {
        return switch (state) {
            case 0 -> "open";
            case 1 -> "disorder";
            case 2 -> "cwr";
            case 3 -> "recovery";
            case 4 -> "loss";
            default -> "state " + state;
        };
    }
}
