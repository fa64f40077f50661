package org.sonde.load.config;

/**
 * dperf's {@code keepalive Interval [Num]}: on a client, one request per interval per connection
 * (interval 0: the next request as soon as the response arrives), closing after {@code requests}
 * requests (0: never, until the test ends).
 */
public record Keepalive(long intervalMicros, int requests) {
    /** The largest request count dperf accepts ({@code KEEPALIVE_REQ_NUM}). */
    public static final int MAX_REQUESTS = 32767;

    public Keepalive {
        if (intervalMicros < 0) throw new IllegalArgumentException("negative interval");
        if (requests < 0 || requests > MAX_REQUESTS) throw new IllegalArgumentException("requests out of range");
    }
}
