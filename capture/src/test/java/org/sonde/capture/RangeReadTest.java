package org.sonde.capture;

import static java.nio.ByteOrder.BIG_ENDIAN;
import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.capture.Captures.current;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.Captures.Rec;

/**
 * Reading a file as byte ranges ({@link CaptureReader#openRange}), chained the way a parallel
 * caller chains them, gives exactly the records and the error of one sequential read, wherever the
 * cuts fall; cuts at record starts are actually used, others fall back to reading on.
 */
class RangeReadTest {
    @TempDir
    Path dir;

    /** The records of a read and the problem that ended it, if any. */
    record Outcome(List<Rec> records, CaptureFormatException error) {
        String message() {
            return error == null ? null : error.getClass().getSimpleName() + ": " + error.getMessage();
        }
    }

    /** One range, read to its end as a worker thread would, keeping what went wrong. */
    private static final class Range {
        CaptureReader reader;
        final List<Rec> records = new ArrayList<>();
        CaptureFormatException error;

        Range(Path file, long start, long end) {
            try {
                reader = CaptureReader.openRange(file, start, end);
                readOn();
            } catch (CaptureFormatException e) {
                error = e;
            }
        }

        void readOn() {
            try {
                while (reader.next()) records.add(current(reader));
            } catch (CaptureFormatException e) {
                error = e;
            }
        }
    }

    static Outcome sequential(Path file) {
        List<Rec> records = new ArrayList<>();
        try (CaptureReader r = CaptureReader.open(file)) {
            while (r.next()) records.add(current(r));
        } catch (CaptureFormatException e) {
            return new Outcome(records, e);
        }
        return new Outcome(records, null);
    }

    /** Result of reading in ranges, and how many cuts were used rather than read across. */
    record Chained(Outcome outcome, int cutsUsed) {}

    /**
     * Reads every range, then joins them in order: a range counts only when the one before ended
     * exactly at its start; otherwise the one before reads on to the end of the file.
     */
    static Chained inRanges(Path file, long... cuts) {
        Range[] ranges = new Range[cuts.length + 1];
        for (int i = 0; i < ranges.length; i++) {
            ranges[i] = new Range(file, i == 0 ? 0 : cuts[i - 1], i == cuts.length ? Long.MAX_VALUE : cuts[i]);
        }
        List<Rec> records = new ArrayList<>();
        try {
            for (int i = 0; ; i++) {
                Range range = ranges[i];
                Range next = i + 1 < ranges.length ? ranges[i + 1] : null;
                boolean readOn = range.error == null && next != null
                        && (next.reader == null || !range.reader.isFollowedBy(next.reader));
                if (readOn) {
                    range.reader.setEndOffset(Long.MAX_VALUE);
                    range.readOn();
                }
                long before = records.size();
                for (Rec r : range.records) records.add(renumbered(r, before));
                if (range.error != null) return new Chained(new Outcome(records, range.error.afterRecords(before)), i);
                if (readOn || next == null) return new Chained(new Outcome(records, null), i);
            }
        } finally {
            for (Range r : ranges) if (r.reader != null) r.reader.close();
        }
    }

    private static Rec renumbered(Rec r, long before) {
        return new Rec(r.recordNumber() + before, r.fileOffset(), r.timestampNanos(), r.capturedLength(), r.originalLength(),
                r.interfaceId(), r.linkType(), r.comment(), r.data());
    }

    // ---- generated files ----

    /** A pcap with increasing timestamps and varied lengths, some cut to the snap length of 200. */
    static byte[] pcap(ByteOrder order, boolean nanos, int records, long seed) {
        Random rnd = new Random(seed);
        Bytes f = new Bytes(order).u32(nanos ? 0xA1B23C4DL : 0xA1B2C3D4L).u16(2).u16(4).u32(0).u32(0).u32(200).u32(1);
        long t = 1_700_000_000_000_000_000L;
        for (int i = 0; i < records; i++) {
            t += rnd.nextInt(3_000_000);
            int captured = rnd.nextInt(201);
            int original = captured == 200 ? 200 + rnd.nextInt(1300) : captured;
            f.u32(t / 1_000_000_000L).u32(t % 1_000_000_000L / (nanos ? 1 : 1000)).u32(captured).u32(original)
                    .put(Captures.packet(i, captured));
        }
        return f.toArray();
    }

