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

    /**
     * Opens the byte range {@code [startOffset, endOffset)} of a capture file, so that several
     * threads can read one file. The reader takes the format, byte order and timestamp resolution
     * from the file's start (pcapng: the Section Header Block and the blocks before the first packet
     * that lie before {@code startOffset}, i.e. the interfaces), then reads records from
     * {@code startOffset} on; {@link #next()} returns false at the first record (pcapng: block) that
     * starts at or after {@code endOffset}. A {@code startOffset} inside the file header means the
     * first record. Record numbers, also those in exceptions, count from 1 at the range's start; see
     * {@link CaptureFormatException#afterRecords}.
     *
     * <p>Whether {@code startOffset} is really where a record starts, and whether the pcapng
     * interfaces there are the ones at the file's start, only shows once the range before has been
     * read: see {@link #isFollowedBy}.
     */
    static CaptureReader openRange(Path file, long startOffset, long endOffset) {
        return CaptureReaders.openRange(file, startOffset, endOffset, Limits.DEFAULT_READ_BUFFER_BYTES);
    }

    /** Advances to the next packet record; false at a clean end of the file or at the end of the range. */
    boolean next();

    /**
     * The file offset where the next record (pcapng: block) starts; after {@link #next()} returned
     * false, the file size or the first record at or after the end of the range.
     */
    long nextRecordOffset();

    /**
     * True when this reader has read everything up to exactly where the range reader
     * {@code following} of the same file started, and {@code following} started in the state this
     * reader is in (pcapng: no section or interface block after the first packet block), so that
     * {@code following} reads the records a sequential read would read.
     */
    boolean isFollowedBy(CaptureReader following);

    /**
     * Moves the end of the range; e.g. {@code Long.MAX_VALUE} reads on to the end of the file after
     * the following range turned out to be unusable.
     */
    void setEndOffset(long endOffset);

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

    /** Which way the packet crossed its interface (pcapng {@code epb_flags}); {@link PacketDirection#UNKNOWN} for pcap. */
    PacketDirection direction();

    /** 1-based number of the current packet record in the file (for {@link #openRange}: in the range). */
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
