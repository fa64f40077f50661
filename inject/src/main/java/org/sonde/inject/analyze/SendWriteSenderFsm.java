package org.sonde.inject.analyze;

import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;

/**
 * The SEND/WRITE requester's go-back-N (anchor §2.3 sender FSM): what it sends must be in order, the
 * retransmission a pending NAK asks for, or (strict) an RNR retry or a timeout retransmission from the
 * first unacknowledged PSN; what it receives must be monotone ACKs and at most one pending NAK.
 */
final class SendWriteSenderFsm extends GbnFsm {
    private boolean sent;
    private int send;
    /** The furthest PSN sent: after going back, {@code send} is behind it and ACKs up to it are still legal. */
    private int furthestSent;
    private boolean acked;
    private int ack;
    private boolean nakPending;
    private int nak;
    private boolean rnrPending;
    private int rnr;
    /** When the retransmit timer last (re)started: a transmission or an ACK that made progress. */
    private long timerStart;
    private int timeoutsWithoutProgress;

    SendWriteSenderFsm(QpPair qp, long packetsPerQp, GbnOptions options, GbnTally tally, Reasons reasons) {
        super(qp, packetsPerQp, options, tally, reasons);
    }

    @Override
    void toSender(TracePacket p) {
        // The sender reacts only to what reaches it; CNPs are the CNP analyzer's business.
        if (!p.delivered() || p.isCnp() || p.isData()) return;
        int psn = p.psn();
        if (p.isRnrNak()) {
            if (strict()) {
                rnrPending = true;
                rnr = psn;
            }
            return;
        }
        if (p.isAck()) {
            if (acked && Psn.isBefore(psn, ack)) {
                fail(p, "ACK " + describe(psn) + " goes back from ACK " + describe(ack));
                return;
            }
            if (strict() && (!sent || Psn.isAfter(psn, furthestSent))) {
                fail(p, "ACK " + describe(psn) + " acknowledges a PSN never sent" + (sent ? " (sent up to " + describe(furthestSent) + ")" : ""));
                return;
            }
            acknowledge(psn, p.timestampNanos());
        } else if (p.isNak()) {
            if (nakPending) {
                fail(p, "more than one NAK in flight: NAK " + describe(psn) + " while NAK " + describe(nak) + " awaits its retransmission");
                return;
            }
            if (strict() && p.nakCode() != 0) {
                fail(p, "NAK code " + p.nakCode() + " (invalid request, remote access or operational error) where only a PSN sequence error NAK (code 0) is expected");
                return;
            }
            nakPending = true;
            nak = psn;
            // A sequence-error NAK also acknowledges everything before the PSN it names.
            if (strict()) acknowledge(Psn.add(psn, -1), p.timestampNanos());
        }
    }

    private void acknowledge(int psn, long ts) {
        if (!acked || Psn.isAfter(psn, ack)) {
            timerStart = ts;
            timeoutsWithoutProgress = 0;
        }
        if (!acked || !Psn.isBefore(psn, ack)) ack = psn;
        acked = true;
    }

    @Override
    void toReceiver(TracePacket p) {
        if (!p.isData()) {
            fail(p, "the data sender sent a non-data packet (" + opcode(p) + ") to the receiver QP");
            return;
        }
        int psn = p.psn();
        boolean retransmittedOnTimeout = false;
        if (!sent || psn == Psn.next(send)) {
            // in order
        } else if (nakPending && psn == nak) {
            tally.nakRetransmissions++;
            nakPending = false;
        } else if (rnrPending && psn == rnr) {
            tally.rnrRetransmissions++;
            rnrPending = false;
        } else if (!strict()) {
            if (nakPending) {
                fail(p, "sent " + describe(psn) + " after " + describe(send) + " while NAK " + describe(nak) + " is pending: neither the next PSN nor the NAKed one");
                return;
            }
            tally.timeoutRetransmissions++;
            retransmittedOnTimeout = true;
        } else if (!judgeTimeoutRetransmission(p)) {
            return;
        } else {
            retransmittedOnTimeout = true;
        }
        // IBA's transport timer starts with a packet sent while none is outstanding, restarts on ACK
        // progress (a NAK included) and when it expires (a timeout retransmission); a packet sent behind
        // outstanding ones leaves it running, so the lower bound on a timeout counts from the earliest start
        boolean idle = !sent || acked && ack == send;
        if (idle || retransmittedOnTimeout) timerStart = p.timestampNanos();
        if (!sent || Psn.isAfter(psn, furthestSent)) furthestSent = psn;
        sent = true;
        send = psn;
    }

    /** Strict: a NAK-less jump in the PSN sequence is legal only as a timeout retransmission. */
    private boolean judgeTimeoutRetransmission(TracePacket p) {
        int psn = p.psn();
        int restart = acked ? Psn.next(ack) : firstPsn;
        if (psn != restart) {
            fail(p, "sent " + describe(psn) + " after " + describe(send) + ": expected the next PSN " + describe(Psn.next(send))
                    + (nakPending ? ", the NAKed " + describe(nak) : "")
                    + " or a timeout retransmission from the first unacknowledged " + describe(restart));
            return false;
        }
        // restarting at the first unacknowledged PSN makes it a timeout retransmission (the counters will
        // say so too); it may still break the configured timer
        tally.timeoutRetransmissions++;
        String why = timeoutViolation(p.timestampNanos() - timerStart, ++timeoutsWithoutProgress);
        if (why != null) {
            fail(p, "retransmission of " + describe(psn) + " without a NAK " + why);
            return false;
        }
        return true;
    }

    @Override
    void finish() {
        // Lumina wants the last packet sent to be L; after a spurious timeout an ACK of L ends a
        // strict sender's go-back early, so there it is the furthest PSN sent that must be L.
        int last = strict() ? furthestSent : send;
        if (!sent || last != lastPsn) {
            failAtEnd("the sender's " + (strict() ? "furthest" : "last") + " data packet was " + (sent ? describe(last) : "none") + ", expected the last PSN " + describe(lastPsn));
        } else if (!acked || ack != lastPsn) {
            failAtEnd("the last ACK was " + (acked ? describe(ack) : "none") + ", expected an ACK of the last PSN " + describe(lastPsn));
        } else if (nakPending) {
            failAtEnd("NAK " + describe(nak) + " was never answered by a retransmission");
        } else if (rnrPending) {
            failAtEnd("RNR NAK " + describe(rnr) + " was never answered by a retry");
        }
    }
}
