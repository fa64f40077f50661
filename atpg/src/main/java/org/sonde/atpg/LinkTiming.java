package org.sonde.atpg;

import java.util.HashMap;
import java.util.Map;

/**
 * How long an emulated copy takes over each link: a fixed latency ({@code link:...:latency=}), and
 * over a slowed link ({@code link:...:rate=}) the wait of a token-bucket shaper, as Linux's tbf
 * qdisc slows a live one: the bucket holds one frame (the round's largest, so each fits), fills at
 * the rate, starts full, and a frame leaves, in arrival order, once the bucket holds its size. A
 * round's frames are all sent at once (as a live run sends them, far faster than a slow link
 * drains), so the state runs across the round's tests in the order they are sent.
 */
public final class LinkTiming {
    private final Map<String, Double> latencyMs;
    private final Map<String, Long> rateBps;
    /** Per slowed link: when (ms after the round's start) its last frame left, and the bytes in its bucket then. */
    private final Map<String, double[]> lastLeft = new HashMap<>();
    private int bucketBytes;
    private int frameBytes;

    public LinkTiming(Map<String, Double> latencyMs, Map<String, Long> rateBps) {
        this.latencyMs = Map.copyOf(latencyMs);
        this.rateBps = Map.copyOf(rateBps);
    }

    /** No latency and no slowed link. */
    static LinkTiming none() {
        return new LinkTiming(Map.of(), Map.of());
    }

    /** Whether some link is slowed, so that the frames' sizes matter. */
    public boolean slowsLinks() {
        return !rateBps.isEmpty();
    }

    /** The slowed links' bucket: the round's largest frame, in bytes; before the round. */
    public void bucket(int bytes) {
        this.bucketBytes = bytes;
    }

    /** The size of the frame now sent (its copies are the ones {@link #leave} times next). */
    public void frame(int bytes) {
        if (bytes > bucketBytes) throw new IllegalStateException("a " + bytes + "-byte frame is larger than the " + bucketBytes + "-byte bucket");
        this.frameBytes = bytes;
    }

    /** When a copy that reaches {@code linkId} at {@code arrivalMs} arrives at its far end. */
    double leave(String linkId, double arrivalMs) {
        double at = arrivalMs + latencyMs.getOrDefault(linkId, 0.0);
        Long bps = rateBps.get(linkId);
        if (bps == null) return at;
        double bytesPerMs = bps / 8_000.0;
        double[] last = lastLeft.getOrDefault(linkId, new double[] {0, bucketBytes});
        double start = Math.max(at, last[0]);
        double tokens = Math.min(bucketBytes, last[1] + (start - last[0]) * bytesPerMs);
        double left = tokens >= frameBytes ? start : start + (frameBytes - tokens) / bytesPerMs;
        lastLeft.put(linkId, new double[] {left, Math.max(0, tokens - frameBytes)});
        return left;
    }
}
