package org.sonde.inject.analyze;

import org.sonde.sim.rdma.Verb;

/**
 * Per-QP go-back-N counts, the trace side of the NIC counter checks (anchor §2.5).
 *
 * @param nakRetransmissions     SEND/WRITE: retransmissions answering a NAK (Lumina's num_nacks)
 * @param timeoutRetransmissions SEND/WRITE: NAK-less retransmissions; READ: re-requests with no
 *                               out-of-sequence response pending (TRIGGER_TIMEOUT)
 * @param rnrRetransmissions     retransmissions answering an RNR NAK (strict mode only)
 * @param corruptDataPackets     data packets to the receiver with an injected bit error
 * @param outOfSequence          loss episodes the receiver saw (a gap opened; READ: num_oos)
 * @param duplicates             data packets the receiver had already received
 */
public record QpGbnStats(int qp, Verb verb, boolean started, long nakRetransmissions, long timeoutRetransmissions,
                         long rnrRetransmissions, long corruptDataPackets, long outOfSequence, long duplicates) {
    static QpGbnStats of(int qp, Verb verb, GbnTally t) {
        return new QpGbnStats(qp, verb, t.started, t.nakRetransmissions, t.timeoutRetransmissions,
                t.rnrRetransmissions, t.corruptDataPackets, t.outOfSequence, t.duplicates);
    }
}