    /**
     * A pcapng section with two interfaces, a skipped statistics block and Enhanced and Simple Packet
     * Blocks; with {@code late}, a third interface after half the packets, then a second section in
     * the other byte order.
     */
    static byte[] pcapng(ByteOrder order, int records, boolean late, long seed) {
        Random rnd = new Random(seed);
        Bytes f = new Bytes(order);
        section(f, order);
        long t = 1_700_000_000_000_000_000L;
        int interfaces = 2;
        for (int i = 0; i < records; i++) {
            if (late && i == records / 2) {
                f.block(1, new Bytes(order).u16(101).u16(0).u32(0).option(2, "late").u32(0));
                interfaces = 3;
            }
            if (late && i == records * 3 / 4) {
                order = order == BIG_ENDIAN ? LITTLE_ENDIAN : BIG_ENDIAN;
                f.order(order);
                section(f, order);
                interfaces = 2;
            }
            if (i % 50 == 7) f.block(5, new Bytes(order).u32(0).u32(0).u32(0)); // Interface Statistics, skipped
            t += rnd.nextInt(3_000_000);
            int length = rnd.nextInt(201);
            byte[] data = Captures.packet(i, length);
            if (i % 17 == 3) {
                f.block(3, new Bytes(order).u32(length).put(data).zeros(-length & 3));
            } else {
                int id = rnd.nextInt(interfaces);
                long units = id == 0 ? t : t / 1000; // interface 0 counts nanoseconds, the others microseconds
                Bytes body = new Bytes(order).u32(id).u32(units >>> 32).u32(units & 0xFFFF_FFFFL).u32(length)
                        .u32(length + rnd.nextInt(3)).put(data).zeros(-length & 3);
                if (i % 5 == 0) body.option(1, "packet " + i).u32(0);
                f.block(6, body);
            }
        }
        return f.toArray();
    }

    /** A Section Header Block, then interface 0 (Ethernet, ns) and interface 1 (Ethernet, µs). */
    private static void section(Bytes f, ByteOrder order) {
        f.block(0x0A0D0D0A, new Bytes(order).u32(0x1A2B3C4D).u16(1).u16(0).u64(-1));
        f.block(1, new Bytes(order).u16(1).u16(0).u32(0).option(9, new byte[] {9}).u32(0));
        f.block(1, new Bytes(order).u16(1).u16(0).u32(0));
    }

