package org.sonde.replay.linux;

/**
 * An application's call on one endpoint of a real connection, as the recorder saw it: a write or read with the
 * bytes the kernel took or gave ({@code timeNanos} is the system call's entry), or the close that queued the FIN
 * (its state change's time). Times are the kernel's monotonic clock.
 */
public record AppCall(Kind kind, long timeNanos, long bytes) {
    public enum Kind { WRITE, READ, CLOSE }
}
