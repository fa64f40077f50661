package org.sonde.inject.mirror;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.core.BadInputException;

/**
 * Rebuilds the trace from the dumpers' captures (paper §3.5): merges them by mirror sequence number and
 * writes one capture whose timestamps are the switch's ingress timestamps. Every dumper receives its
 * copies in mirror order, so each file is already sorted and the merge streams: one record per file in
 * memory, no copy of a packet (it goes from the reader's buffer to the writer's), whatever the trace's size.
 * Wraps of the 31-bit sequence number are undone per file.
 */
public final class TraceReconstructor {
    /** The merged trace's format. */
    public enum Format { PCAP, PCAPNG }

    /** What was written: the trace and its sequence range (wraps undone). */
    public record Result(Path trace, long packets, long firstSequence, long lastSequence) {}

    private TraceReconstructor() {}

    /**
     * Merges {@code dumperCaptures} into {@code trace}; {@code epochNanos} is added to the switch
     * timestamps (simulated time 0, or 0 for a real switch's clock). {@code sink} (may be null) sees each packet.
     */
    public static Result reconstruct(List<Path> dumperCaptures, Path trace, Format format, long epochNanos, TraceSink sink) {
        List<Source> sources = new ArrayList<>();
        CaptureWriter out = null;
        try {
            for (Path p : dumperCaptures) sources.add(new Source(p));
            out = format == Format.PCAP
                    ? CaptureWriter.pcap(trace, LinkTypes.ETHERNET, 65_535, TimestampResolution.NANOS)
                    : CaptureWriter.pcapng(trace, LinkTypes.ETHERNET, 65_535);
            Source[] live = sources.stream().filter(Source::advanceToFirst).toArray(Source[]::new);
            int n = live.length;
            startSequences(live);
            long count = 0, first = -1, last = -1;
            while (n > 0) {
                int min = 0;
                for (int i = 1; i < n; i++) if (live[i].sequence < live[min].sequence) min = i;
                Source s = live[min];
                CaptureReader r = s.reader;
                long ts = MirrorHeaders.timestampNanos(r.array(), r.offset());
                out.write(0, epochNanos + ts, r.array(), r.offset(), r.capturedLength(), r.originalLength(), null);
                if (sink != null) sink.packet(s.sequence, ts, r.array(), r.offset(), r.capturedLength(), r.originalLength());
                if (first < 0) first = s.sequence;
                last = s.sequence;
                count++;
                if (!s.advance()) live[min] = live[--n];
            }
            out.close();
            out = null;
            return new Result(trace, count, first, last);
        } finally {
            if (out != null) out.abort();
            for (Source s : sources) s.reader.close();
        }
    }

    /**
     * Unwraps the first sequence numbers together: if they straddle a wrap (some files' first copies
     * came after it), the small ones are one wrap later.
     */
    private static void startSequences(Source[] live) {
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        for (Source s : live) {
            min = Math.min(min, s.firstRaw);
            max = Math.max(max, s.firstRaw);
        }
        boolean straddles = max - min > MirrorSequence.MAX / 2;
        for (Source s : live) s.sequence = s.unwrapper.start(s.firstRaw, straddles && s.firstRaw < MirrorSequence.MAX / 2 ? 1 : 0);
    }

    /** One dumper's capture, positioned on its next packet. */
    private static final class Source {
        final Path file;
        final CaptureReader reader;
        final MirrorSequence.Unwrapper unwrapper = new MirrorSequence.Unwrapper();
        long firstRaw;
        long sequence = -1;

        Source(Path file) {
            this.file = file;
            this.reader = CaptureReader.open(file);
        }

        /** Moves to the first packet; its sequence number is unwrapped by {@link #startSequences} once every file's first is known. */
        boolean advanceToFirst() {
            if (!reader.next()) return false;
            check();
            firstRaw = MirrorHeaders.sequence(reader.array(), reader.offset());
            return true;
        }

        boolean advance() {
            if (!reader.next()) return false;
            check();
            long next = unwrapper.unwrap(MirrorHeaders.sequence(reader.array(), reader.offset()));
            if (next <= sequence) {
                throw new BadInputException(file.toString(), "packet " + reader.recordNumber(), "mirror sequence number " + next
                        + " follows " + sequence + ": a dumper's capture must be in mirror order", "sort the capture by source MAC first", null);
            }
            sequence = next;
            return true;
        }

        private void check() {
            if (reader.linkType() != LinkTypes.ETHERNET || reader.capturedLength() < MirrorHeaders.IP + 20) {
                throw new BadInputException(file.toString(), "packet " + reader.recordNumber(),
                        "not a mirrored Ethernet/IPv4 packet (link type " + reader.linkType() + ", " + reader.capturedLength() + " bytes)",
                        "give the dumpers' captures, whose packets carry the mirror metadata", null);
            }
        }
    }
}
