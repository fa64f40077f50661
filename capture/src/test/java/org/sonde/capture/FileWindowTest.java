package org.sonde.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * A file is read through a window that a direct buffer of the reader's own refills: whatever the
 * window's size and the records' lengths (smaller and larger than the window, so that records
 * straddle refills and the window grows), the records are those a stream reader gives.
 */
class FileWindowTest {
    @Property(tries = 200)
    void anyWindowReadsTheRecordsOfAStream(@ForAll @Size(min = 0, max = 40) List<@IntRange(min = 0, max = 3000) Integer> lengths,
                                           @ForAll boolean pcapng, @ForAll @IntRange(min = 16, max = 4096) int windowBytes) {
        Captures.Body body = w -> {
            for (int i = 0; i < lengths.size(); i++) w.write(1_700_000_000_000_000_000L + i * 1000L, Captures.packet(i, lengths.get(i)), 0, lengths.get(i));
        };
        byte[] file = pcapng
                ? Captures.pcapng(List.of(new CaptureInterface("eth0", LinkTypes.ETHERNET, 65535, TimestampResolution.NANOS, null)), null, body)
                : Captures.pcap(TimestampResolution.NANOS, 65535, body);
        List<Captures.Rec> expected = Captures.readAll(file);
        assertThat(expected).hasSize(lengths.size());
        try {
            Path path = Files.createTempFile("window", pcapng ? ".pcapng" : ".pcap");
            try {
                Files.write(path, file);
                assertThat(Captures.readAll(CaptureReaders.open(path, windowBytes))).isEqualTo(expected);
            } finally {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
