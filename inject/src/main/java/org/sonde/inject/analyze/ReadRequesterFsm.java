package org.sonde.inject.analyze;

import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;

/**
 * The READ requester (the data receiver, anchor §2.4 receiver FSM): it accepts responses in PSN
 * order and recovers a gap by re-requesting from the first missing PSN, tagged as answering the
 * out-of-sequence response (TRIGGER_OOS) or a timeout (TRIGGER_TIMEOUT). A duplicate response fails
 * in permissive mode as in Lumina; strict mode ignores it as the WRITE receiver does (whether it was
 * sent for a reason is the responder machine's question).
 */
final class ReadRequesterFsm extends GbnFsm {
    private final int mtu;
    private int received;
    private boolean outOfSequence;
    private boolean requested;
    private int requestEnd;
    /** The last response received in order or request sent: when the requester's timer started. */
    private long timerStart;
    private int timeoutsWithoutProgress;

    ReadRequesterFsm(QpPair qp, long packetsPerQp, int mtu, GbnOptions options, GbnTally tally, Reasons reasons) {
        super(qp, packetsPerQp, options, tally, reasons);
        this.mtu = mtu;
        received = Psn.add(firstPsn, -1);
    }

    @Override
    void toReceiver(TracePacket p) {
        if (p.isCnp()) return;
        int psn = p.psn();
        if (!p.isReadResponse()) {
            fail(p, "the READ requester received a packet that is no READ response (" + opcode(p) + ")");
            return;
        }
        if (p.event() == InjectedEvent.CORRUPT) tally.corruptDataPackets++;
        if (!p.delivered()) return;
        int expected = Psn.next(received);
        if (psn == expected) {
            received = psn;
            outOfSequence = false;
            timerStart = p.timestampNanos();
            timeoutsWithoutProgress = 0;
        } else if (Psn.isBefore(psn, expected)) {
            if (!strict()) {
                fail(p, "duplicate READ response " + describe(psn) + ": responses up to " + describe(received) + " were already received");
                return;
            }
            tally.duplicates++;
        } else if (!outOfSequence) {
            outOfSequence = true;
            tally.outOfSequence++;
        }
    }

    @Override
    void toSender(TracePacket p) {
        if (p.isCnp()) return; // the requester is the notification point of READ traffic
        int start = p.psn();
        if (!p.isReadRequest()) {
            fail(p, "the READ requester sent a packet that is no READ request (" + opcode(p) + ")");
            return;
        }
        int end = ReadRequests.lastResponsePsn(p, mtu);
        boolean reRequest = requested && (strict()
                ? Psn.inWindow(firstPsn, Psn.distance(firstPsn, requestEnd) + 1L, start)
                : end == requestEnd);
        if (reRequest) {
            if (start != Psn.next(received)) {
                fail(p, "re-request from " + describe(start) + ": a READ restarts at the first missing response " + describe(Psn.next(received)));
                return;
            }
            if (!outOfSequence) {
                tally.timeoutRetransmissions++;
                String why = strict() ? timeoutViolation(p.timestampNanos() - timerStart, ++timeoutsWithoutProgress) : null;
                if (why != null) {
                    fail(p, "re-request from " + describe(start) + " with no out-of-sequence response " + why);
                    return;
                }
            }
        } else if (strict() && start != (requested ? Psn.next(requestEnd) : firstPsn)) {
            fail(p, "READ request from " + describe(start) + ": the next request should start at " + describe(requested ? Psn.next(requestEnd) : firstPsn));
            return;
        }
        // IBA's transport timer starts with a request sent while none is outstanding, restarts on progress
        // and with each re-request; a request sent behind outstanding ones leaves it running
        if (!requested || received == requestEnd || reRequest) timerStart = p.timestampNanos();
        if (!reRequest || !strict()) requestEnd = end;
        requested = true;
    }

    @Override
    void finish() {
        if (received != lastPsn) {
            failAtEnd("the requester received READ responses in order up to " + describe(received) + ", expected the last PSN " + describe(lastPsn));
        } else if (outOfSequence) {
            failAtEnd("an out-of-sequence READ response was never recovered");
        } else if (!requested || requestEnd != received) {
            failAtEnd("the last READ request ends at " + (requested ? describe(requestEnd) : "none") + ", not at the last response received " + describe(received));
        }
    }
}
