package org.sonde.sim.rdma;

import java.util.ArrayList;
import org.sonde.packet.Aeth;
import org.sonde.packet.Psn;
import org.sonde.packet.RoceOpcode;
import org.sonde.sim.kernel.Timer;
import org.sonde.sim.net.IpFrame;

/**
 * The send queue of a QP (IBA 9.7.4 requester, 9.9.2 go-back-N recovery): segments work requests
 * into packets, handles ACKs, NAKs and READ responses, and goes back to the first unacknowledged
 * PSN on a sequence-error NAK (after the profile's reaction latency), on a gap in READ responses
 * (re-requesting the remainder) and on the local ACK timeout.
 *
 * <p>Positions count packets from the initial PSN in 64 bits; the 24-bit PSN on the wire is the
 * position plus the initial PSN modulo 2^24, and incoming PSNs are mapped back relative to the
 * oldest unacknowledged position, so wrap-around needs no special case anywhere.
 */
final class Requester {
    private static final class Wqe {
        final WorkRequest wr;
        final long firstPos;
        final int packets;
        final long address;

        Wqe(WorkRequest wr, long firstPos, int packets, long address) {
            this.wr = wr;
            this.firstPos = firstPos;
            this.packets = packets;
            this.address = address;
        }

        long end() {
            return firstPos + packets;
        }

        boolean isRead() {
            return wr.verb() == Verb.READ;
        }
    }

    private final QueuePair qp;
    private final RdmaNic nic;
    private final int mtu;
    private final ArrayList<Wqe> wqes = new ArrayList<>();
    private final Timer ackTimer;
    private int head;
    private int sendIndex;
    private long nextPos;
    private long sendPos;
    private long unackedPos;
    private long sentHigh;
    private long blockedUntil;
    private int retries;
    private int rnrRetries;
    private boolean readGap;
    private long nextAddress;

    Requester(QueuePair qp) {
        this.qp = qp;
        this.nic = qp.nic;
        this.mtu = nic.config().mtu();
        this.ackTimer = new Timer(nic.simulator(), this::timeout);
    }

    private int psn(long pos) {
        return Psn.mask(qp.initialPsn + pos);
    }

    /** The position of an incoming PSN, taken as the nearest to the oldest unacknowledged one. */
    private long position(int psn) {
        return unackedPos + Psn.distance(psn(unackedPos), psn);
    }

    void post(WorkRequest wr) {
        if (qp.state == QueuePair.State.ERROR) {
            complete(wr, WorkRequest.Status.FLUSHED, 0);
            return;
        }
        if (qp.type == QueuePair.Type.UD && (wr.verb() != Verb.SEND || wr.bytes() > mtu)) {
            throw new IllegalArgumentException("UD carries SENDs of at most one MTU (" + mtu + " B), got " + wr.verb() + " of " + wr.bytes() + " B");
        }
        int packets = Opcodes.packets(wr.bytes(), mtu);
        // successive requests address successive memory, so their payload patterns differ
        long address = wr.remoteAddress() + nextAddress;
        nextAddress += (wr.bytes() + 63) & ~63L;
        wqes.add(new Wqe(wr, nextPos, packets, address));
        nextPos += packets;
    }

    /** When the next packet may go: now, at the end of an RNR wait, or never (nothing to send, READ slots full). */
    long readyAt(long now) {
        if (sendPos >= nextPos) return Long.MAX_VALUE;
        Wqe w = wqes.get(sendIndex);
        if (w.isRead() && readsInFlight() >= nic.config().maxRdAtomic()) return Long.MAX_VALUE;
        return Math.max(now, blockedUntil);
    }

    private int readsInFlight() {
        int n = 0;
        for (int i = head; i < sendIndex; i++) if (wqes.get(i).isRead()) n++;
        return n;
    }

