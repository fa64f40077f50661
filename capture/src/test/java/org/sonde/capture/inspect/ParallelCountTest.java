package org.sonde.capture.inspect;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureFormatException;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureSplitter;
import org.sonde.core.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Counting in parts on several threads gives exactly what one sequential read gives: the same
 * totals and report data and, for damaged captures, the same message, location and partial
 * totals, wherever the cuts fall. (That {@code sonde pcap inspect} prints the same whatever
 * --threads is: the cli's InspectThreadsTest.)
 */
class ParallelCountTest {
    @TempDir
    Path dir;

    private List<Path> captures() {
        return List.of(TestCaptures.synth(dir.resolve("s.pcap"), 400 << 10, 1), TestCaptures.synth(dir.resolve("s.pcapng"), 400 << 10, 2),
                TestCaptures.mixed(dir.resolve("m.pcapng"), 3000, 3));
    }

    @Test
    void countOnThreadsGivesWhatReadGives() throws IOException {
        for (Path file : captures()) {
            assertThat(CaptureSplitter.propose(file, 3)).as("cuts of " + file).hasSize(2);
            Inspection sequential = Inspection.forReport();
            try (CaptureReader reader = CaptureReader.open(file)) {
                sequential.read(reader, 0, s -> { throw new AssertionError("no packet is described"); }, offset -> { });
            }
            for (int threads = 1; threads <= 4; threads++) {
                Inspection parallel = Inspection.forReport();
                long[] last = {0};
                try (CaptureReader reader = CaptureReader.open(file)) {
                    parallel.count(reader, file, threads, 0, offset -> last[0] = Math.max(last[0], offset));
                }
                assertSame(parallel, sequential, file + " on " + threads + " threads");
                assertThat(last[0]).as("progress of " + file).isPositive().isLessThanOrEqualTo(Files.size(file));
            }
        }
    }

    @Test
    void smallFilesAreCountedInOneGo() throws IOException {
        Path file = TestCaptures.mixed(dir.resolve("small.pcapng"), 300, 4);
        Inspection inspection = Inspection.totalsOnly();
        List<Long> offsets = new java.util.ArrayList<>();
        try (CaptureReader reader = CaptureReader.open(file)) {
            inspection.count(reader, file, 4, Files.size(file) + 1, offsets::add);
        }
        // one reader went through the file, telling every record's offset (in parts, only the first part's)
        assertThat(offsets).hasSize(300).isSorted().doesNotHaveDuplicates();
        assertThat(inspection.totals().getPackets()).isEqualTo(300);
        assertThat(inspection.firstPackets()).isEmpty();
    }

    @Test
    void anyCutsGiveTheSequentialCounts() throws IOException {
        Random rnd = new Random(7);
        for (Path file : captures()) {
            String expected = counted(file, new long[0]).error;
            Inspection sequential = counted(file, new long[0]).inspection;
            long size = Files.size(file);
            for (int trial = 0; trial < 40; trial++) {
                long[] cuts = rnd.longs(1 + rnd.nextInt(3), 1, size).sorted().distinct().toArray();
                Counted parallel = counted(file, cuts);
                assertThat(parallel.error).isEqualTo(expected).isNull();
                assertSame(parallel.inspection, sequential, file + " cut at " + Arrays.toString(cuts));
            }
        }
    }

    @Test
    void damageIsReportedAsInASequentialRead() throws IOException {
        Random rnd = new Random(8);
        for (Path file : captures()) {
            byte[] bytes = Files.readAllBytes(file);
            int compared = 0;
            for (int trial = 0; trial < 12; trial++) {
                Path damaged = dir.resolve("damaged-" + file.getFileName());
                int at = bytes.length / 3 + rnd.nextInt(bytes.length * 2 / 3 - 8);
                if (trial % 2 == 0) {
                    Files.write(damaged, Arrays.copyOf(bytes, at)); // cut off
                } else {
                    byte[] copy = bytes.clone();
                    for (int i = 0; i < 8; i++) copy[at + i] = (byte) 0xEE; // a length field here breaks the file
                    Files.write(damaged, copy);
                }
                Counted sequential = counted(damaged, new long[0]);
                if (sequential.error == null) continue; // the bytes hit packet data: nothing to compare
                compared++;
                assertThat(sequential.error).contains("byte offset");

                long[] cuts = rnd.longs(1 + rnd.nextInt(3), 1, bytes.length).sorted().distinct().toArray();
                Counted parallel = counted(damaged, cuts);
                assertThat(parallel.error).as("cut at " + Arrays.toString(cuts)).isEqualTo(sequential.error);
                assertSame(parallel.inspection, sequential.inspection, damaged + " cut at " + Arrays.toString(cuts));
            }
            assertThat(compared).as(file.toString()).isGreaterThanOrEqualTo(6);
        }
    }

    /** An inspection keeping a little of everything for the report, and the problem that ended it. */
    record Counted(Inspection inspection, String error) {}

    /** Counts {@code file} cut at {@code cuts} (none: sequentially). */
    private static Counted counted(Path file, long[] cuts) {
        Inspection inspection = new Inspection(40, 100);
        try (CaptureReader reader = CaptureReader.open(file)) {
            if (cuts.length == 0) {
                while (reader.next()) inspection.add(reader, false);
            } else {
                ParallelCount.count(reader, file, cuts, inspection, offset -> { }, Files.size(file));
            }
        } catch (CaptureFormatException e) {
            return new Counted(inspection, e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new Counted(inspection, null);
    }

    private static void assertSame(Inspection actual, Inspection expected, String what) throws IOException {
        var json = Json.mapper();
        assertThat(json.writeValueAsString(actual.totals())).as(what).isEqualTo(json.writeValueAsString(expected.totals()));
        assertThat(json.writeValueAsString(actual.firstPackets())).as(what).isEqualTo(json.writeValueAsString(expected.firstPackets()));
        assertThat(Arrays.copyOf(actual.sizeSamples, actual.sizeSampleCount)).as(what)
                .isEqualTo(Arrays.copyOf(expected.sizeSamples, expected.sizeSampleCount));
    }
}
