package org.sonde.cli.pcap;

import org.sonde.capture.CaptureReader;
import org.sonde.capture.LinkTypes;
import org.sonde.packet.DecodeException;
import org.sonde.packet.PacketView;

import java.util.ArrayList;
import java.util.List;

/**
 * The state of one inspection: dissects the reader's current record once, counts it, and builds
 * its summary only when asked (the totals-only path allocates nothing per packet). Keeps the
 * first packets and the frame sizes for the HTML report.
 */
public final class Inspection {
    final ProtocolTotals totals = new ProtocolTotals();
    final List<PacketSummary> firstPackets = new ArrayList<>();
    /** Frame lengths of the first packets, for the size distribution in the report. */
    final double[] sizeSamples;
    int sizeSampleCount;
    private final int keepPackets;
    private final PacketView view = new PacketView();
    private long firstTimeNanos = Long.MIN_VALUE;

    /** Reads a whole capture, keeping what a report needs; damaged captures throw CaptureFormatException. */
    public static Inspection of(CaptureReader reader) {
        Inspection inspection = new Inspection(InspectReport.KEPT_PACKETS, InspectReport.KEPT_SIZES);
        while (reader.next()) inspection.add(reader, false);
        return inspection;
    }

    public ProtocolTotals totals() {
        return totals;
    }

    public List<PacketSummary> firstPackets() {
        return firstPackets;
    }

    Inspection(int keepPackets, int keepSizes) {
        this.keepPackets = keepPackets;
        this.sizeSamples = new double[keepSizes];
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
            firstPackets.add(s.renumbered(before, firstTimeNanos));
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
        if (r.linkType() != LinkTypes.ETHERNET) {
            totals.add(ts, r.originalLength(), "linktype-" + r.linkType(), -1, Verdicts.NONE);
            if (summarize) summary = PacketSummary.undissected(number, ts, firstTimeNanos, r.originalLength(),
                    r.capturedLength(), r.linkType(), r.comment());
        } else {
            try {
                view.dissect(r.array(), r.offset(), r.capturedLength());
                String protocol = PacketSummary.protocolOf(view);
                Verdicts checks = r.capturedLength() < r.originalLength() ? Verdicts.NONE : Verdicts.of(view);
                totals.add(ts, r.originalLength(), protocol,
                        view.isRoce() ? view.bthOpcode() : -1, checks);
                if (summarize) summary = PacketSummary.of(number, ts, firstTimeNanos, r.originalLength(),
                        r.capturedLength(), view, checks, r.comment());
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
