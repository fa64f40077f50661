package org.sonde.replay.connection;

/**
 * An endpoint's TCP state after an event of the replay (a segment handled, a timer, an application call, a
 * segment sent): the congestion state and window, the RTO and RTT, the windows both ways, the reordering
 * threshold, and the receiver's ACK decisions (quick-ACK mode, delayed ACK pending).
 */
record StateEvent(long timeNanos, String endpoint, String event, String state, String congestionState, int cwnd, int ssthresh,
                         long rtoNanos, long srttNanos, long rttvarNanos, int backoff, long receiveWindow, long sendWindow, int reordering,
                         int packetsOut, int sackedOut, int lostOut, int retransOut, long totalRetransmissions,
                         boolean quickAckMode, int quickAcksLeft, boolean delayedAckPending) {
}
