package org.sonde.capture.inspect;

import org.sonde.capture.CaptureFormatException;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureSplitter;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongConsumer;

/**
 * Counts a large capture file on several threads ({@link Inspection#count}): the file is cut into
 * byte ranges where {@link CaptureSplitter} proposes, each range is counted on its own thread into
 * its own {@link Inspection}, and the results are merged in file order. A range is used only when
 * the range before it ended exactly at its start ({@link CaptureReader#isFollowedBy}); otherwise
 * the range before reads on to the end of the file. So the totals, and the error of a damaged file,
 * are those of a sequential read.
 */
final class ParallelCount {
    private ParallelCount() {}

    /** One byte range: its reader and what counting it gave. */
    private static final class Part implements Runnable {
        private final Path file;
        private final long start;
        private final long end;
        final Inspection inspection;
        CaptureReader reader;
        RuntimeException failure;
        CompletableFuture<Void> done;
        /** Set when the part's result will not be used, so that its thread stops early. */
        volatile boolean stop;

        Part(Path file, long start, long end, Inspection inspection) {
            this.file = file;
            this.start = start;
            this.end = end;
            this.inspection = inspection;
        }

        @Override
        public void run() {
            try {
                reader = CaptureReader.openRange(file, start, end);
                count(null, 0);
            } catch (RuntimeException e) {
                failure = e; // reported only if the ranges before it are used up to here
            }
        }

        /** Counts until the reader's end; {@code progress} (if any) is told the offset times {@code scale}. */
        void count(LongConsumer progress, double scale) {
            CaptureReader r = reader;
            Inspection counts = inspection;
            while (!stop && r.next()) {
                counts.add(r, false);
                if (progress != null) progress.accept((long) (r.fileOffset() * scale));
            }
        }

        /** Waits for the part's thread; rethrows what stopped it. */
        void await() {
            done.join();
            if (failure != null) throw failure;
        }
    }

    /**
     * Counts the file that {@code first} reads from its start into {@code inspection}, cut at the
     * increasing offsets {@code cuts}; {@code progress} is told an estimate of the bytes counted in
     * the file of {@code size} bytes. A damaged file ends in its CaptureFormatException, thrown
     * after counting what precedes the damage, as in a sequential read.
     */
    static void count(CaptureReader first, Path file, long[] cuts, Inspection inspection, LongConsumer progress, long size) {
        Part[] parts = new Part[cuts.length + 1];
        parts[0] = new Part(file, 0, cuts[0], inspection);
        parts[0].reader = first;
        first.setEndOffset(cuts[0]);
        try (ExecutorService threads = Executors.newThreadPerTaskExecutor(Thread.ofPlatform().name("sonde-count-", 1).factory())) {
            for (int i = 1; i < parts.length; i++) {
                parts[i] = new Part(file, cuts[i - 1], i < cuts.length ? cuts[i] : Long.MAX_VALUE, inspection.emptyLike());
                parts[i].done = CompletableFuture.runAsync(parts[i], threads);
            }
            try {
                // the first range counts on this thread; it alone shows progress, scaled to the file as the ranges keep pace
                parts[0].count(progress, (double) size / cuts[0]);
                merge(parts, inspection, progress);
            } finally {
                stopFrom(parts, 0);
            }
        } finally {
            for (int i = 1; i < parts.length; i++) if (parts[i].reader != null) parts[i].reader.close();
        }
    }

    /** Merges the counted parts into {@code inspection} (which part 0 counted into) in file order. */
    private static void merge(Part[] parts, Inspection inspection, LongConsumer progress) {
        for (int i = 0; ; i++) {
            Part part = parts[i];
            Part next = i + 1 < parts.length ? parts[i + 1] : null;
            long before = i == 0 ? 0 : inspection.totals().getPackets();
            boolean last = next == null;
            try {
                if (i > 0) part.await();
                if (next != null) {
                    next.done.join();
                    if (next.reader == null || !part.reader.isFollowedBy(next.reader)) {
                        // the cut was no record start (or pcapng interfaces changed before it): read on instead
                        stopFrom(parts, i + 1);
                        part.reader.setEndOffset(Long.MAX_VALUE);
                        part.count(progress, 1);
                        last = true;
                    }
                }
            } catch (CaptureFormatException e) {
                throw e.afterRecords(before);
            } finally {
                if (i > 0) inspection.merge(part.inspection);
            }
            if (last) return;
        }
    }

    private static void stopFrom(Part[] parts, int from) {
        for (int i = from; i < parts.length; i++) parts[i].stop = true;
    }
}
