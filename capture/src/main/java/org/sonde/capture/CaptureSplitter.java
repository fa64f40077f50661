package org.sonde.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.sonde.core.EnvironmentException;
import org.sonde.core.InputFiles;

/**
 * Proposes where to cut a capture file into byte ranges of about equal size, to read them on
 * several threads with {@link CaptureReader#openRange}. Near each cut it looks for an offset where
 * {@value #CHAIN} consecutive records (pcapng: blocks) look valid: for pcap, lengths within the snap
 * length, original length at least the captured one, non-decreasing timestamps; for pcapng, the
 * block total length repeated at the block's end. This is a guess: the reader of the range before
 * a cut tells whether it ended exactly there ({@link CaptureReader#isFollowedBy}), so a wrong
 * proposal costs time, never correctness.
 */
public final class CaptureSplitter {
    private CaptureSplitter() {}

    static final int CHAIN = 16;
    /** Bytes read at each cut: candidates lie in the first quarter, so that their chains fit in the rest. */
    private static final int WINDOW_BYTES = 4 << 20;

    /**
     * Offsets at which to cut {@code file} into about {@code parts} ranges, increasing, each inside
     * the file; fewer (none) where no record start was found near a cut.
     */
    public static long[] propose(Path file, int parts) {
        long[] cuts = new long[Math.max(0, parts - 1)];
        int found = 0;
        try (BaseReader reader = CaptureReaders.open(file, WINDOW_BYTES)) {
            long size = Files.size(file);
            for (int k = 1; k < parts; k++) {
                long cut = resync(reader, Math.max(reader.startOffset, size / parts * k));
                if (cut > (found == 0 ? reader.startOffset : cuts[found - 1]) && cut < size) cuts[found++] = cut;
            }
        } catch (IOException e) {
            throw new EnvironmentException("cannot read " + file + ": " + InputFiles.describe(e), "check that the file is readable", e);
        }
        return Arrays.copyOf(cuts, found);
    }

    /** The first offset at or after {@code from} where records chain, or -1. */
    private static long resync(BaseReader reader, long from) {
        ReadBuffer in = reader.in;
        in.seek(from);
        boolean windowAtEnd = !in.ensure(in.buf.length);
        int candidates = windowAtEnd ? in.available() : in.buf.length / 4;
        for (int p = in.pos; p < in.pos + candidates; p++) {
            if (reader.chainsAt(p, CHAIN, windowAtEnd)) return in.offset(p);
        }
        return -1;
    }
}
