package org.sonde.load.http;

import java.nio.ByteBuffer;

/**
 * Parses HTTP/1.x responses as real servers send them, in place, across reads of any size and
 * without allocating: the status line, Content-Length, {@code Transfer-Encoding: chunked}
 * (chunk sizes, extensions, trailers), {@code Connection: close} and bodies delimited by the
 * end of the connection. One parser per connection, {@link #reset()} between responses.
 */
public final class HttpResponseParser extends LineScanner {
    /** {@link #parse} needs more bytes. */
    public static final int NEED_MORE = -1;
    /** {@link #parse} found bytes that are not an HTTP response. */
    public static final int MALFORMED = -2;

    private enum State { STATUS, HEADERS, BODY, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILERS, UNTIL_CLOSE, DONE }

    private State state = State.STATUS;
    private int status;
    private boolean http10;
    private boolean close;
    private boolean chunked;
    private long contentLength;
    private long remaining;

    public void reset() {
        state = State.STATUS;
        status = 0;
        http10 = false;
        close = false;
        chunked = false;
        contentLength = -1;
        remaining = 0;
        resetLines();
    }

    public HttpResponseParser() {
        reset();
    }

    /** The status code of the response being parsed (valid once its status line is read). */
    public int status() {
        return status;
    }

    /** Whether the server will close the connection after this response (Connection: close, or HTTP/1.0 without keep-alive). */
    public boolean closeAfter() {
        return close;
    }

    /** Whether the response so far has begun (any byte consumed): a server that closes before that fails the request. */
    public boolean started() {
        return state != State.STATUS || lineLength > 0;
    }

    /** Whether the body runs to the end of the connection (no length, not chunked). */
    public boolean untilClose() {
        return state == State.UNTIL_CLOSE;
    }

    /**
     * Consumes bytes [pos, limit) of {@code b}; returns the position just after the end of a
     * complete response (the rest belongs to the next one), {@link #NEED_MORE}, or {@link #MALFORMED}.
     */
    public int parse(ByteBuffer b, int pos, int limit) {
        while (pos < limit) {
            switch (state) {
                case STATUS, HEADERS, CHUNK_SIZE, CHUNK_END, TRAILERS -> {
                    pos = scanLine(b, pos, limit);
                    if (pos < 0) return MALFORMED;
                    if (!lineDone) return NEED_MORE;
                    lineDone = false;
                    int end = onLine(completedLength);
                    if (end == MALFORMED) return MALFORMED;
                    if (state == State.DONE) return pos;
                }
                case BODY, CHUNK_DATA -> {
                    long take = Math.min(remaining, limit - pos);
                    pos += (int) take;
                    remaining -= take;
                    if (remaining == 0) {
                        if (state == State.BODY) {
                            state = State.DONE;
                            return pos;
                        }
                        state = State.CHUNK_END;
                    }
                }
                case UNTIL_CLOSE -> pos = limit;
                case DONE -> { return pos; }
            }
        }
        return state == State.DONE ? pos : NEED_MORE;
    }

    /** The connection ended: completes a body that runs to the close; true if a response is now complete. */
    public boolean endOfStream() {
        if (state == State.UNTIL_CLOSE) {
            state = State.DONE;
            return true;
        }
        return false;
    }

    private int onLine(int n) {
        switch (state) {
            case STATUS -> {
                // HTTP/1.x SSS reason
                if (n == 0) return 0; // tolerate a stray empty line before the status line (RFC 9112 2.2)
                if (n < 12 || line[0] != 'H' || line[1] != 'T' || line[2] != 'T' || line[3] != 'P' || line[4] != '/'
                        || line[5] != '1' || line[6] != '.' || line[8] != ' ') return MALFORMED;
                int s = 0;
                for (int i = 9; i < 12; i++) {
                    if (line[i] < '0' || line[i] > '9') return MALFORMED;
                    s = s * 10 + line[i] - '0';
                }
                if (n > 12 && line[12] != ' ') return MALFORMED;
                status = s;
                http10 = line[7] == '0';
                close = http10;
                state = State.HEADERS;
            }
            case HEADERS -> {
                if (n == 0) return headersDone();
                if (isHeader(n, CONTENT_LENGTH)) {
                    long v = decimalValue(n, CONTENT_LENGTH.length);
                    if (v < 0 || (contentLength >= 0 && contentLength != v)) return MALFORMED;
                    contentLength = v;
                } else if (isHeader(n, TRANSFER_ENCODING)) {
                    if (valueContains(n, TRANSFER_ENCODING.length, CHUNKED)) chunked = true;
                } else if (isHeader(n, CONNECTION)) {
                    if (valueContains(n, CONNECTION.length, CLOSE)) close = true;
                    else if (valueContains(n, CONNECTION.length, KEEP_ALIVE)) close = false;
                }
            }
            case CHUNK_SIZE -> {
                long size = 0;
                int i = 0;
                for (; i < n; i++) {
                    int d = hex(line[i]);
                    if (d < 0) break;
                    if (size > (Long.MAX_VALUE >> 4)) return MALFORMED;
                    size = size * 16 + d;
                }
                if (i == 0 || (i < n && line[i] != ';' && line[i] != ' ' && line[i] != '\t')) return MALFORMED;
                if (size == 0) {
                    state = State.TRAILERS;
                } else {
                    remaining = size;
                    state = State.CHUNK_DATA;
                }
            }
            case CHUNK_END -> {
                if (n != 0) return MALFORMED;
                resetHeadCount();
                state = State.CHUNK_SIZE;
            }
            case TRAILERS -> {
                if (n == 0) state = State.DONE;
            }
            default -> throw new IllegalStateException(state.name());
        }
        return 0;
    }

    private int headersDone() {
        if (status >= 100 && status < 200) {
            // an interim response (100 Continue): the final one follows
            reset();
            return 0;
        }
        if (status == 204 || status == 304) {
            state = State.DONE;
        } else if (chunked) {
            resetHeadCount();
            state = State.CHUNK_SIZE;
        } else if (contentLength >= 0) {
            remaining = contentLength;
            state = remaining == 0 ? State.DONE : State.BODY;
        } else {
            // no length: the body ends when the server closes (RFC 9112 6.3, rule 8)
            close = true;
            state = State.UNTIL_CLOSE;
        }
        return 0;
    }

    private static int hex(byte c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }
}
