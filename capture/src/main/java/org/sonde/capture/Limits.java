package org.sonde.capture;

/** Sanity bounds that keep a corrupt length field from turning into a huge allocation. */
final class Limits {
    private Limits() {}

    /** The largest captured packet accepted or written; real link layers stay far below. */
    static final int MAX_RECORD_BYTES = 256 << 20;

    /** The largest pcapng block loaded into memory: a maximal packet plus room for options. */
    static final int MAX_BLOCK_BYTES = MAX_RECORD_BYTES + (1 << 20);

    /** Interfaces per pcapng section; real captures have a handful. */
    static final int MAX_INTERFACES = 1 << 16;

    /**
     * Reader buffer, one per open reader: large enough to amortise system calls, small enough that
     * the bytes a read copies in are still in the core's cache (L2) when the packets are dissected
     * and checksummed; 8 MiB made reading a warm capture about three times slower.
     */
    static final int DEFAULT_READ_BUFFER_BYTES = 256 << 10;

    /** Writer buffer. */
    static final int WRITE_BUFFER_BYTES = 1 << 20;
}
