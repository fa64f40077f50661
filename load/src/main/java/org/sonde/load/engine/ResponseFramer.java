package org.sonde.load.engine;

import java.nio.ByteBuffer;

/** Finds where a response ends in the bytes a client reads: an HTTP parser, or dperf's raw newline-ended payloads. */
interface ResponseFramer {
    int NEED_MORE = -1;
    int MALFORMED = -2;

    void reset();

    /** Consumes [pos, limit): the position after a complete response, {@link #NEED_MORE} or {@link #MALFORMED}. */
    int parse(ByteBuffer b, int pos, int limit);

    /** The connection ended; true if that completes a response. */
    boolean endOfStream();

    /** The response's status (200 for raw payloads). */
    int status();

    /** Whether the server closes after this response. */
    boolean closeAfter();

    /** Whether a response has begun arriving. */
    boolean started();
}
