package org.sonde.capture;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes packets to a pcap or pcapng capture, buffered.
 *
 * <p>A writer for a {@link Path} writes to a hidden temporary file beside the target
 * ({@code .NAME.RANDOM.partial}) and renames it over the target in {@link #close()}, so a crash
 * never leaves a capture that looks complete. If writing fails, close discards the temporary file;
 * call {@link #abort()} to give the output up yourself (e.g. when the producer of the packets
 * failed — a try-with-resources block alone would commit what was written so far).
 *
 * <p>Packets longer than the snap length are truncated; the original length is kept. Timestamps
 * are nanoseconds since the Unix epoch and must not be negative. Not thread-safe.
 */
public sealed interface CaptureWriter extends AutoCloseable permits BaseWriter {

    /** A pcap file with timestamps in microseconds or nanoseconds. */
    static CaptureWriter pcap(Path file, int linkType, int snapLength, TimestampResolution resolution) {
        PcapWriter.check(linkType, snapLength, resolution);
        return new PcapWriter(BaseWriter.fileTarget(file), linkType, snapLength, resolution);
    }

    /** A pcap stream, e.g. to standard output; {@code name} is used in messages; close closes the stream. */
    static CaptureWriter pcap(OutputStream out, String name, int linkType, int snapLength, TimestampResolution resolution) {
        PcapWriter.check(linkType, snapLength, resolution);
        return new PcapWriter(new WriteTarget.Stream(out, name), linkType, snapLength, resolution);
    }

    /** A pcapng file with one interface (no name, nanosecond timestamps: {@code if_tsresol} 9). */
    static CaptureWriter pcapng(Path file, int linkType, int snapLength) {
        return pcapng(file, List.of(new CaptureInterface(null, linkType, snapLength)), null);
    }

    /** A pcapng file with these interfaces, numbered from 0 in list order. */
    static CaptureWriter pcapng(Path file, List<CaptureInterface> interfaces) {
        return pcapng(file, interfaces, null);
    }

    /** A pcapng file with these interfaces and a section comment ({@code shb_comment}; null for none). */
    static CaptureWriter pcapng(Path file, List<CaptureInterface> interfaces, String sectionComment) {
        PcapngWriter.check(interfaces, sectionComment);
        return new PcapngWriter(BaseWriter.fileTarget(file), interfaces, sectionComment);
    }

    /** A pcapng stream with one interface; close closes the stream. */
    static CaptureWriter pcapng(OutputStream out, String name, int linkType, int snapLength) {
        return pcapng(out, name, List.of(new CaptureInterface(null, linkType, snapLength)), null);
    }

    /** A pcapng stream with these interfaces and a section comment (null for none); close closes the stream. */
    static CaptureWriter pcapng(OutputStream out, String name, List<CaptureInterface> interfaces, String sectionComment) {
        PcapngWriter.check(interfaces, sectionComment);
        return new PcapngWriter(new WriteTarget.Stream(out, name), interfaces, sectionComment);
    }

    /** Writes a packet on interface 0 whose original length is {@code length}, without comment. */
    default void write(long timestampNanos, byte[] data, int offset, int length) {
        write(0, timestampNanos, data, offset, length, length, null);
    }

    /**
     * Writes a packet. {@code length} bytes from {@code data[offset]} are the captured part (cut
     * further to the snap length); {@code originalLength} is the length on the wire, at least
     * {@code length}. pcap has a single interface and no comments: an interface id other than 0
     * or a non-null comment is a {@link org.sonde.core.UsageException} rather than being dropped.
     */
    default void write(int interfaceId, long timestampNanos, byte[] data, int offset, int length, int originalLength, String comment) {
        write(interfaceId, timestampNanos, data, offset, length, originalLength, PacketDirection.UNKNOWN, comment);
    }

    /**
     * Writes a packet with the way it crossed its interface (pcapng {@code epb_flags}); pcap cannot store a direction,
     * so one other than {@link PacketDirection#UNKNOWN} is a {@link org.sonde.core.UsageException} there.
     */
    void write(int interfaceId, long timestampNanos, byte[] data, int offset, int length, int originalLength, PacketDirection direction,
               String comment);

    CaptureFormat format();

    /** Gives the output up: a file target is left as it was, a stream is closed. */
    void abort();

    /** Flushes and commits: renames the temporary file over the target, or closes the stream. */
    @Override
    void close();
}
