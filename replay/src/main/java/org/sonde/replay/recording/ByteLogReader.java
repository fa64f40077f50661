package org.sonde.replay.recording;

/** Reads what {@link ByteLog} wrote; running past the end or a malformed varint is a {@link RecordingFormatException}. */
final class ByteLogReader {
    private final byte[] bytes;
    private int pos;
    private final int end;
    private final String what;

    ByteLogReader(byte[] bytes, String what) {
        this(bytes, 0, bytes.length, what);
    }

    ByteLogReader(byte[] bytes, int offset, int length, String what) {
        this.bytes = bytes;
        this.pos = offset;
        this.end = offset + length;
        this.what = what;
    }

    boolean more() {
        return pos < end;
    }

    int position() {
        return pos;
    }

    byte get() {
        if (pos >= end) throw new RecordingFormatException(what + " ends early (offset " + pos + ")");
        return bytes[pos++];
    }

    long unsigned() {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = get();
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) return v;
        }
        throw new RecordingFormatException(what + " has a varint longer than 10 bytes at offset " + pos);
    }

    /** An unsigned varint that must fit an int in {@code 0..max}. */
    int count(long max, String field) {
        long v = unsigned();
        if (v > max) throw new RecordingFormatException(what + ": " + field + " " + v + " exceeds " + max + " (offset " + pos + ")");
        return (int) v;
    }

    long signed() {
        return ByteLog.unzigzag(unsigned());
    }

    long get32() {
        long v = 0;
        for (int i = 0; i < 4; i++) v = v << 8 | (get() & 0xFF);
        return v;
    }

    byte[] bytes(int n) {
        if (n < 0 || n > end - pos) throw new RecordingFormatException(what + " ends early: " + n + " bytes wanted at offset " + pos);
        byte[] b = java.util.Arrays.copyOfRange(bytes, pos, pos + n);
        pos += n;
        return b;
    }
}
