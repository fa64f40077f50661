package org.sonde.inject.study;

/**
 * Fig. 11, one point: 36 READ QPs, drops on the first {@code droppingQps}.
 *
 * @param innocentMctNanos mean message completion time of the QPs without drops (-1 if none)
 * @param droppedMctNanos  the same for the QPs with drops (-1 if none)
 * @param rxDiscardsPhy    the requester NIC's rx_discards_phy delta
 * @param innocentRetransmissions retransmissions on QPs without injected drops (the NIC discarded their packets)
 * @param timeouts         retransmissions the go-back-N analyzer attributes to timeouts
 * @param incomplete       messages that never completed in the trace
 */
public record NoisyNeighbourRun(String profile, int droppingQps, double innocentMctNanos, double droppedMctNanos, long rxDiscardsPhy, long innocentRetransmissions,
                                long timeouts, long incomplete) {
}
