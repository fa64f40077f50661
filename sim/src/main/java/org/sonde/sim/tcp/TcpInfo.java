package org.sonde.sim.tcp;

/**
 * A snapshot of a socket's state for statistics, in the spirit of Linux's {@code struct tcp_info}
 * ({@code ss -ti}).
 *
 * @param caState       {@code icsk_ca_state}: {@link CongestionControl#OPEN} .. {@link CongestionControl#LOSS}
 * @param cwnd          congestion window in segments
 * @param mss           payload bytes of a full segment
 * @param srttNanos     smoothed RTT (0 before the first sample)
 * @param rttvarNanos   RTT variation as Linux keeps it (floored at rto_min)
 * @param rtoNanos      current retransmission timeout, backoff included
 * @param bytesAcked    data bytes the peer acknowledged
 * @param bytesRead     data bytes the local application read
 * @param sendWindow    the peer's offered window in bytes
 */
public record TcpInfo(TcpSocket.State state, int caState, int cwnd, int ssthresh, int mss, long srttNanos, long rttvarNanos,
                      long rtoNanos, int backoff, int packetsOut, int sackedOut, int lostOut, int retransOut, int reordering,
                      long bytesAcked, long bytesRead, long totalRetransmissions, long sendWindow) {
}
