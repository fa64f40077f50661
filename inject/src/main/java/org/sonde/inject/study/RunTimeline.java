package org.sonde.inject.study;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.sonde.inject.analyze.CnpScope;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;
import org.sonde.report.EventWindow;

/**
 * One run's trace as a per-QP timeline for a report: when each data packet, injected event, NAK, READ
 * request and CNP passed the switch, at which PSN relative to the QP's first data PSN (a CNP carries no
 * PSN: it is placed at the last data PSN the QP sent before it), and the gaps between each QP's CNPs.
 * ACKs are left out: one per packet, they would hide everything else.
 *
 * @param startNanos the trace's first timestamp; marks are relative to it
 * @param qps        per QP in generator order
 * @param cnpGapsNanos gaps between consecutive CNPs to the same QP
 */
public record RunTimeline(long startNanos, List<Qp> qps, List<Long> cnpGapsNanos) {
    public RunTimeline {
        qps = List.copyOf(qps);
        cnpGapsNanos = List.copyOf(cnpGapsNanos);
    }

    public enum Kind { DATA, DROPPED, ECN_MARKED, CORRUPTED, OTHER_EVENT, NAK, READ_REQUEST, CNP }

    public record Mark(long atNanos, int relativePsn, Kind kind) {
    }

    /** A stretch of a QP's timeline, both ends included, relative to the trace's start. */
    public record Window(long fromNanos, long toNanos) {
        public boolean contains(long atNanos) {
            return atNanos >= fromNanos && atNanos <= toNanos;
        }
    }

    public record Qp(int qp, List<Mark> marks) {
        /** Data packets drawn on either side of the injected events when zooming in on them. */
        public static final int CONTEXT_PACKETS = 20;

        public Qp {
            marks = List.copyOf(marks);
        }

        /**
         * Where the injected events and the sender's answer to them are ({@link EventWindow}): from
         * {@link #CONTEXT_PACKETS} data packets before the first event to as many after the first
         * retransmission of the last event's PSN. Empty without events.
         */
        public Optional<Window> aroundEvents() {
            return EventWindow.around(new EventWindow.Points() {
                @Override
                public int size() {
                    return marks.size();
                }

                @Override
                public boolean isEvent(int i) {
                    return Qp.isEvent(marks.get(i).kind());
                }

                @Override
                public boolean isPacket(int i) {
                    return marks.get(i).kind() == Kind.DATA;
                }

                @Override
                public long sequence(int i) {
                    return marks.get(i).relativePsn();
                }
            }, CONTEXT_PACKETS).map(w -> new Window(marks.get(w[0]).atNanos(), marks.get(w[1]).atNanos()));
        }

        private static boolean isEvent(Kind k) {
            return k == Kind.DROPPED || k == Kind.ECN_MARKED || k == Kind.CORRUPTED || k == Kind.OTHER_EVENT;
        }
    }

    public static RunTimeline of(TestMetadata metadata, Iterable<TracePacket> trace) {
        Int2IntOpenHashMap byReceiver = new Int2IntOpenHashMap(), bySender = new Int2IntOpenHashMap(), byResponder = new Int2IntOpenHashMap();
        byReceiver.defaultReturnValue(-1);
        bySender.defaultReturnValue(-1);
        byResponder.defaultReturnValue(-1);
        List<List<Mark>> marks = new ArrayList<>();
        int[] lastDataPsn = new int[metadata.qps().size()];
        for (QpPair qp : metadata.qps()) {
            byReceiver.put(qp.dataReceiver().qpn(), qp.index());
            bySender.put(qp.dataSender().qpn(), qp.index());
            byResponder.put(qp.responder().qpn(), qp.index());
            marks.add(new ArrayList<>());
        }
        // the CNP gaps come from the study's own trace pass, so both reports measure them alike
        TraceMeasurements measurements = new TraceMeasurements(metadata, Long.MAX_VALUE);
        long start = -1;
        for (TracePacket p : trace) {
            measurements.accept(p);
            if (start < 0) start = p.timestampNanos();
            long at = p.timestampNanos() - start;
            if (p.isCnp()) {
                int qp = bySender.get(p.destQp());
                if (qp >= 0) marks.get(qp).add(new Mark(at, lastDataPsn[qp], Kind.CNP));
            } else if (p.isReadRequest()) {
                int qp = byResponder.get(p.destQp());
                if (qp >= 0) marks.get(qp).add(new Mark(at, relative(metadata, qp, p), Kind.READ_REQUEST));
            } else if (p.isNak()) {
                int qp = bySender.get(p.destQp());
                if (qp >= 0) marks.get(qp).add(new Mark(at, relative(metadata, qp, p), Kind.NAK));
            } else if (p.isData()) {
                int qp = byReceiver.get(p.destQp());
                if (qp < 0) continue;
                lastDataPsn[qp] = relative(metadata, qp, p);
                marks.get(qp).add(new Mark(at, lastDataPsn[qp], kindOf(p.event())));
            }
        }
        List<Qp> qps = new ArrayList<>();
        for (int i = 0; i < marks.size(); i++) qps.add(new Qp(i, marks.get(i)));
        return new RunTimeline(Math.max(start, 0), qps, measurements.cnpGaps(CnpScope.PER_QP));
    }

    private static int relative(TestMetadata metadata, int qp, TracePacket p) {
        return Psn.distance(metadata.qps().get(qp).firstDataPsn(), p.psn());
    }

    private static Kind kindOf(InjectedEvent e) {
        return switch (e) {
            case NONE -> Kind.DATA;
            case DROP -> Kind.DROPPED;
            case ECN -> Kind.ECN_MARKED;
            case CORRUPT -> Kind.CORRUPTED;
            default -> Kind.OTHER_EVENT;
        };
    }
}
