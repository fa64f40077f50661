package org.sonde.replay.linux;

/**
 * An application's call on one endpoint of a real connection, as the recorder saw it: a write with the bytes the
 * kernel took ({@code timeNanos} is the system call's entry), a read with the bytes it gave (the call's return: a
 * blocked read takes data when it returns), or the close that queued the FIN (its state change's time). Times are
 * the kernel's monotonic clock.
 */
record AppCall(Kind kind, long timeNanos, long bytes) {
    public enum Kind { WRITE, READ, CLOSE }
}
