package org.sonde.inject.analyze;

import org.sonde.core.config.Units;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;

/**
 * One side of one QP's go-back-N conformance check. A machine stops at its first violation: what
 * follows a violation is judged against a state that no longer means anything.
 */
abstract class GbnFsm {
    final QpPair qp;
    final GbnOptions options;
    final GbnTally tally;
    /** P: the PSN of the first data packet. */
    final int firstPsn;
    /** L = P + N·messages − 1: the PSN of the last data packet. */
    final int lastPsn;
    private final Reasons reasons;
    private boolean failed;

    GbnFsm(QpPair qp, long packetsPerQp, GbnOptions options, GbnTally tally, Reasons reasons) {
        this.qp = qp;
        this.options = options;
        this.tally = tally;
        this.reasons = reasons;
        this.firstPsn = qp.firstDataPsn();
        this.lastPsn = Psn.add(firstPsn, (int) ((packetsPerQp - 1) % Psn.MODULUS));
    }

    /** A packet addressed to the data sender (ACK, NAK, CNP; for READ the read requests). */
    abstract void toSender(TracePacket p);

    /** A packet addressed to the data receiver (data; for READ the read responses). */
    abstract void toReceiver(TracePacket p);

    /** Checks the accepting state after the last packet. */
    abstract void finish();

    final void onToSender(TracePacket p) {
        if (!failed) toSender(p);
    }

    final void onToReceiver(TracePacket p) {
        if (!failed) toReceiver(p);
    }

    final void onFinish() {
        if (!failed) finish();
    }

    final boolean strict() {
        return options.mode() == GbnMode.STRICT;
    }

    final void fail(TracePacket p, String what) {
        if (failed) return;
        failed = true;
        reasons.add(new Reason(qp.index(), p.sequence(), p.psn(), what));
    }

    final void failAtEnd(String what) {
        if (failed) return;
        failed = true;
        reasons.add(new Reason(qp.index(), -1, -1, what));
    }

    /** {@code psn} with its offset from P, e.g. {@code 1004 (P+3)}: offsets are what a test names. */
    final String describe(int psn) {
        return psn + " (P" + signed(Psn.distance(firstPsn, psn)) + ")";
    }

    static String opcode(TracePacket p) {
        return "opcode 0x" + Integer.toHexString(p.opcode());
    }

    private static String signed(int d) {
        return d >= 0 ? "+" + d : Integer.toString(d);
    }

    /**
     * Why a retransmission {@code waitedNanos} after the last activity, the {@code attempt}-th in a
     * row without progress, cannot be a timeout under the configured timer; null if it can (or the
     * timer is unknown).
     */
    final String timeoutViolation(long waitedNanos, int attempt) {
        long min = options.minRetransmitTimeoutNanos();
        if (min >= 0 && waitedNanos < min) {
            // both in the timeout's unit: one sentence, one unit
            return "came " + Units.formatNanos(waitedNanos, min) + " after the last transmission or ACK progress, earlier than the minimum retransmit timeout of "
                    + Units.formatNanos(min);
        }
        int limit = options.retryLimit();
        if (limit >= 0 && attempt > limit) {
            return "is timeout retry " + attempt + " without progress, more than retry_cnt " + limit;
        }
        return null;
    }
}
