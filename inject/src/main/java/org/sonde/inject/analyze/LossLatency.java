package org.sonde.inject.analyze;

/**
 * The retransmission timeline of one lost data packet (anchor §2.7, paper Figure 5), in switch
 * ingress nanoseconds; -1 where a phase does not apply or cannot be measured.
 *
 * @param sequence            the lost packet's mirror sequence number
 * @param nakGenerationNanos  ts(NAK) − ts(first delivered data packet after the loss): the paper's
 *                            definition (Lumina's code measures from the loss instead); -1 when no
 *                            packet was delivered between loss and NAK
 * @param nakReactionNanos    ts(retransmission) − ts(NAK)
 * @param timeoutNanos        SEND/WRITE: ts(retransmission) − ts(the lost transmission of the same PSN);
 *                            READ: ts(re-request) − ts(the last response before it)
 * @param retransmissionNanos ts(retransmission) − ts(loss)
 */
public record LossLatency(int qp, long sequence, int psn, long lostAtNanos, Recovery recovery, long nakGenerationNanos,
                          long nakReactionNanos, long timeoutNanos, long retransmissionNanos) {
}