    private Path write(String name, byte[] bytes) {
        try {
            return Files.write(dir.resolve(name), bytes);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Map<String, Path> samples() {
        return Map.of(
                "pcap-us-le", write("us-le.pcap", pcap(LITTLE_ENDIAN, false, 300, 1)),
                "pcap-ns-le", write("ns-le.pcap", pcap(LITTLE_ENDIAN, true, 300, 2)),
                "pcap-us-be", write("us-be.pcap", pcap(BIG_ENDIAN, false, 300, 3)),
                "pcap-ns-be", write("ns-be.pcap", pcap(BIG_ENDIAN, true, 300, 4)),
                "pcapng-le", write("le.pcapng", pcapng(LITTLE_ENDIAN, 300, false, 5)),
                "pcapng-be", write("be.pcapng", pcapng(BIG_ENDIAN, 300, false, 6)),
                "pcapng-late", write("late.pcapng", pcapng(LITTLE_ENDIAN, 300, true, 7)));
    }

    // ---- tests ----

    @Test
    void randomCutsGiveTheSequentialRecords() throws IOException {
        Random rnd = new Random(42);
        for (var sample : samples().entrySet()) {
            Path file = sample.getValue();
            Outcome expected = sequential(file);
            assertThat(expected.error()).as(sample.getKey()).isNull();
            assertThat(expected.records()).as(sample.getKey()).hasSize(300);
            long size = Files.size(file);
            for (int trial = 0; trial < 150; trial++) {
                long[] cuts = rnd.longs(1 + rnd.nextInt(3), 0, size + 1).sorted().distinct().toArray();
                assertThat(inRanges(file, cuts).outcome()).as(sample.getKey() + " cut at " + Arrays.toString(cuts))
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void cutsAtRecordStartsAreUsedAndOthersAreNot() throws IOException {
        Random rnd = new Random(43);
        for (var sample : samples().entrySet()) {
            Path file = sample.getValue();
            Outcome expected = sequential(file);
            List<Long> starts = expected.records().stream().map(Rec::fileOffset).toList();
            Set<Long> startSet = Set.copyOf(starts);
            boolean late = sample.getKey().endsWith("late");
            for (int trial = 0; trial < 100; trial++) {
                long cut = starts.get(1 + rnd.nextInt(starts.size() - 1));
                Chained chained = inRanges(file, cut);
                assertThat(chained.outcome()).isEqualTo(expected);
                // after the late interface block, the second range's interfaces would be wrong: it must not be used
                boolean usable = !late || cut < starts.get(150);
                assertThat(chained.cutsUsed()).as(sample.getKey() + " cut at " + cut).isEqualTo(usable ? 1 : 0);

                long inside = cut + 1 + rnd.nextInt(8);
                if (!startSet.contains(inside) && inside < Files.size(file)) {
                    Chained wrong = inRanges(file, inside);
                    assertThat(wrong.cutsUsed()).as(sample.getKey() + " cut at " + inside).isZero();
                    assertThat(wrong.outcome()).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void proposedCutsAreRecordStartsAndGetUsed() throws IOException {
        for (var sample : Map.of(
                "pcap-ns-be", write("big-ns-be.pcap", pcap(BIG_ENDIAN, true, 5000, 8)),
                "pcap-us-le", write("big-us-le.pcap", pcap(LITTLE_ENDIAN, false, 5000, 9)),
                "pcapng-le", write("big.pcapng", pcapng(LITTLE_ENDIAN, 5000, false, 10))).entrySet()) {
            Path file = sample.getValue();
            Outcome expected = sequential(file);
            Set<Long> starts = expected.records().stream().map(Rec::fileOffset).collect(Collectors.toSet());
            for (int parts = 2; parts <= 5; parts++) {
                long[] cuts = CaptureSplitter.propose(file, parts);
                assertThat(cuts).as(sample.getKey()).hasSize(parts - 1);
                for (long cut : cuts) assertThat(starts).as(sample.getKey()).contains(cut);
                Chained chained = inRanges(file, cuts);
                assertThat(chained.cutsUsed()).isEqualTo(parts - 1);
                assertThat(chained.outcome()).isEqualTo(expected);
            }
        }
    }

    @Test
    void noProposalWhereNothingChains() throws IOException {
        byte[] file = pcap(LITTLE_ENDIAN, false, 20, 11);
        // then zeros: headers of zero length must not pass as records
        Path path = write("junk.pcap", Arrays.copyOf(file, file.length + 200_000));
        assertThat(CaptureSplitter.propose(path, 2)).isEmpty();
        assertThat(CaptureSplitter.propose(path, 1)).isEmpty();
    }

    @Test
    void damageIsReportedAsTheSequentialReadReportsIt() throws IOException {
        Random rnd = new Random(44);
        for (var sample : samples().entrySet()) {
            byte[] bytes = Files.readAllBytes(sample.getValue());
            List<Rec> records = sequential(sample.getValue()).records();
            for (int trial = 0; trial < 20; trial++) {
                byte[] damaged = damage(bytes, records.get(1 + rnd.nextInt(records.size() - 1)), rnd);
                Path file = write("damaged-" + sample.getKey(), damaged);
                Outcome expected = sequential(file);
                assertThat(expected.error()).as(sample.getKey()).isNotNull();
                for (int cutTrial = 0; cutTrial < 10; cutTrial++) {
                    long[] cuts = rnd.nextBoolean()
                            ? new long[] {records.get(1 + rnd.nextInt(records.size() - 1)).fileOffset()}
                            : rnd.longs(1 + rnd.nextInt(2), 0, damaged.length).sorted().distinct().toArray();
                    Outcome actual = inRanges(file, cuts).outcome();
                    assertThat(actual.records()).as(sample.getKey() + " cut at " + Arrays.toString(cuts)).isEqualTo(expected.records());
                    assertThat(actual.message()).as(sample.getKey() + " cut at " + Arrays.toString(cuts)).isEqualTo(expected.message());
                }
            }
        }
    }

    /** Either cuts the file inside the record, or makes its length field too large. */
    private static byte[] damage(byte[] file, Rec record, Random rnd) {
        int at = (int) record.fileOffset();
        if (rnd.nextBoolean()) return Arrays.copyOf(file, at + 10);
        byte[] copy = file.clone();
        int lengthField = file[0] == 0x0A ? at + 4 : at + 8; // pcapng block length, pcap captured length
        copy[lengthField] = copy[lengthField + 3] = 0x7F;
        return copy;
    }

    @Test
    void renumberingKeepsTheKindOfProblem() {
        var cut = new TruncatedCaptureException("f.pcap", 100, 3, "file ends inside a record");
        CaptureFormatException renumbered = cut.afterRecords(10);
        assertThat(renumbered).isInstanceOf(TruncatedCaptureException.class);
        assertThat(renumbered.recordNumber()).isEqualTo(13);
        assertThat(renumbered.getMessage()).isEqualTo("f.pcap: byte offset 100 (record 13): file ends inside a record");
        var header = new CaptureFormatException("f.pcapng", 8, 0, "bad interface", "hint");
        assertThat(header.afterRecords(10)).isSameAs(header);
    }
}
