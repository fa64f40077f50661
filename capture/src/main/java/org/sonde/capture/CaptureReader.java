package org.sonde.capture;

import java.io.InputStream;
import java.nio.file.Path;

/**
 * A cursor over the packet records of a pcap or pcapng file, read in a streaming fashion.
 *
 * <pre>{@code
 * try (CaptureReader r = CaptureReader.open(path)) {
 *     while (r.next()) use(r.array(), r.offset(), r.capturedLength(), r.timestampNanos());
 * }
 * }</pre>
 *
 * The record accessors describe the current record and are valid until the next call to
 * {@link #next()}; the bytes live in a buffer that is reused, so copy what you keep. Bad files
 * end in a {@link CaptureFormatException} ({@link TruncatedCaptureException} when the file stops
 * inside a record); operating-system failures in an {@link org.sonde.core.EnvironmentException}.
 * Not thread-safe.
 */
public sealed interface CaptureReader extends AutoCloseable permits BaseReader {

    /** Opens a pcap or pcapng file, recognised by its magic number. */
    static CaptureReader open(Path file) {
        return CaptureReaders.open(file, Limits.DEFAULT_READ_BUFFER_BYTES);
    }

    /**
     * Reads a capture from a stream, e.g. standard input; {@code name} is used in messages.
     * {@link #close()} closes the stream.
     */
    static CaptureReader open(InputStream in, String name) {
        return CaptureReaders.open(in, name, Limits.DEFAULT_READ_BUFFER_BYTES);
    }

    /** Advances to the next packet record; false at a clean end of the file. */
    boolean next();

    /** The buffer holding the current record's captured bytes, starting at {@link #offset()}. */
    byte[] array();

    int offset();

    /** Bytes present in the file for this packet (at most the snap length). */
    int capturedLength();

    /** Bytes the packet had on the wire; at least {@link #capturedLength()}. */
    int originalLength();

    /**
     * Nanoseconds since the Unix epoch, pcapng {@code if_tsoffset} applied. pcapng Simple Packet
     * Blocks carry no timestamp and report 0.
     */
    long timestampNanos();

    /** The pcapng interface the packet was captured on, numbered within its section; 0 for pcap. */
    int interfaceId();

    /** The LINKTYPE_* value of the packet's interface, see {@link LinkTypes}. */
    int linkType();

    /** The packet's comment (pcapng {@code opt_comment}; several are joined by newlines), or null. */
    String comment();

    /** 1-based number of the current packet record in the file. */
    long recordNumber();

    /** File offset of the current record's header (pcapng: of its block). */
    long fileOffset();

    CaptureFormat format();

    /** The name ({@code if_name}) of the current packet's pcapng interface, or null. */
    String interfaceName();

    /** The comment of the current packet's pcapng interface, or null. */
    String interfaceComment();

    /** The comment of the current pcapng section (Section Header Block), or null. */
    String sectionComment();

    @Override
    void close();
}
