package org.sonde.load.engine;

import java.nio.ByteBuffer;

/**
 * dperf's raw TCP payloads (payload_size below 85): filler ending in a newline. On a byte stream
 * the newline is what tells one response from the next.
 */
final class LineFramer implements ResponseFramer {
    private boolean started;

    @Override public void reset() { started = false; }

    @Override
    public int parse(ByteBuffer b, int pos, int limit) {
        for (int i = pos; i < limit; i++) {
            started = true;
            if (b.get(i) == '\n') return i + 1;
        }
        return NEED_MORE;
    }

    @Override public boolean endOfStream() { return false; }
    @Override public int status() { return 200; }
    @Override public boolean closeAfter() { return false; }
    @Override public boolean started() { return started; }
}
