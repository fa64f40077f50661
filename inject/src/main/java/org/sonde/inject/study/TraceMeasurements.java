package org.sonde.inject.study;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.sonde.inject.analyze.CnpScope;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.model.TracePacket;
import org.sonde.sim.rdma.Verb;

/**
 * What the study measures on a trace beyond the analyzers, in the same pass:
 * <ul>
 *   <li>the testbed's <em>turnaround</em>: the smallest switch-to-switch time from a data packet to its
 *       ACK (READ: from a request to its first response). NAK generation and reaction measured at the
 *       switch include this constant path (paper §5: "there might be a half-RTT deviation ... pre-measuring
 *       the RTT of the testbed can be employed"); the NIC's own latency is the switch measure less it;</li>
 *   <li>each QP's goodput over time: new payload bytes delivered to its data receiver per time bin;</li>
 *   <li>the arrival time of every CNP and the QP it notifies.</li>
 * </ul>
 */
final class TraceMeasurements implements Consumer<TracePacket> {
    private static final long NONE = -1;

    private final List<QpPair> qps;
    private final long binNanos;
    /** Data receiver QPN → QP index, data sender QPN → QP index. */
    private final Int2IntOpenHashMap byReceiverQpn = new Int2IntOpenHashMap(), bySenderQpn = new Int2IntOpenHashMap();
    /** (QP, PSN) → the first delivered data packet (READ: request) with that PSN. */
    private final Long2LongOpenHashMap firstSent = new Long2LongOpenHashMap();
    private final LongOpenHashSet delivered = new LongOpenHashSet();
    private final List<LongArrayList> bytesPerBin = new ArrayList<>();
    private final LongArrayList cnpTimes = new LongArrayList();
    private final List<Integer> cnpQps = new ArrayList<>();
    private long start = NONE;
    private long turnaround = Long.MAX_VALUE;

    TraceMeasurements(TestMetadata metadata, long binNanos) {
        this.qps = metadata.qps();
        this.binNanos = binNanos;
        byReceiverQpn.defaultReturnValue(-1);
        bySenderQpn.defaultReturnValue(-1);
        for (QpPair qp : qps) {
            byReceiverQpn.put(qp.dataReceiver().qpn(), qp.index());
            bySenderQpn.put(qp.dataSender().qpn(), qp.index());
            bytesPerBin.add(new LongArrayList());
        }
        firstSent.defaultReturnValue(NONE);
    }

    private static long key(int qp, int psn) {
        return (long) qp << 24 | psn;
    }

    @Override
    public void accept(TracePacket p) {
        if (start == NONE) start = p.timestampNanos();
        int toReceiver = byReceiverQpn.get(p.destQp());
        int toSender = bySenderQpn.get(p.destQp());
        if (p.isCnp()) {
            if (toSender >= 0) {
                cnpTimes.add(p.timestampNanos());
                cnpQps.add(toSender);
            }
            return;
        }
        if (!p.delivered()) return;
        if (toReceiver >= 0 && p.isData() && !p.isReadRequest()) {
            goodput(toReceiver, p);
            Verb verb = qps.get(toReceiver).verb();
            if (verb != Verb.READ) firstSent.putIfAbsent(key(toReceiver, p.psn()), p.timestampNanos());
            else turnaround(toReceiver, p);
        } else if (toSender >= 0 && p.isAck()) {
            turnaround(toSender, p);
        } else if (p.isReadRequest()) {
            // a READ request goes to the responder, the data sender
            if (toSender >= 0) firstSent.putIfAbsent(key(toSender, p.psn()), p.timestampNanos());
        }
    }

    private void turnaround(int qp, TracePacket answer) {
        long sent = firstSent.get(key(qp, answer.psn()));
        if (sent != NONE) turnaround = Math.min(turnaround, answer.timestampNanos() - sent);
    }

    private void goodput(int qp, TracePacket p) {
        if (!delivered.add(key(qp, p.psn()))) return; // a retransmission brings nothing new
        int bin = (int) ((p.timestampNanos() - start) / binNanos);
        LongArrayList bins = bytesPerBin.get(qp);
        while (bins.size() <= bin) bins.add(0);
        bins.set(bin, bins.getLong(bin) + p.payloadLength());
    }

    /** The smallest data → ACK (READ: request → response) time, or -1 if the trace had none. */
    long turnaroundNanos() {
        return turnaround == Long.MAX_VALUE ? NONE : turnaround;
    }

    /** Each QP's goodput per bin, in Gb/s; every QP has as many bins as the longest. */
    GoodputTimeline goodputTimeline() {
        int bins = bytesPerBin.stream().mapToInt(LongArrayList::size).max().orElse(0);
        List<List<Double>> perQp = new ArrayList<>();
        for (LongArrayList b : bytesPerBin) {
            List<Double> gbps = new ArrayList<>();
            for (int i = 0; i < bins; i++) gbps.add(i < b.size() ? b.getLong(i) * 8.0 / binNanos : 0.0);
            perQp.add(gbps);
        }
        return new GoodputTimeline(binNanos, perQp);
    }

    /** Gaps between consecutive CNPs of the same rate-limiter {@code scope} (switch timestamps). */
    List<Long> cnpGaps(CnpScope scope) {
        List<Long> gaps = new ArrayList<>();
        Long2LongOpenHashMap last = new Long2LongOpenHashMap();
        last.defaultReturnValue(NONE);
        for (int i = 0; i < cnpTimes.size(); i++) {
            long key = limiterKey(scope, qps.get(cnpQps.get(i)));
            long t = cnpTimes.getLong(i);
            long previous = last.put(key, t);
            if (previous != NONE) gaps.add(t - previous);
        }
        return gaps;
    }

    /** Which limiter of {@code scope} a CNP to {@code qp}'s data sender counts against. */
    private static long limiterKey(CnpScope scope, QpPair qp) {
        long sender = Integer.toUnsignedLong(qp.dataSender().ip()), receiver = Integer.toUnsignedLong(qp.dataReceiver().ip());
        return switch (scope) {
            case PER_PORT -> qp.dataReceiver().switchPort(); // the notification point's port
            case PER_DEST_IP -> sender;
            case PER_IP_PAIR -> sender << 32 | receiver;
            case PER_QP -> qp.index();
        };
    }
}
