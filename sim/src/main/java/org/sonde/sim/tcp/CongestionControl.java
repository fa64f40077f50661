package org.sonde.sim.tcp;

/**
 * A congestion control, the hooks of Linux's {@code struct tcp_congestion_ops} that the modelled
 * algorithms use. The socket owns the window ({@link CongestionWindow}) and calls these at the points
 * Linux does; an algorithm keeps only its private state.
 */
interface CongestionControl {
    /** Linux's {@code enum tcp_ca_state}. */
    int OPEN = 0, DISORDER = 1, CWR = 2, RECOVERY = 3, LOSS = 4;

    /** Events of {@code enum tcp_ca_event} that the modelled algorithms react to. */
    enum Event { TX_START, CWND_RESTART, COMPLETE_CWR, LOSS, ECN_NO_CE, ECN_IS_CE }

    String name();

    /** {@code .ssthresh}: the slow-start threshold on entering recovery, CWR or loss. */
    int ssthresh(CongestionWindow w);

    /** {@code .cong_avoid}: grows the window for {@code acked} newly delivered segments. */
    void congAvoid(CongestionWindow w, int acked, long nowNanos);

    /** {@code .set_state}, called before the socket's state changes from {@code oldState}. */
    default void setState(CongestionWindow w, int oldState, int newState) {
    }

    /** {@code .cwnd_event}. */
    default void cwndEvent(CongestionWindow w, Event event, long nowNanos) {
    }

    /** {@code .pkts_acked}: {@code rttNanos} is -1 without a valid sample. */
    default void pktsAcked(CongestionWindow w, int acked, long rttNanos, long nowNanos) {
    }

    /**
     * {@code .in_ack_event} at {@code nowNanos} with what DCTCP and HyStart read from the socket: the cumulative ACK point, the next
     * sequence to send and the sender's {@code delivered} / {@code delivered_ce} packet counts.
     */
    default void inAckEvent(CongestionWindow w, long sndUna, long sndNxt, long delivered, long deliveredCe, long nowNanos) {
    }

    /** {@code TCP_CONG_NEEDS_ECN}: ECN is negotiated on every connection and every packet is ECT. */
    default boolean needsEcn() {
        return false;
    }

    /** A fresh instance for one connection. */
    static CongestionControl create(TcpConfig config) {
        return switch (config.congestionControl()) {
            case RENO -> new Reno();
            case CUBIC -> new Cubic(config.hystart());
            case DCTCP -> new Dctcp(config.dctcpShiftG(), config.dctcpAlphaOnInit());
        };
    }
}
