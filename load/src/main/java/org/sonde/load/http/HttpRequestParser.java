package org.sonde.load.http;

import java.nio.ByteBuffer;

/**
 * The server's view of requests: the method, Content-Length to skip a body, and whether the
 * client asks to close. In place and allocation-free, like {@link HttpResponseParser}.
 * dperf's server counts GET and POST and treats other methods as errors (httpErr).
 */
public final class HttpRequestParser extends LineScanner {
    public static final int NEED_MORE = -1;
    public static final int MALFORMED = -2;

    /** Which method a complete request had. */
    public enum Method { GET, POST, OTHER }

    private enum State { REQUEST_LINE, HEADERS, BODY, DONE }

    private State state;
    private Method method;
    private boolean close;
    private long remaining;

    public HttpRequestParser() {
        reset();
    }

    public void reset() {
        state = State.REQUEST_LINE;
        method = Method.OTHER;
        close = false;
        remaining = 0;
        resetLines();
    }

    public Method method() {
        return method;
    }

    /** Whether the client asked the server to close after the response (Connection: close, or HTTP/1.0). */
    public boolean closeAfter() {
        return close;
    }

    public boolean started() {
        return state != State.REQUEST_LINE || lineLength > 0;
    }

    /** Consumes [pos, limit); returns the position after a complete request, {@link #NEED_MORE} or {@link #MALFORMED}. */
    public int parse(ByteBuffer b, int pos, int limit) {
        while (pos < limit) {
            if (state == State.BODY) {
                long take = Math.min(remaining, limit - pos);
                pos += (int) take;
                remaining -= take;
                if (remaining == 0) {
                    state = State.DONE;
                    return pos;
                }
                continue;
            }
            pos = scanLine(b, pos, limit);
            if (pos < 0) return MALFORMED;
            if (!lineDone) return NEED_MORE;
            lineDone = false;
            if (onLine(completedLength) == MALFORMED) return MALFORMED;
            if (state == State.DONE) return pos;
        }
        return NEED_MORE;
    }

    private int onLine(int n) {
        if (state == State.REQUEST_LINE) {
            if (n == 0) return 0; // a stray CRLF between requests (RFC 9112 2.2)
            int sp = 0;
            while (sp < n && line[sp] != ' ') sp++;
            if (sp == 0 || sp == n || n < sp + 10) return MALFORMED;
            // the version ends the line: " HTTP/1.x"
            int v = n - 8;
            if (line[v - 1] != ' ' || line[v] != 'H' || line[v + 1] != 'T' || line[v + 2] != 'T' || line[v + 3] != 'P'
                    || line[v + 4] != '/' || line[v + 5] != '1' || line[v + 6] != '.') {
                // a line longer than the kept bytes has its version cut off; accept it as HTTP/1.1
                if (lineLengthWasCut(n)) return methodFrom(sp, false);
                return MALFORMED;
            }
            return methodFrom(sp, line[v + 7] == '0');
        }
        if (n == 0) {
            state = remaining > 0 ? State.BODY : State.DONE;
            return 0;
        }
        if (isHeader(n, CONTENT_LENGTH)) {
            long v = decimalValue(n, CONTENT_LENGTH.length);
            if (v < 0) return MALFORMED;
            remaining = v;
        } else if (isHeader(n, TRANSFER_ENCODING)) {
            return MALFORMED; // chunked request bodies: not something a load generator's server needs to accept
        } else if (isHeader(n, CONNECTION)) {
            if (valueContains(n, CONNECTION.length, CLOSE)) close = true;
            else if (valueContains(n, CONNECTION.length, KEEP_ALIVE)) close = false;
        }
        return 0;
    }

    private boolean lineLengthWasCut(int n) {
        return n == KEPT;
    }

    private int methodFrom(int sp, boolean http10) {
        if (sp == 3 && line[0] == 'G' && line[1] == 'E' && line[2] == 'T') method = Method.GET;
        else if (sp == 4 && line[0] == 'P' && line[1] == 'O' && line[2] == 'S' && line[3] == 'T') method = Method.POST;
        else method = Method.OTHER;
        close = http10;
        state = State.HEADERS;
        return 0;
    }
}
