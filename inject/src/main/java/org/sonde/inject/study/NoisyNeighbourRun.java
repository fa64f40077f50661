package org.sonde.inject.study;

/**
 * Fig. 11, one point: 36 READ QPs, drops on the first {@code droppingQps}.
 *
 * @param innocentMctNanos mean message completion time of the QPs without drops as the traffic generator measured it
 *                         (null if none); the switch cannot see packets the NIC discards, the generator waits for them
 * @param droppedMctNanos  the same for the QPs with drops (null if none)
 * @param innocentTraceMctNanos the innocent QPs' mean completion time in the trace (first packet to the last response passing the switch; null if none)
 * @param rxDiscardsPhy    the requester NIC's rx_discards_phy delta
 * @param innocentRetransmissions retransmissions on QPs without injected drops, as the go-back-N analyzer counts them
 * @param innocentQpsOffTrace innocent QPs whose go-back-N check failed: the requester re-requested responses the switch
 *                         had delivered, i.e. its NIC discarded them
 * @param localAckTimeouts the requester NIC's local_ack_timeout_err delta
 * @param incomplete       messages the generator did not complete
 */
public record NoisyNeighbourRun(String profile, int droppingQps, Double innocentMctNanos, Double droppedMctNanos, Double innocentTraceMctNanos,
                                long rxDiscardsPhy, long innocentRetransmissions, long innocentQpsOffTrace,
                                long localAckTimeouts, long incomplete) {
}
