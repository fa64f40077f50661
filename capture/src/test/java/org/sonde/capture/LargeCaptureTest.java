package org.sonde.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Files and records larger than the reader's buffer, written to disk and read back. */
class LargeCaptureTest {
    private static final long T0 = 1_700_000_000_000_000_000L;

    private static CaptureWriter writer(CaptureFormat format, Path file, int snapLength) {
        return switch (format) {
            case PCAP_MICROS -> CaptureWriter.pcap(file, LinkTypes.ETHERNET, snapLength, TimestampResolution.MICROS);
            case PCAP_NANOS -> CaptureWriter.pcap(file, LinkTypes.ETHERNET, snapLength, TimestampResolution.NANOS);
            case PCAPNG -> CaptureWriter.pcapng(file, LinkTypes.ETHERNET, snapLength);
        };
    }

    /** Byte {@code i} of packet {@code n}; checked in place so the check allocates nothing per packet. */
    private static byte expectedByte(int n, int i) {
        return (byte) (n * 7 + i * 13);
    }

    private static int length(int n) {
        return 60 + n * 611 % 1455;
    }

    @ParameterizedTest
    @EnumSource(CaptureFormat.class)
    void twentyMegabytesStreamThroughTheReadWindowWithoutReallocation(CaptureFormat format, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("big");
        byte[] data = new byte[1514];
        int packets = 0;
        try (CaptureWriter w = writer(format, file, 65535)) {
            for (long written = 0; written < 20_000_000; written += length(packets), packets++) {
                for (int i = 0; i < length(packets); i++) data[i] = expectedByte(packets, i);
                w.write(T0 + packets * 1000L, data, 0, length(packets));
            }
        }
        assertThat(Files.size(file)).isGreaterThan(2L * Limits.DEFAULT_READ_BUFFER_BYTES);
        try (CaptureReader r = CaptureReader.open(file)) {
            byte[] buffer = null;
            int n = 0;
            while (r.next()) {
                if (buffer == null) buffer = r.array();
                assertThat(r.array()).isSameAs(buffer); // records are views into one reused buffer
                assertThat(r.capturedLength()).isEqualTo(length(n));
                assertThat(r.timestampNanos()).isEqualTo(T0 + n * 1000L);
                byte[] a = r.array();
                for (int i = 0, o = r.offset(); i < length(n); i++) {
                    if (a[o + i] != expectedByte(n, i)) {
                        throw new AssertionError("record " + r.recordNumber() + " differs at byte " + i);
                    }
                }
                n++;
            }
            assertThat(n).isEqualTo(packets);
        }
    }

    @ParameterizedTest
    @EnumSource(CaptureFormat.class)
    void aSingleRecordLargerThanTheBufferIsReadWhole(CaptureFormat format, @TempDir Path dir) {
        Path file = dir.resolve("jumbo");
        int jumbo = Limits.DEFAULT_READ_BUFFER_BYTES + 3 * 1024 * 1024 + 3;
        byte[] big = Captures.packet(9, jumbo);
        try (CaptureWriter w = writer(format, file, 16 << 20)) {
            w.write(T0, Captures.packet(1, 100), 0, 100);
            w.write(T0 + 1, big, 0, jumbo);
            w.write(T0 + 2, Captures.packet(2, 100), 0, 100);
        }
        List<Captures.Rec> records = Captures.readAll(CaptureReader.open(file));
        assertThat(records).hasSize(3);
        assertThat(records.get(1).capturedLength()).isEqualTo(jumbo);
        assertThat(records.get(1).data()).isEqualTo(big);
        assertThat(records.get(2).data()).isEqualTo(Captures.packet(2, 100));
    }
}
