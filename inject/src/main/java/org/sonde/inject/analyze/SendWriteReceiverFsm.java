package org.sonde.inject.analyze;

import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;

/**
 * The SEND/WRITE responder's go-back-N (anchor §2.3 receiver FSM): it accepts delivered data in PSN
 * order, remembers the first PSN lost, and what it sends back must be monotone ACKs and a single NAK
 * naming exactly that PSN. Strict mode also requires the NAK (IBA: an out-of-sequence request is
 * answered with a PSN sequence error NAK) and honours RNR NAKs.
 */
final class SendWriteReceiverFsm extends GbnFsm {
    private int received;
    private boolean lost;
    private int lostPsn;
    private boolean nakedLoss;
    private boolean nakPending;
    private int nak;
    private boolean acked;
    private int ack;
    /** After an RNR NAK the responder discards what follows until the refused PSN comes again. */
    private boolean rnrWait;

    SendWriteReceiverFsm(QpPair qp, long packetsPerQp, GbnOptions options, GbnTally tally, Reasons reasons) {
        super(qp, packetsPerQp, options, tally, reasons);
        received = Psn.add(firstPsn, -1);
    }

    @Override
    void toReceiver(TracePacket p) {
        if (!p.isData()) return; // the sender machine judges those
        if (p.event() == InjectedEvent.CORRUPT) tally.corruptDataPackets++;
        if (!p.delivered()) return;
        int psn = p.psn();
        int expected = Psn.next(received);
        if (psn == expected) {
            received = psn;
            rnrWait = false;
            if (lost && psn == lostPsn) {
                if (strict() && !nakedLoss) {
                    fail(p, "the responder never NAKed the out-of-sequence packets after losing " + describe(lostPsn));
                    return;
                }
                lost = false;
                nakPending = false;
            }
        } else if (Psn.isBefore(psn, expected)) {
            tally.duplicates++;
        } else if (!lost && !rnrWait) {
            lost = true;
            lostPsn = expected;
            nakedLoss = false;
            tally.outOfSequence++;
        }
    }

    @Override
    void toSender(TracePacket p) {
        if (p.isCnp()) return;
        int psn = p.psn();
        if (p.isData()) {
            fail(p, "the data receiver sent a data packet (" + opcode(p) + ") to the sender");
        } else if (p.isRnrNak()) {
            if (strict()) refuse(psn);
        } else if (p.isAck()) {
            if (acked && Psn.isBefore(psn, ack)) {
                fail(p, "ACK " + describe(psn) + " goes back from ACK " + describe(ack));
            } else if (strict() && Psn.isAfter(psn, received)) {
                fail(p, "ACK " + describe(psn) + " acknowledges beyond the last in-order packet received, " + describe(received));
            } else {
                acked = true;
                ack = psn;
            }
        } else if (nakPending) {
            fail(p, "more than one NAK in flight: NAK " + describe(psn) + " while NAK " + describe(nak) + " is pending");
        } else if (!lost || psn != lostPsn) {
            fail(p, "NAK names " + describe(psn) + " but " + (lost ? "the first lost PSN is " + describe(lostPsn) : "nothing was lost (next expected " + describe(Psn.next(received)) + ")"));
        } else if (strict() && p.nakCode() != 0) {
            fail(p, "a lost packet was NAKed with code " + p.nakCode() + " instead of PSN sequence error (0)");
        } else {
            nakPending = true;
            nak = psn;
            nakedLoss = true;
        }
    }

    /** Strict: the responder refused {@code psn} (RNR), so it still expects it, whatever came after. */
    private void refuse(int psn) {
        received = Psn.add(psn, -1);
        rnrWait = true;
        lost = false;
        nakPending = false;
    }

    @Override
    void finish() {
        if (received != lastPsn) {
            failAtEnd("the receiver got data in order up to " + describe(received) + ", expected the last PSN " + describe(lastPsn));
        } else if (lost) {
            failAtEnd("lost PSN " + describe(lostPsn) + " was never recovered");
        } else if (!acked || ack != lastPsn) {
            failAtEnd("the receiver's last ACK was " + (acked ? describe(ack) : "none") + ", expected " + describe(lastPsn));
        }
    }
}
