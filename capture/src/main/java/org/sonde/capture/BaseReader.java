package org.sonde.capture;

/** The cursor state and error reporting shared by the pcap and pcapng readers. */
abstract sealed class BaseReader implements CaptureReader permits PcapReader, PcapngReader {
    final ReadBuffer in;
    byte[] array;
    int dataOffset;
    int capturedLength;
    int originalLength;
    long timestampNanos;
    int interfaceId;
    int linkType;
    String comment;
    PacketDirection direction = PacketDirection.UNKNOWN;
    long recordNumber;
    long fileOffset;
    /** Where this reader began reading records, and where next() reports the end of its range. */
    long startOffset;
    long endOffset = Long.MAX_VALUE;

    BaseReader(ReadBuffer in) {
        this.in = in;
        this.array = in.buf;
    }

    @Override
    public final byte[] array() {
        return array;
    }

    @Override
    public final int offset() {
        return dataOffset;
    }

    @Override
    public final int capturedLength() {
        return capturedLength;
    }

    @Override
    public final int originalLength() {
        return originalLength;
    }

    @Override
    public final long timestampNanos() {
        return timestampNanos;
    }

    @Override
    public final int interfaceId() {
        return interfaceId;
    }

    @Override
    public final int linkType() {
        return linkType;
    }

    @Override
    public final String comment() {
        return comment;
    }

    @Override
    public final PacketDirection direction() {
        return direction;
    }

    @Override
    public final long recordNumber() {
        return recordNumber;
    }

    @Override
    public final long fileOffset() {
        return fileOffset;
    }

    @Override
    public final long nextRecordOffset() {
        return in.offset(in.pos);
    }

    @Override
    public final boolean isFollowedBy(CaptureReader following) {
        BaseReader f = (BaseReader) following;
        return nextRecordOffset() == f.startOffset && format() == f.format() && in.name.equals(f.in.name)
                && keptStartState();
    }

    @Override
    public final void setEndOffset(long endOffset) {
        this.endOffset = endOffset;
    }

    /** Moves to {@code start} to read a range, unless the header already extends past it. */
    void startAt(long start) {
        if (start > in.offset(in.pos)) in.seek(start);
        startOffset = in.offset(in.pos);
    }

    /** Whether the state a range reader takes from the file's start still holds here (see isFollowedBy). */
    abstract boolean keptStartState();

    /**
     * Whether {@code count} records (pcapng: blocks) that look valid follow each other from buffer
     * index {@code p}, or reach the end of the window when {@code windowAtEnd} says it ends the file;
     * a heuristic for finding a record start in the middle of a file.
     */
    abstract boolean chainsAt(int p, int count, boolean windowAtEnd);

    @Override
    public String interfaceName() {
        return null;
    }

    @Override
    public String interfaceComment() {
        return null;
    }

    @Override
    public String sectionComment() {
        return null;
    }

    @Override
    public final void close() {
        in.close();
    }

    final CaptureFormatException malformed(long offset, long record, String problem) {
        return new CaptureFormatException(in.name, offset, record, problem);
    }

    /** The file ends inside the structure at {@code offset}; {@code what} says which and how much is missing. */
    final TruncatedCaptureException truncated(long offset, long record, String what) {
        return new TruncatedCaptureException(in.name, offset, record,
                "file ends inside " + what + "; the capture was probably cut off while being written");
    }

    /** {@code value} is a 32-bit field read as unsigned; true when it is above {@code bound}. */
    static boolean unsignedAbove(int value, long bound) {
        return (value & 0xFFFF_FFFFL) > bound;
    }
}
