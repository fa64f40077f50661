package org.sonde.capture.inspect;

import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureSplitter;
import org.sonde.capture.LinkTypes;
import org.sonde.packet.DecodeException;
import org.sonde.packet.PacketView;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * One inspection of a capture: dissects each record once, counts it, and builds its summary only
 * when asked (the totals-only path allocates nothing per packet). Keeps the first packets and the
 * frame sizes for the HTML report. {@link #read} goes through a capture in order;
 * {@link #count} counts a large file on several threads with the same result.
 */
public final class Inspection {
    /** Below this size a file is counted in one go: threads would gain little and cost their start-up. */
    public static final long PARALLEL_MIN_BYTES = 256L << 20;

    final ProtocolTotals totals = new ProtocolTotals();
    final List<PacketSummary> firstPackets = new ArrayList<>();
    /** Frame lengths of the first packets, for the size distribution in the report. */
    final double[] sizeSamples;
    int sizeSampleCount;
    private final int keepPackets;
    private final PacketView view = new PacketView();
    /** Relative numbers and expert flags need every earlier segment: kept for the packets summarized, a prefix of the file. */
    private final TcpAnalysis tcpAnalysis = new TcpAnalysis();
    private long firstTimeNanos = Long.MIN_VALUE;

    /** Reads a whole capture, keeping what a report needs; damaged captures throw CaptureFormatException. */
    public static Inspection of(CaptureReader reader) {
        Inspection inspection = forReport();
        while (reader.next()) inspection.add(reader, false);
        return inspection;
    }

    /** An inspection that keeps the first packets and frame sizes for {@link InspectReport}. */
    public static Inspection forReport() {
        return new Inspection(InspectReport.KEPT_PACKETS, InspectReport.KEPT_SIZES);
    }

    /** An inspection that keeps nothing but the totals. */
    public static Inspection totalsOnly() {
        return new Inspection(0, 0);
    }

    public ProtocolTotals totals() {
        return totals;
    }

    List<PacketSummary> firstPackets() {
        return firstPackets;
    }

    Inspection(int keepPackets, int keepSizes) {
        this.keepPackets = keepPackets;
        this.sizeSamples = new double[keepSizes];
    }

    /**
     * Dissects and counts every record to the end of {@code reader}, handing the summaries of the
     * first {@code describe} packets to {@code show} and each record's file offset to
     * {@code offset} (for progress). A damaged capture ends in a CaptureFormatException after counting what
     * precedes the damage.
     */
    public void read(CaptureReader reader, long describe, Consumer<PacketSummary> show, LongConsumer offset) {
        read(reader, describe, null, show, offset);
    }

    /**
     * As {@link #read(CaptureReader, long, Consumer, LongConsumer)}, handing {@code show} only the
     * packets that pass {@code filter} (all when null), up to {@code describe} of them: every packet
     * is summarized until then, since a filter must see each one.
     */
    public void read(CaptureReader reader, long describe, DisplayFilter filter, Consumer<PacketSummary> show, LongConsumer offset) {
        long shown = 0;
        while (reader.next()) {
            PacketSummary s = add(reader, filter == null ? totals.getPackets() < describe : shown < describe);
            if (s != null && (filter == null || filter.matches(s))) {
                show.accept(s);
                shown++;
            }
            offset.accept(reader.fileOffset());
        }
    }

    /**
     * Counts every record of {@code file}, which {@code reader} reads from its start, as
     * {@link #read} without summaries would. A file of {@code minBytes} or more is cut into up to
     * {@code threads} ranges counted at once; {@code offset} is then told an estimate of the bytes
     * counted so far.
     */
    public void count(CaptureReader reader, Path file, int threads, long minBytes, LongConsumer offset) {
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            size = -1; // the reader has the file open: it will say what is wrong, if anything
        }
        long[] cuts = threads == 1 || size < minBytes ? new long[0] : CaptureSplitter.propose(file, threads);
        if (cuts.length == 0) {
            read(reader, 0, s -> { }, offset);
        } else {
            ParallelCount.count(reader, file, cuts, this, offset, size);
        }
    }

    /** A new inspection that keeps as much as this one, e.g. for a later part of the same file. */
    Inspection emptyLike() {
        return new Inspection(keepPackets, sizeSamples.length);
    }

    /**
     * Adds {@code later}, which inspected the packets that follow these in the file (its packet
     * numbers counting from 1): its totals, and its packets and sizes while there is room to keep them.
     */
    void merge(Inspection later) {
        long before = totals.getPackets();
        if (firstTimeNanos == Long.MIN_VALUE) firstTimeNanos = later.firstTimeNanos;
        for (PacketSummary s : later.firstPackets) {
            if (firstPackets.size() == keepPackets) break;
            firstPackets.add(s.renumbered(before, firstTimeNanos).analyzedBy(tcpAnalysis));
        }
        int sizes = Math.min(later.sizeSampleCount, sizeSamples.length - sizeSampleCount);
        System.arraycopy(later.sizeSamples, 0, sizeSamples, sizeSampleCount, sizes);
        sizeSampleCount += sizes;
        totals.merge(later.totals);
    }

    /** Dissects and counts the current record; returns its summary if {@code describe}, else null. */
    PacketSummary add(CaptureReader r, boolean describe) {
        long number = r.recordNumber();
        long ts = r.timestampNanos();
        if (firstTimeNanos == Long.MIN_VALUE) firstTimeNanos = ts;
        if (sizeSampleCount < sizeSamples.length) sizeSamples[sizeSampleCount++] = r.originalLength();
        boolean keep = firstPackets.size() < keepPackets;
        boolean summarize = describe || keep;
        PacketSummary summary = null;
        boolean rawIp = r.linkType() == LinkTypes.RAW || r.linkType() == LinkTypes.IPV4 || r.linkType() == LinkTypes.IPV6;
        if (r.linkType() != LinkTypes.ETHERNET && !rawIp) {
            totals.add(ts, r.originalLength(), "linktype-" + r.linkType(), -1, Verdicts.NONE);
            if (summarize) summary = PacketSummary.undissected(number, ts, firstTimeNanos, r.originalLength(),
                    r.capturedLength(), r.linkType(), r.comment());
        } else {
            try {
                if (rawIp) view.dissectIp(r.array(), r.offset(), r.capturedLength());
                else view.dissect(r.array(), r.offset(), r.capturedLength());
                String protocol = PacketSummary.protocolOf(view);
                Verdicts checks = r.capturedLength() < r.originalLength() ? Verdicts.NONE : Verdicts.of(view);
                totals.add(ts, r.originalLength(), protocol,
                        view.isRoce() ? view.bthOpcode() : -1, checks);
                if (summarize) summary = PacketSummary.of(number, ts, firstTimeNanos, r.originalLength(),
                        r.capturedLength(), view, checks, r.comment(), tcpAnalysis);
            } catch (DecodeException e) {
                totals.add(ts, r.originalLength(), "malformed", -1, Verdicts.NONE);
                if (summarize) summary = PacketSummary.malformed(number, ts, firstTimeNanos, r.originalLength(),
                        r.capturedLength(), e.problem(), r.comment());
            }
        }
        if (keep) firstPackets.add(summary);
        return describe ? summary : null;
    }
}
