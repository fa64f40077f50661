package org.sonde.capture;

/** Classic pcap: a 24-byte file header, then records of a 16-byte header and the captured bytes. */
final class PcapReader extends BaseReader {
    static final int FILE_HEADER_BYTES = 24;
    static final int RECORD_HEADER_BYTES = 16;

    private final CaptureFormat format;
    private final long nanosPerFractionUnit;
    private final long snapLength;
    private final long maxCapturedBytes;

    PcapReader(ReadBuffer in, boolean bigEndian, boolean nanos) {
        super(in);
        in.bigEndian = bigEndian;
        this.format = nanos ? CaptureFormat.PCAP_NANOS : CaptureFormat.PCAP_MICROS;
        this.nanosPerFractionUnit = nanos ? 1 : 1000;
        if (!in.ensure(FILE_HEADER_BYTES)) {
            throw truncated(0, 0, "the pcap file header: " + FILE_HEADER_BYTES + " bytes expected, " + in.available() + " present");
        }
        int p = in.pos;
        int major = in.u16(p + 4);
        int minor = in.u16(p + 6);
        if (major != 2) {
            throw malformed(in.offset(p + 4), 0, "pcap version " + major + "." + minor + " is not supported (expected 2.x)");
        }
        snapLength = in.u32(p + 16);
        // snap length 0 appears in some writers' output and means "no limit"
        maxCapturedBytes = snapLength == 0 ? Limits.MAX_RECORD_BYTES : Math.min(snapLength, Limits.MAX_RECORD_BYTES);
        linkType = in.i32(p + 20) & 0x03FF_FFFF; // upper bits carry FCS flags, not the type
        in.pos = p + FILE_HEADER_BYTES;
    }

    @Override
    public boolean next() {
        ReadBuffer in = this.in;
        if (in.offset(in.pos) >= endOffset) return false;
        if (!in.ensure(RECORD_HEADER_BYTES)) {
            if (in.available() == 0) return false;
            throw truncated(in.offset(in.pos), recordNumber + 1, "a record header: " + RECORD_HEADER_BYTES
                    + " bytes expected, " + in.available() + " present");
        }
        int captured = in.i32(in.pos + 8);
        if (unsignedAbove(captured, maxCapturedBytes)) throw capturedTooLong(captured);
        int original = in.i32(in.pos + 12);
        if (unsignedAbove(original, Integer.MAX_VALUE) || original < captured) throw badOriginal(captured, original);
        if (!in.ensure(RECORD_HEADER_BYTES + captured)) {
            throw truncated(in.offset(in.pos), recordNumber + 1, "a record: " + captured + " captured bytes announced, "
                    + (in.available() - RECORD_HEADER_BYTES) + " present");
        }
        int p = in.pos; // ensure() may have moved the window
        array = in.buf;
        fileOffset = in.offset(p);
        timestampNanos = in.u32(p) * 1_000_000_000L + in.u32(p + 4) * nanosPerFractionUnit;
        capturedLength = captured;
        originalLength = original;
        dataOffset = p + RECORD_HEADER_BYTES;
        recordNumber++;
        in.pos = dataOffset + captured;
        return true;
    }

    private CaptureFormatException capturedTooLong(int captured) {
        long claimed = captured & 0xFFFF_FFFFL;
        String bound = maxCapturedBytes == snapLength
                ? "above the snap length " + snapLength
                : "above the limit of " + Limits.MAX_RECORD_BYTES + " bytes per record";
        return malformed(in.offset(in.pos), recordNumber + 1, "record header claims " + claimed + " captured bytes, " + bound);
    }

    private CaptureFormatException badOriginal(int captured, int original) {
        return malformed(in.offset(in.pos), recordNumber + 1, "record header claims an original length of "
                + (original & 0xFFFF_FFFFL) + " bytes, " + (original < 0 ? "above 2^31-1" : "below its " + captured + " captured bytes"));
    }

    @Override
    boolean keptStartState() {
        return true; // everything a record needs is in the file header
    }

    @Override
    boolean chainsAt(int p, int count, boolean windowAtEnd) {
        ReadBuffer in = this.in;
        long previousNanos = 0;
        for (int i = 0; i < count; i++) {
            if (in.limit - p < RECORD_HEADER_BYTES) return windowAtEnd && p == in.limit;
            long fraction = in.u32(p + 4) * nanosPerFractionUnit;
            int captured = in.i32(p + 8);
            int original = in.i32(p + 12);
            long nanos = in.u32(p) * 1_000_000_000L + fraction;
            // captured 0 is legal but rare; allowing it would let runs of zero bytes pass as records
            if (fraction >= 1_000_000_000L || nanos < previousNanos || captured <= 0
                    || unsignedAbove(captured, maxCapturedBytes) || original < captured || original > Limits.MAX_RECORD_BYTES) {
                return false;
            }
            previousNanos = nanos;
            p += RECORD_HEADER_BYTES + captured;
        }
        return true;
    }

    @Override
    public CaptureFormat format() {
        return format;
    }
}
