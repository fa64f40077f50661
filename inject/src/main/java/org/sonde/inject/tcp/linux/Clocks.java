package org.sonde.inject.tcp.linux;

import java.time.Instant;

/** The kernel stamps packets by the realtime clock; the injector times itself by the monotonic one. */
final class Clocks {
    private static final int TRIES = 64;

    private Clocks() {}

    /**
     * Realtime minus monotonic, in nanoseconds: add it to {@link System#nanoTime} to compare with a
     * kernel timestamp. Each try reads the realtime clock between two monotonic readings and the
     * tightest pair wins, so a preemption between the readings cannot skew it by microseconds (the
     * delays it measures are a few).
     */
    static long realtimeMinusMonotonic() {
        long best = Long.MAX_VALUE, offset = 0;
        for (int i = 0; i < TRIES; i++) {
            long before = System.nanoTime();
            Instant now = Instant.now();
            long after = System.nanoTime();
            if (after - before < best) {
                best = after - before;
                offset = now.getEpochSecond() * 1_000_000_000L + now.getNano() - (before + (after - before) / 2);
            }
        }
        return offset;
    }
}