    RoceFrame nextPacket() {
        Wqe w = wqes.get(sendIndex);
        long pos = sendPos;
        int k = (int) (pos - w.firstPos);
        RoceFrame f;
        int prio = qp.priority;
        if (qp.type == QueuePair.Type.UD) {
            f = new RoceFrame(RoceOpcode.UD_SEND_ONLY, (int) w.wr.bytes(), prio);
            f.sourceIp = qp.localIp;
            f.destinationIp = w.wr.destinationIp();
            f.destinationQp = w.wr.destinationQp();
            f.sourcePort = qp.udpSourcePort;
            f.psn = psn(pos);
            f.queueKey = w.wr.queueKey();
            f.sourceQp = qp.qpn;
            f.messageOffset = w.address;
            f.migReq = nic.profile().migReq();
            if (nic.config().ecn()) f.ecn = IpFrame.ECN_ECT0;
            sendPos++;
        } else if (w.isRead()) {
            long offset = (long) k * mtu;
            f = qp.frame(RoceOpcode.RC_RDMA_READ_REQUEST, 0, psn(pos), prio);
            f.virtualAddress = w.address + offset;
            f.dmaLength = w.wr.bytes() - offset;
            f.remoteKey = rkey();
            sendPos = w.end(); // a READ request stands for all its response PSNs
        } else {
            long offset = (long) k * mtu;
            int len = (int) Math.min(mtu, w.wr.bytes() - offset);
            RoceOpcode op = w.wr.verb() == Verb.SEND ? Opcodes.send(k, w.packets) : Opcodes.write(k, w.packets);
            f = qp.frame(op, len, psn(pos), prio);
            if (op.hasReth()) {
                f.virtualAddress = w.address;
                f.dmaLength = w.wr.bytes();
                f.remoteKey = rkey();
            }
            f.messageOffset = w.address + offset;
            f.ackRequest = k == w.packets - 1;
            sendPos++;
        }
        if (pos < sentHigh) {
            qp.retransmissions++;
            nic.counters().retransmittedPackets++;
        }
        sentHigh = Math.max(sentHigh, sendPos);
        while (sendIndex < wqes.size() && wqes.get(sendIndex).end() <= sendPos) sendIndex++;
        if (qp.type == QueuePair.Type.UD) {
            complete(w.wr, WorkRequest.Status.SUCCESS, w.wr.bytes()); // UD completes once sent
            head++;
            unackedPos = sendPos;
            compact();
        } else if (!ackTimer.armed()) {
            armTimer();
        }
        return f;
    }

    private int rkey() {
        return qp.remoteQpn << 8 | 0x5A; // a stable, QP-specific R_Key
    }

    // --- responses ---------------------------------------------------------------------------

    void onAck(RoceFrame f) {
        if (qp.state != QueuePair.State.RTS) return;
        long pos = position(f.psn);
        switch (f.ackKind()) {
            case ACK -> acknowledge(pos + 1);
            case NAK -> {
                if (Aeth.value(f.syndrome) != Aeth.NakCode.PSN_SEQUENCE_ERROR.code()) {
                    qp.fail(WorkRequest.Status.RETRY_EXCEEDED); // fatal NAKs are not generated by this model
                    return;
                }
                if (pos < unackedPos || pos >= sentHigh) return; // stale
                acknowledge(pos);
                nic.counters().packetSeqErr++;
                long delay = nic.sampleLatency(nic.profile().nakReaction());
                nic.simulator().after(delay, () -> goBack(pos));
            }
            case RNR_NAK -> {
                if (pos < unackedPos || pos >= sentHigh) return;
                acknowledge(pos);
                nic.counters().rnrNakReceived++;
                int limit = nic.config().rnrRetry();
                if (limit != 7 && ++rnrRetries > limit) { // 7 means retry forever (IBA 9.7.5.2.8)
                    nic.counters().rnrNakRetryErr++;
                    qp.fail(WorkRequest.Status.RNR_RETRY_EXCEEDED);
                    return;
                }
                blockedUntil = nic.simulator().now() + Aeth.rnrTimerMicros(Aeth.value(f.syndrome)) * 1000L;
                rewind(pos);
                ackTimer.cancel(); // the RNR timer, not the ACK timer, governs the retry
                nic.scheduler().activate(qp);
            }
            case RESERVED -> { }
        }
    }

    /** The index of the oldest READ whose request has been sent, or -1. */
    private int outstandingRead() {
        int r = head;
        while (r < wqes.size() && !wqes.get(r).isRead()) r++;
        return r == wqes.size() || wqes.get(r).firstPos >= sentHigh ? -1 : r;
    }

    /** The position of the READ response expected next for the outstanding READ {@code r}. */
    private long expectedResponse(int r) {
        return r == head ? unackedPos : wqes.get(r).firstPos;
    }

    /** Whether the READ response {@code f} would reveal a new gap (and so a re-request). */
    boolean opensReadGap(RoceFrame f) {
        int r = outstandingRead();
        if (r < 0 || readGap) return false;
        long pos = position(f.psn);
        return pos > expectedResponse(r) && pos < sentHigh;
    }

    void onReadResponse(RoceFrame f) {
        if (qp.state != QueuePair.State.RTS) return;
        int r = outstandingRead();
        if (r < 0) return; // no READ outstanding
        Wqe w = wqes.get(r);
        long expected = expectedResponse(r);
        long pos = position(f.psn);
        if (pos == expected) {
            for (int i = head; i < r; i++) complete(wqes.get(i).wr, WorkRequest.Status.SUCCESS, wqes.get(i).wr.bytes()); // implied ACK
            head = r;
            unackedPos = pos + 1;
            readGap = false;
            retries = 0;
            if (f.payloadBytes > 0 && qp.placedListener != null) qp.placedListener.accept(f.payloadBytes);
            if (unackedPos == w.end()) {
                complete(w.wr, WorkRequest.Status.SUCCESS, w.wr.bytes());
                head++;
                compact();
                nic.scheduler().activate(qp); // a READ slot is free
            }
            restartTimer();
        } else if (pos > expected && pos < sentHigh) {
            readGapDetected(expected);
        }
        // pos < expected: a duplicate response from before a re-request; discarded
    }

