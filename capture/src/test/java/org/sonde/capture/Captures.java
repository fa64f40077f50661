package org.sonde.capture;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Test helpers: reading whole captures into values and writing captures to memory. */
final class Captures {
    private Captures() {}

    /** One record as read, with its bytes copied out of the reader's buffer. */
    record Rec(long recordNumber, long fileOffset, long timestampNanos, int capturedLength, int originalLength,
               int interfaceId, int linkType, String comment, byte[] data) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Rec r && recordNumber == r.recordNumber && fileOffset == r.fileOffset
                    && timestampNanos == r.timestampNanos && capturedLength == r.capturedLength
                    && originalLength == r.originalLength && interfaceId == r.interfaceId && linkType == r.linkType
                    && java.util.Objects.equals(comment, r.comment) && Arrays.equals(data, r.data);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(recordNumber) * 31 + Arrays.hashCode(data);
        }
    }

    static Rec current(CaptureReader r) {
        byte[] data = Arrays.copyOfRange(r.array(), r.offset(), r.offset() + r.capturedLength());
        return new Rec(r.recordNumber(), r.fileOffset(), r.timestampNanos(), r.capturedLength(), r.originalLength(),
                r.interfaceId(), r.linkType(), r.comment(), data);
    }

    static List<Rec> readAll(CaptureReader r) {
        List<Rec> records = new ArrayList<>();
        try (r) {
            while (r.next()) records.add(current(r));
        }
        return records;
    }

    /** Reads from memory with a given initial buffer size, so small buffers exercise refills and growth. */
    static CaptureReader reader(byte[] file, int bufferBytes) {
        return CaptureReaders.open(new ByteArrayInputStream(file), "test.cap", bufferBytes);
    }

    static List<Rec> readAll(byte[] file) {
        return readAll(CaptureReader.open(new ByteArrayInputStream(file), "test.cap"));
    }

    @FunctionalInterface
    interface Body {
        void writeTo(CaptureWriter w);
    }

    static byte[] pcap(TimestampResolution resolution, int snapLength, Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CaptureWriter w = CaptureWriter.pcap(out, "memory", LinkTypes.ETHERNET, snapLength, resolution)) {
            body.writeTo(w);
        }
        return out.toByteArray();
    }

    static byte[] pcapng(List<CaptureInterface> interfaces, String sectionComment, Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CaptureWriter w = CaptureWriter.pcapng(out, "memory", interfaces, sectionComment)) {
            body.writeTo(w);
        }
        return out.toByteArray();
    }

    /** A packet whose bytes depend on its index, so a mixed-up record is noticed. */
    static byte[] packet(int index, int length) {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) data[i] = (byte) (index * 31 + i);
        return data;
    }

    /** A small valid file of each format with varied records, for truncation and fuzzing. */
    static byte[] samplePcap(TimestampResolution resolution) {
        return pcap(resolution, 100, w -> {
            for (int i = 0; i < 6; i++) w.write(1_700_000_000_123_456_789L + i * 1_001_001L, packet(i, i * 37 % 130), 0, i * 37 % 130);
        });
    }

    static byte[] samplePcapng() {
        List<CaptureInterface> interfaces = List.of(
                new CaptureInterface("eth0", LinkTypes.ETHERNET, 100, TimestampResolution.NANOS, "uplink"),
                new CaptureInterface("raw", LinkTypes.RAW, 64, TimestampResolution.MICROS, null));
        return pcapng(interfaces, "sample", w -> {
            for (int i = 0; i < 6; i++) {
                int length = i * 37 % 130;
                w.write(i % 2, 1_700_000_000_123_456_789L + i * 1_001_001L, packet(i, length), 0, length, length + i,
                        i % 3 == 0 ? "packet " + i : null);
            }
        });
    }
}
