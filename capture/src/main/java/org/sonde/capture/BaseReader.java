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
    long recordNumber;
    long fileOffset;

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
    public final long recordNumber() {
        return recordNumber;
    }

    @Override
    public final long fileOffset() {
        return fileOffset;
    }

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
