package org.sonde.replay.linux;

import java.util.List;

/**
 * An application's call on one endpoint of a real connection, as the recorder saw it: a write with the bytes the
 * kernel took ({@code timeNanos} is the system call's entry), a read with the bytes it gave (the call's return: a
 * blocked read takes data when it returns), or the close that queued the FIN (its state change's time). Times are
 * the kernel's monotonic clock. {@code held} are the spans in which the call held the socket ({@code lock_sock()} to
 * {@code release_sock()}): from its entry to its return, less the sleeps inside it (waiting for data or for send
 * buffer memory releases the socket), in order; empty when the recording does not tell them (a close, or a recorder
 * that wrote no thread ids).
 */
record AppCall(Kind kind, long timeNanos, long bytes, List<Held> held) {
    public enum Kind { WRITE, READ, CLOSE }

    /** A span the call held the socket, from {@code fromNanos} to {@code toNanos}. */
    record Held(long fromNanos, long toNanos) {}

    AppCall {
        held = List.copyOf(held);
    }

    /** A call whose holding of the socket is not known. */
    AppCall(Kind kind, long timeNanos, long bytes) {
        this(kind, timeNanos, bytes, List.of());
    }
}
