package org.sonde.inject.analyze;

/**
 * Go-back-N analysis settings: the mode, and the retransmission timer the NICs were configured with
 * when known (the strict mode then rejects NAK-less retransmissions that came too early or too often).
 *
 * @param minRetransmitTimeoutNanos 4.096 µs · 2^timeout, or -1 if unknown
 * @param retryLimit                retry_cnt: timeout retransmissions allowed without progress, or -1
 */
public record GbnOptions(GbnMode mode, long minRetransmitTimeoutNanos, int retryLimit) {
    /** IBA's retransmit timer unit: the local ACK timeout is 4.096 µs · 2^timeout. */
    public static final long TIMEOUT_UNIT_NANOS = 4096;

    public GbnOptions {
        if (mode == null) throw new IllegalArgumentException("mode is null");
    }

    public static GbnOptions strict() {
        return new GbnOptions(GbnMode.STRICT, -1, -1);
    }

    public static GbnOptions permissive() {
        return new GbnOptions(GbnMode.PERMISSIVE, -1, -1);
    }

    /**
     * These options with the IBA timeout exponent {@code timeout} (0..31; 0 means the timer is off, so
     * no lower bound applies) and retry count.
     */
    public GbnOptions withTimer(int timeout, int retryCount) {
        if (timeout < 0 || timeout > 31) throw new IllegalArgumentException("IBA timeout exponent is 0..31: " + timeout);
        return new GbnOptions(mode, timeout == 0 ? -1 : TIMEOUT_UNIT_NANOS << timeout, retryCount);
    }
}
