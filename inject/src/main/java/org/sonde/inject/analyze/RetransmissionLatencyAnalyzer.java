package org.sonde.inject.analyze;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;
import org.sonde.sim.rdma.Verb;

/**
 * Splits every retransmission into NAK generation, NAK reaction or timeout (Lumina's LatencyMeasure).
 * A loss is a data packet to the receiver that was not delivered; its retransmission is the next data
 * packet with the same PSN; its NAK is the first delivered NAK (READ: READ request) naming that PSN
 * before the retransmission. READ tells a re-request after an out-of-sequence response from a timeout
 * by whether any response was delivered between the loss and the re-request. Losses wait in a per-QP
 * map keyed by PSN, so a packet costs O(1) unless it is a NAK or a delivery right after losses.
 */
final class RetransmissionLatencyAnalyzer extends RoutedAnalyzer<LatencyResult> {
    private static final class Loss {
        final long sequence;
        final int psn;
        final long lostAt;
        long nextDeliveredAt = -1;
        long requestAt = -1;
        long lastDataBeforeRequest = -1;
        boolean earlierPsnRequested;

        Loss(TracePacket p) {
            sequence = p.sequence();
            psn = p.psn();
            lostAt = p.timestampNanos();
        }
    }

    private static final class QpLosses {
        final Int2ObjectOpenHashMap<Loss> pending = new Int2ObjectOpenHashMap<>();
        final List<Loss> awaitingDelivery = new ArrayList<>();
        long lastDataAt = -1;
    }

    private final QpLosses[] qps;
    private final List<LossLatency> done = new ArrayList<>();

    public RetransmissionLatencyAnalyzer(TestMetadata metadata) {
        this(new QpDirectory(metadata));
    }

    RetransmissionLatencyAnalyzer(QpDirectory directory) {
        super(directory);
        qps = new QpLosses[directory.qps().size()];
        for (int i = 0; i < qps.length; i++) qps[i] = new QpLosses();
    }

    @Override
    void accept(TracePacket p, int route) {
        if (route == QpDirectory.UNKNOWN) return;
        int qp = QpDirectory.qpOf(route);
        QpLosses s = qps[qp];
        if (QpDirectory.toDataSender(route)) {
            if (!s.pending.isEmpty() && p.delivered() && isRecoveryRequest(qp, p)) request(s, p);
        } else if (p.isData()) {
            Loss earlier = s.pending.isEmpty() ? null : s.pending.remove(p.psn());
            if (earlier != null) resolve(qp, earlier, p);
            if (!p.delivered()) {
                Loss l = new Loss(p);
                s.pending.put(l.psn, l);
                s.awaitingDelivery.add(l);
            } else if (!s.awaitingDelivery.isEmpty()) {
                for (Loss l : s.awaitingDelivery) l.nextDeliveredAt = p.timestampNanos();
                s.awaitingDelivery.clear();
            }
        }
        if (p.isData()) s.lastDataAt = p.timestampNanos();
    }

    private boolean isRecoveryRequest(int qp, TracePacket p) {
        return directory.qp(qp).verb() == Verb.READ ? p.isReadRequest() : p.isNak();
    }

    private static void request(QpLosses s, TracePacket p) {
        for (Loss l : s.pending.values()) {
            if (l.requestAt >= 0) continue;
            if (l.psn == p.psn()) {
                l.requestAt = p.timestampNanos();
                l.lastDataBeforeRequest = s.lastDataAt;
            } else if (Psn.isBefore(p.psn(), l.psn)) {
                l.earlierPsnRequested = true;
            }
        }
    }

    private void resolve(int qp, Loss l, TracePacket retransmission) {
        long retxAt = retransmission.timestampNanos();
        boolean read = directory.qp(qp).verb() == Verb.READ;
        boolean deliveredBeforeRequest = l.nextDeliveredAt >= 0 && l.nextDeliveredAt <= l.requestAt;
        Recovery recovery;
        long generation = -1, reaction = -1, timeout = -1;
        if (l.requestAt >= 0 && (!read || deliveredBeforeRequest)) {
            recovery = Recovery.NAK;
            if (deliveredBeforeRequest) generation = l.requestAt - l.nextDeliveredAt;
            reaction = retxAt - l.requestAt;
        } else if (l.requestAt >= 0) {
            recovery = Recovery.TIMEOUT; // a READ requester's timer: it re-requested having received nothing since the loss
            timeout = l.lastDataBeforeRequest < 0 ? -1 : l.requestAt - l.lastDataBeforeRequest;
        } else if (l.earlierPsnRequested) {
            recovery = Recovery.GO_BACK_N;
        } else {
            recovery = Recovery.TIMEOUT;
            // between the two transmissions of the lost PSN, as the paper measures the adaptive
            // schedule (§6.3): go-back-N resends from the first unacknowledged packet, whose sending
            // started the timer; the last packet sent (a later one of the burst) did not restart it
            timeout = retxAt - l.lostAt;
        }
        done.add(new LossLatency(qp, l.sequence, l.psn, l.lostAt, recovery, generation, reaction, timeout, retxAt - l.lostAt));
    }

    @Override
    public LatencyResult result() {
        List<LossLatency> all = new ArrayList<>(done);
        for (int qp = 0; qp < qps.length; qp++) {
            for (Loss l : qps[qp].pending.values()) {
                all.add(new LossLatency(qp, l.sequence, l.psn, l.lostAt, Recovery.UNRECOVERED, -1, -1, -1, -1));
            }
        }
        all.sort(Comparator.comparingLong(LossLatency::sequence));
        return new LatencyResult(all);
    }
}
