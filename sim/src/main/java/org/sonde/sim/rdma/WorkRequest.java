package org.sonde.sim.rdma;

import java.util.function.Consumer;

/**
 * A work request posted to a QP's send queue. RC: {@code verb} on {@code bytes} at the peer's memory
 * {@code remoteAddress}. UD (SEND only, at most one MTU): to {@code destinationIp}/{@code destinationQp}
 * with {@code queueKey}.
 *
 * @param onComplete told once, when the request completes or fails (may be null)
 */
public record WorkRequest(long id, Verb verb, long bytes, long remoteAddress, int destinationIp, int destinationQp,
                          int queueKey, Consumer<Completion> onComplete) {
    public WorkRequest {
        if (bytes < 0 || bytes > 0xFFFF_FFFFL) throw new IllegalArgumentException("a message is 0..2^32-1 bytes, got " + bytes);
    }

    /** An RC request. */
    public static WorkRequest rc(long id, Verb verb, long bytes, Consumer<Completion> onComplete) {
        return new WorkRequest(id, verb, bytes, 0x1000_0000L, 0, 0, 0, onComplete);
    }

    /** A UD SEND. */
    static WorkRequest ud(long id, long bytes, int destinationIp, int destinationQp, int queueKey, Consumer<Completion> onComplete) {
        return new WorkRequest(id, Verb.SEND, bytes, 0, destinationIp, destinationQp, queueKey, onComplete);
    }

    /** How a work request ended. */
    public enum Status { SUCCESS, RETRY_EXCEEDED, RNR_RETRY_EXCEEDED, FLUSHED }

    /** A completion-queue entry. */
    public record Completion(long id, Verb verb, Status status, long bytes, long timeNanos) {}
}