    /** Responses are missing from {@code expected}: re-request once per gap, after the READ NAK generation latency. */
    private void readGapDetected(long expected) {
        if (readGap) return;
        readGap = true;
        nic.counters().impliedNakSeqErr++;
        long delay = nic.sampleLatency(nic.profile().readNakGeneration());
        nic.recoveryStarted();
        nic.simulator().after(delay, () -> {
            nic.recoveryEnded();
            goBack(expected);
        });
    }

    /** Everything before {@code upTo} is acknowledged (an ACK, or the PSNs a NAK implies). */
    private void acknowledge(long upTo) {
        if (upTo <= unackedPos || upTo > sentHigh) return;
        while (head < wqes.size()) {
            Wqe w = wqes.get(head);
            if (w.isRead()) {
                // an ACK beyond an unanswered READ: the responder went past it, so its responses were lost
                if (w.firstPos < upTo) readGapDetected(Math.max(unackedPos, w.firstPos));
                upTo = Math.max(unackedPos, w.firstPos);
                break;
            }
            if (w.end() > upTo) break;
            complete(w.wr, WorkRequest.Status.SUCCESS, w.wr.bytes());
            head++;
        }
        if (upTo > unackedPos) {
            unackedPos = upTo;
            retries = 0;
            rnrRetries = 0;
        }
        compact();
        restartTimer();
    }

    /** Resends from {@code pos} (go-back-N), unless it has been acknowledged meanwhile. */
    private void goBack(long pos) {
        if (qp.state != QueuePair.State.RTS) return;
        pos = Math.max(pos, unackedPos);
        if (pos >= sentHigh) return;
        rewind(pos);
        nic.scheduler().activate(qp);
    }

    private void rewind(long pos) {
        // never forward: an earlier rewind may already have gone further back; inside a READ the
        // request is re-sent for the remainder from pos (its first missing response)
        sendPos = Math.min(sendPos, pos);
        sendIndex = head;
        while (sendIndex < wqes.size() && wqes.get(sendIndex).end() <= sendPos) sendIndex++;
    }

    // --- local ACK timer ---------------------------------------------------------------------

    private long timeoutNanos() {
        var schedule = nic.profile().retransmission().timeoutsNanos();
        if (!schedule.isEmpty()) return schedule.get(Math.min(retries, schedule.size() - 1));
        return nic.config().ibTimeoutNanos();
    }

    private void armTimer() {
        long t = timeoutNanos();
        if (t > 0) ackTimer.armAfter(t);
    }

    private void restartTimer() {
        if (unackedPos < sentHigh) armTimer();
        else ackTimer.cancel();
    }

    private void timeout() {
        if (qp.state != QueuePair.State.RTS || unackedPos >= sentHigh) return;
        NicCounters c = nic.counters();
        c.localAckTimeoutErr++;
        if (nic.profile().retransmission().adaptive()) c.roceAdpRetrans++;
        int max = nic.profile().retransmission().maxRetries() >= 0 ? nic.profile().retransmission().maxRetries() : nic.config().retryCnt();
        if (++retries > max) {
            c.transportRetriesExceeded++;
            qp.fail(WorkRequest.Status.RETRY_EXCEEDED);
            return;
        }
        rewind(unackedPos);
        nic.scheduler().activate(qp);
        armTimer();
    }

    // --- completions -------------------------------------------------------------------------

    private void complete(WorkRequest wr, WorkRequest.Status status, long bytes) {
        if (wr.onComplete() != null) wr.onComplete().accept(new WorkRequest.Completion(wr.id(), wr.verb(), status, bytes, nic.simulator().now()));
    }

    void flush(WorkRequest.Status status) {
        ackTimer.cancel();
        for (int i = head; i < wqes.size(); i++) complete(wqes.get(i).wr, i == head ? status : WorkRequest.Status.FLUSHED, 0);
        wqes.clear();
        head = sendIndex = 0;
        sendPos = nextPos;
    }

    private void compact() {
        if (head > 256 && head * 2 > wqes.size()) {
            wqes.subList(0, head).clear();
            sendIndex -= head;
            head = 0;
        }
    }

    /** Work requests not yet completed. */
    int outstanding() {
        return wqes.size() - head;
    }
}
