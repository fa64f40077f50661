package org.sonde.inject.analyze;

import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;

/**
 * The READ responder (the data sender, anchor §2.4 sender FSM): every response must continue the
 * previous one or restart at the start of a request it received. Strict mode also keeps responses
 * within what was requested, which covers several outstanding READs.
 */
final class ReadResponderFsm extends GbnFsm {
    private final int mtu;
    private boolean requested;
    private int requestStart;
    private int requestEnd;
    /** Strict: the furthest PSN any request asked for, and a re-request's start still to be served. */
    private int requestedUpTo;
    private boolean restartPending;
    private int restart;
    private boolean sent;
    private int send;

    ReadResponderFsm(QpPair qp, long packetsPerQp, int mtu, GbnOptions options, GbnTally tally, Reasons reasons) {
        super(qp, packetsPerQp, options, tally, reasons);
        this.mtu = mtu;
    }

    @Override
    void toSender(TracePacket p) {
        if (!p.isData()) return; // CNPs go to the responder as the reaction point
        if (!p.isReadRequest()) {
            fail(p, "the READ responder received a data packet that is no READ request (" + opcode(p) + ")");
            return;
        }
        if (!p.delivered()) return;
        int start = p.psn();
        int end = ReadRequests.lastResponsePsn(p, mtu);
        if (strict()) {
            if (!requested || start == Psn.next(requestedUpTo)) {
                requestedUpTo = end;
            } else if (Psn.inWindow(firstPsn, Psn.distance(firstPsn, requestedUpTo) + 1L, start)) {
                restartPending = true;
                restart = start;
            } else {
                fail(p, "READ request from " + describe(start) + " neither continues after " + describe(requestedUpTo) + " nor re-requests an earlier PSN");
                return;
            }
        }
        requested = true;
        requestStart = start;
        requestEnd = end;
    }

    @Override
    void toReceiver(TracePacket p) {
        if (!p.isReadResponse()) {
            if (p.isData()) fail(p, "the READ responder sent a data packet that is no READ response (" + opcode(p) + ")");
            return;
        }
        int psn = p.psn();
        if (!requested) {
            fail(p, "READ response " + describe(psn) + " before any READ request reached the responder");
            return;
        }
        if (strict() ? !strictResponseOk(psn) : !(psn == requestStart || (sent && psn == Psn.next(send)))) {
            fail(p, "READ response " + describe(psn) + " was not asked for: expected " + (sent ? "the next PSN " + describe(Psn.next(send)) + " or " : "")
                    + "the start of a request " + describe(strict() && restartPending ? restart : requestStart)
                    + (strict() ? " within the requested PSNs up to " + describe(requestedUpTo) : ""));
            return;
        }
        sent = true;
        send = psn;
    }

    private boolean strictResponseOk(int psn) {
        if (restartPending && psn == restart) {
            restartPending = false;
            return true;
        }
        int expected = sent ? Psn.next(send) : firstPsn;
        return psn == expected && Psn.inWindow(firstPsn, Psn.distance(firstPsn, requestedUpTo) + 1L, psn);
    }

    @Override
    void finish() {
        if (!sent || send != lastPsn) {
            failAtEnd("the responder's last READ response was " + (sent ? describe(send) : "none") + ", expected the last PSN " + describe(lastPsn));
        } else if (requestEnd != send) {
            failAtEnd("the last READ request ends at " + describe(requestEnd) + ", not at the last response " + describe(send));
        } else if (strict() && restartPending) {
            failAtEnd("re-request from " + describe(restart) + " was never served");
        }
    }
}
