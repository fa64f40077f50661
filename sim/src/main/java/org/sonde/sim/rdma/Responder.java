package org.sonde.sim.rdma;

import java.util.ArrayDeque;
import org.sonde.packet.Aeth;
import org.sonde.packet.Psn;
import org.sonde.packet.RoceOpcode;

/**
 * The receive side of a QP (IBA 9.7.5 responder): executes requests in PSN order, acknowledges
 * (coalescing up to {@code ack-coalescing} packets, always on AckReq), answers the first packet of
 * an out-of-sequence episode with one PSN-sequence-error NAK and silently drops the rest until the
 * expected PSN arrives, re-acknowledges duplicates, re-executes duplicate READ requests, sends RNR
 * NAKs when a SEND finds no receive buffer, and streams READ responses through the QP's pacer.
 */
final class Responder {
    private static final class ReadJob {
        final int startPsn;
        final long address;
        final long length;
        final int packets;
        int sent;

        ReadJob(int startPsn, long address, long length, int packets) {
            this.startPsn = startPsn;
            this.address = address;
            this.length = length;
            this.packets = packets;
        }
    }

    private final QueuePair qp;
    private final RdmaNic nic;
    private final int mtu;
    private final ArrayDeque<ReadJob> jobs = new ArrayDeque<>();
    /** ACKs and NAKs behind READ responses still to send: a responder answers in PSN order (IBA 9.7.5.1). */
    private final ArrayDeque<RoceFrame> afterResponses = new ArrayDeque<>();
    private int ePsn;
    private int msn;
    private int unacked;
    private long postedReceives;
    private boolean nakEpisode;
    private boolean rnrEpisode;
    private long jobsNotBefore;
    /** One past the highest READ response PSN sent: responses before it are resends. */
    private int responseHigh;

    Responder(QueuePair qp) {
        this.qp = qp;
        this.nic = qp.nic;
        this.mtu = nic.config().mtu();
    }

    void start(int peerInitialPsn) {
        ePsn = peerInitialPsn;
        responseHigh = peerInitialPsn;
    }

    int expectedPsn() {
        return ePsn;
    }

    void postReceive(int n) {
        postedReceives += n;
    }

    /** Handles a request packet; returns whether it was out of sequence (the NIC's slow path). */
    boolean onRequest(RoceFrame f) {
        if (qp.type == QueuePair.Type.UD) {
            onDatagram(f);
            return false;
        }
        int d = Psn.distance(ePsn, f.psn);
        if (d == 0) {
            inOrder(f);
            return false;
        }
        if (d > 0) {
            outOfSequence();
            return true;
        }
        duplicate(f);
        return false;
    }

    private void inOrder(RoceFrame f) {
        nakEpisode = false;
        rnrEpisode = false;
        RoceOpcode op = f.opcode;
        if (op == RoceOpcode.RC_RDMA_READ_REQUEST) {
            nic.counters().rxReadRequests++;
            int packets = Opcodes.packets(f.dmaLength, mtu);
            jobs.add(new ReadJob(f.psn, f.virtualAddress, f.dmaLength, packets));
            ePsn = Psn.add(ePsn, packets);
            msn = Psn.next(msn);
            unacked = 0; // the responses acknowledge what came before
            nic.scheduler().activate(qp);
            return;
        }
        if (Opcodes.isSend(op) && Opcodes.startsMessage(op)) {
            if (postedReceives == 0) {
                rnrNak(f);
                return;
            }
            postedReceives--;
        }
        if (Opcodes.startsMessage(op) && !Opcodes.isSend(op)) nic.counters().rxWriteRequests++;
        if (f.payloadBytes > 0 && qp.placedListener != null) qp.placedListener.accept(f.payloadBytes);
        ePsn = Psn.next(ePsn);
        if (Opcodes.endsMessage(op)) msn = Psn.next(msn);
        unacked++;
        int coalesce = nic.config().ackCoalescing();
        if (f.ackRequest || coalesce > 0 && unacked >= coalesce) sendAck();
    }

    /** Whether {@code f} would start an out-of-sequence episode (and so a NAK). */
    boolean opensNakEpisode(RoceFrame f) {
        return qp.type == QueuePair.Type.RC && Psn.distance(ePsn, f.psn) > 0 && !inEpisode();
    }

    private boolean inEpisode() {
        return nakEpisode || rnrEpisode; // one NAK per episode; after an RNR NAK drop silently
    }

