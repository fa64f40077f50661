package org.sonde.inject.offline;

import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sonde.capture.CaptureReader;
import org.sonde.inject.analyze.Analysis;
import org.sonde.inject.analyze.AnalysisOptions;
import org.sonde.inject.analyze.CnpOptions;
import org.sonde.inject.analyze.GbnMode;
import org.sonde.inject.analyze.GbnOptions;
import org.sonde.inject.analyze.NicModel;
import org.sonde.inject.analyze.TraceAnalyzer;
import org.sonde.inject.config.CaptureMetadata;
import org.sonde.inject.mirror.IntegrityCheck;
import org.sonde.inject.mirror.TraceDecoder;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.IntegrityResult;
import org.sonde.inject.model.TracePacket;
import org.sonde.inject.study.RunTimeline;
import org.sonde.packet.Psn;

/**
 * The offline target: any pcap or pcapng of RoCEv2 traffic, with Lumina's mirror metadata (a trace
 * from {@code sonde inject run} or from Lumina's dumpers, merged) or without it (a capture taken
 * anywhere on the path), plus a {@link CaptureMetadata} file describing its QPs, through the same
 * analyzers as a simulated run, in one streaming pass.
 *
 * <p>Without mirror metadata, a packet's place in the capture is its sequence number, the capture's
 * timestamp its time, and which packets were lost is inferred from the senders' go-back-N restarts
 * (see {@link #presumedLost}): the capture must be taken upstream of the losses. Completeness cannot be
 * shown then, so the integrity verdict fails with that reason, and the other verdicts hold only for
 * what was captured.
 */
public final class CaptureAnalysis {
    /** Whether the capture carries Lumina's mirror metadata. */
    public enum TraceKind { AUTO, MIRRORED, PLAIN }

    /** @param timeline the packets over time, for a report; null unless asked for */
    public record Result(Analysis analysis, boolean mirrored, long packets, RunTimeline timeline) {}

    private CaptureAnalysis() {}

    public static Result analyze(Path capture, CaptureMetadata metadata, TraceKind kind, GbnMode mode) {
        return analyze(capture, metadata, kind, mode, false);
    }

    /** As {@link #analyze(Path, CaptureMetadata, TraceKind, GbnMode)}; with {@code timeline}, the packets are kept for one. */
    public static Result analyze(Path capture, CaptureMetadata metadata, TraceKind kind, GbnMode mode, boolean timeline) {
        boolean mirrored = switch (kind) {
            case AUTO -> TraceDecoder.carriesMirrorMetadata(capture);
            case MIRRORED -> true;
            case PLAIN -> false;
        };
        TraceAnalyzer analyzer = new TraceAnalyzer(metadata.metadata(), options(metadata, mode));
        IntegrityCheck check = new IntegrityCheck();
        TraceDecoder decoder = new TraceDecoder();
        String source = capture.toString();
        LongOpenHashSet lost = mirrored ? null : presumedLost(capture, decoder);
        long packets = 0;
        List<TracePacket> kept = timeline ? new ArrayList<>() : null;
        try (CaptureReader r = CaptureReader.open(capture)) {
            while (r.next()) {
                String where = "packet " + r.recordNumber();
                TracePacket p = mirrored
                        ? decoder.decode(r.array(), r.offset(), r.capturedLength(), r.originalLength(), source, where)
                        : decoder.decodePlain(r.array(), r.offset(), r.capturedLength(), r.originalLength(), r.recordNumber(),
                                r.timestampNanos(), lost.contains(r.recordNumber()) ? InjectedEvent.DROP : InjectedEvent.NONE, source, where);
                check.accept(p.sequence(), p.timestampNanos(), p.srcIp());
                analyzer.accept(p);
                if (kept != null) kept.add(p);
                packets++;
            }
        }
        IntegrityResult integrity = mirrored ? check.finish(metadata.counters())
                : new IntegrityResult(false, packets, List.of("a plain capture carries no mirror metadata (sequence numbers, injected events):"
                        + " whether it holds every packet cannot be checked"));
        return new Result(analyzer.finish(integrity, metadata.counters()), mirrored, packets,
                kept == null ? null : RunTimeline.of(metadata.metadata(), kept));
    }

    /**
     * First pass over a plain capture: the data packets that were lost after the capture point, as the
     * sender's go-back-N shows them. When a QP's data PSNs go back (a NAK or timeout restart), the
     * packet it restarts from was lost; its last earlier copy is presumed undelivered (the packets
     * after it that are resent too were delivered, and the receiver discarded them as out of
     * sequence). A capture must be taken upstream of the losses (the sender's link, or a switch
     * mirroring at ingress as Lumina's does) for this to hold.
     */
    private static LongOpenHashSet presumedLost(Path capture, TraceDecoder decoder) {
        LongOpenHashSet lost = new LongOpenHashSet();
        Long2ObjectOpenHashMap<Flow> flows = new Long2ObjectOpenHashMap<>();
        try (CaptureReader r = CaptureReader.open(capture)) {
            while (r.next()) {
                TracePacket p = decoder.decodePlain(r.array(), r.offset(), r.capturedLength(), r.originalLength(), r.recordNumber(),
                        r.timestampNanos(), InjectedEvent.NONE, capture.toString(), "packet " + r.recordNumber());
                if (!p.isData() || p.isReadRequest()) continue;
                Flow f = flows.computeIfAbsent((long) p.destQp() << 32 | (p.dstIp() & 0xFFFF_FFFFL), k -> new Flow());
                boolean restart = f.started && p.psn() != Psn.next(f.last) && !Psn.isAfter(p.psn(), f.furthest);
                if (restart) {
                    long previous = f.lastRecordOfPsn.getOrDefault(p.psn(), -1L);
                    if (previous >= 0) lost.add(previous);
                }
                if (!f.started || Psn.isAfter(p.psn(), f.furthest)) f.furthest = p.psn();
                f.last = p.psn();
                f.started = true;
                f.lastRecordOfPsn.put(p.psn(), r.recordNumber());
            }
        }
        return lost;
    }

    /** A data flow in the first pass: its last and furthest PSNs and where each PSN was last seen. */
    private static final class Flow {
        boolean started;
        int last;
        int furthest;
        final Int2LongOpenHashMap lastRecordOfPsn = new Int2LongOpenHashMap();
    }

    /**
     * The specification's go-back-N (with the QPs' timer when the metadata gives it) and the CNP
     * pacing of the notification point's NIC with its default interval, the NP and slow restart on
     * (the NICs' defaults).
     */
    public static AnalysisOptions options(CaptureMetadata m, GbnMode mode) {
        GbnOptions gbn = mode == GbnMode.STRICT ? GbnOptions.strict() : GbnOptions.permissive();
        if (m.minRetransmitTimeout() >= 0) gbn = gbn.withTimer(m.minRetransmitTimeout(), m.maxRetransmitRetry());
        NicModel notificationPoint = m.metadata().requesterIsNotificationPoint() ? m.requesterNic() : m.responderNic();
        return new AnalysisOptions(gbn, CnpOptions.forNic(notificationPoint, -1, true, true), m.requesterNic(), m.responderNic());
    }
}
