package org.sonde.load.engine;

import java.nio.ByteBuffer;
import org.sonde.load.http.HttpResponseParser;

/** HTTP responses, framed by {@link HttpResponseParser}. */
final class HttpFramer implements ResponseFramer {
    private final HttpResponseParser parser = new HttpResponseParser();

    @Override public void reset() { parser.reset(); }
    @Override public int parse(ByteBuffer b, int pos, int limit) { return parser.parse(b, pos, limit); }
    @Override public boolean endOfStream() { return parser.endOfStream(); }
    @Override public int status() { return parser.status(); }
    @Override public boolean closeAfter() { return parser.closeAfter(); }
    @Override public boolean started() { return parser.started(); }
}