    private void outOfSequence() {
        if (inEpisode()) return;
        nakEpisode = true;
        nic.counters().outOfSequence++;
        int psn = ePsn;
        int syndrome = Aeth.nak(Aeth.NakCode.PSN_SEQUENCE_ERROR, msn).syndrome();
        int msnNow = msn;
        long delay = nic.sampleLatency(nic.profile().nakGeneration());
        nic.recoveryStarted();
        nic.simulator().after(delay, () -> {
            nic.recoveryEnded();
            sendAeth(psn, syndrome, msnNow);
            // NVIDIA's slow restart: the NP answers a loss with a CNP as well, if it sends CNPs at all
            if (nic.profile().cnp().onNak() && nic.config().dcqcn().npEnable()) nic.notificationPoint().trigger(qp, qp.remoteIp);
        });
    }

    private void duplicate(RoceFrame f) {
        nic.counters().duplicateRequest++;
        if (f.opcode == RoceOpcode.RC_RDMA_READ_REQUEST) {
            // re-execute from the re-requested PSN; responses in progress are superseded, later
            // requests will arrive again behind this one (go-back-N)
            jobs.clear();
            jobs.add(new ReadJob(f.psn, f.virtualAddress, f.dmaLength, Opcodes.packets(f.dmaLength, mtu)));
            jobsNotBefore = nic.simulator().now() + nic.sampleLatency(nic.profile().readNakReaction());
            nic.scheduler().activate(qp);
        } else if (f.ackRequest) {
            sendAck(); // the requester may have lost the ACK; tell it again how far we are
        }
    }

    private void rnrNak(RoceFrame f) {
        rnrEpisode = true;
        nic.counters().rnrNakSent++;
        sendAeth(f.psn, Aeth.rnrNak(nic.config().minRnrTimer(), msn).syndrome(), msn);
    }

    private void onDatagram(RoceFrame f) {
        if (f.queueKey != qp.queueKey) return; // Q_Key violation: silently dropped (IBA 10.2.4.1)
        if (postedReceives == 0) {
            nic.counters().udNoReceive++;
            return;
        }
        postedReceives--;
        if (qp.placedListener != null) qp.placedListener.accept(f.payloadBytes);
    }

    private void sendAck() {
        unacked = 0;
        sendAeth(Psn.add(ePsn, -1), Aeth.ack(Aeth.CREDITS_INVALID, msn).syndrome(), msn);
    }

    private void sendAeth(int psn, int syndrome, int msnValue) {
        RoceFrame a = qp.frame(RoceOpcode.RC_ACKNOWLEDGE, 0, psn, qp.priority);
        a.syndrome = syndrome;
        a.msn = msnValue;
        if (jobs.isEmpty()) nic.send(a);
        else afterResponses.addLast(a);
    }

    // --- READ responses ----------------------------------------------------------------------

    private boolean sendAfterResponses;

    /** Sends the ACKs and NAKs held behind the READ responses, once the last response has been queued. */
    void responsesQueued() {
        if (!sendAfterResponses) return;
        sendAfterResponses = false;
        while (!afterResponses.isEmpty() && jobs.isEmpty()) nic.send(afterResponses.pollFirst());
    }

    long readyAt(long now) {
        return jobs.isEmpty() ? Long.MAX_VALUE : Math.max(now, jobsNotBefore);
    }

    RoceFrame nextResponse() {
        ReadJob j = jobs.peekFirst();
        int k = j.sent++;
        long offset = (long) k * mtu;
        int len = (int) Math.min(mtu, j.length - offset);
        RoceOpcode op = Opcodes.readResponse(k, j.packets);
        int psn = Psn.add(j.startPsn, k);
        RoceFrame f = qp.frame(op, len, psn, qp.priority);
        if (op.hasAeth()) {
            f.syndrome = Aeth.ack(Aeth.CREDITS_INVALID, msn).syndrome();
            f.msn = msn;
        }
        f.messageOffset = j.address + offset;
        if (Psn.isBefore(psn, responseHigh)) {
            qp.retransmissions++;
            nic.counters().retransmittedPackets++;
        } else {
            responseHigh = Psn.next(psn);
        }
        if (j.sent == j.packets) {
            jobs.pollFirst();
            if (jobs.isEmpty()) sendAfterResponses = true;
        }
        return f;
    }
}
