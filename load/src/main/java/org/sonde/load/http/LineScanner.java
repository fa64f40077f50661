package org.sonde.load.http;

import java.nio.ByteBuffer;

/**
 * Cuts HTTP's header section into lines as bytes arrive, however the reads split it, without
 * allocating: the first {@link #KEPT} bytes of the current line are kept in a fixed buffer (enough
 * for every header Sonde looks at), the rest of a long line is skipped.
 */
abstract class LineScanner {
    static final int KEPT = 128;
    /** Header sections above this size are refused, as servers do (431), so garbage cannot grow without end. */
    static final int MAX_HEAD_BYTES = 64 * 1024;

    protected final byte[] line = new byte[KEPT];
    protected int lineLength;
    private int headBytes;

    /**
     * Feeds bytes [pos, limit) until a line completes; returns the position after its '\n' having
     * called {@link #onLine}, or {@code limit} when the line goes on in the next read; -1 when the
     * section is too long.
     */
    protected final int scanLine(ByteBuffer b, int pos, int limit) {
        int start = pos;
        byte[] kept = line;
        int n = lineLength;
        while (pos < limit) {
            byte c = b.get(pos++);
            if (c == '\n') {
                int length = n;
                if (length > 0 && length <= KEPT && kept[length - 1] == '\r') length--;
                lineLength = 0;
                lineDone = true;
                completedLength = Math.min(length, KEPT);
                return counted(start, pos);
            }
            if (n < KEPT) kept[n] = c;
            n++;
        }
        lineLength = n;
        return counted(start, pos);
    }

    /** Counts the bytes of the head once per call rather than per byte: the hot loop only copies and compares. */
    private int counted(int start, int pos) {
        headBytes += pos - start;
        return headBytes > MAX_HEAD_BYTES ? -1 : pos;
    }

    /** Whether the last {@link #scanLine} ended a line, and that line's kept length (without CR). */
    protected boolean lineDone;
    protected int completedLength;

    protected final void resetLines() {
        lineLength = 0;
        headBytes = 0;
        lineDone = false;
    }

    protected final void resetHeadCount() {
        headBytes = 0;
    }

    /** Whether the kept line starts with {@code name} followed by ':', ignoring case. */
    protected final boolean isHeader(int length, byte[] lowerName) {
        if (length <= lowerName.length || line[lowerName.length] != ':') return false;
        for (int i = 0; i < lowerName.length; i++) {
            int c = line[i];
            if (c >= 'A' && c <= 'Z') c += 32;
            if (c != lowerName[i]) return false;
        }
        return true;
    }

    /** Whether the header value (after the colon) contains {@code token}, ignoring case. */
    protected final boolean valueContains(int length, int nameLength, byte[] lowerToken) {
        outer:
        for (int i = nameLength + 1; i + lowerToken.length <= length; i++) {
            for (int j = 0; j < lowerToken.length; j++) {
                int c = line[i + j];
                if (c >= 'A' && c <= 'Z') c += 32;
                if (c != lowerToken[j]) continue outer;
            }
            return true;
        }
        return false;
    }

    /** The header value as a non-negative decimal number, or -1 when it is not one. */
    protected final long decimalValue(int length, int nameLength) {
        int i = nameLength + 1;
        while (i < length && (line[i] == ' ' || line[i] == '\t')) i++;
        int end = length;
        while (end > i && (line[end - 1] == ' ' || line[end - 1] == '\t')) end--;
        if (i == end || end - i > 18) return -1;
        long v = 0;
        for (; i < end; i++) {
            if (line[i] < '0' || line[i] > '9') return -1;
            v = v * 10 + (line[i] - '0');
        }
        return v;
    }

    static byte[] ascii(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    static final byte[] CONTENT_LENGTH = ascii("content-length");
    static final byte[] TRANSFER_ENCODING = ascii("transfer-encoding");
    static final byte[] CONNECTION = ascii("connection");
    static final byte[] CHUNKED = ascii("chunked");
    static final byte[] CLOSE = ascii("close");
    static final byte[] KEEP_ALIVE = ascii("keep-alive");
}
