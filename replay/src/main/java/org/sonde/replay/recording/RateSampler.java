package org.sonde.replay.recording;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * DETER's rate-based sampling of send times (Alg. 1): a packet's time is kept only when no single rate since the
 * last kept packet predicts every packet in between within {@code th}. The rate is held as the gap between packets
 * in 1/1024 ns, and only gaps that are such multiples are accepted, so the stored value itself keeps the bound:
 * {@link #infer} is never more than {@code th} from the true time (the bounds are whole nanoseconds, so rounding the
 * inferred time to the nearest nanosecond stays inside them).
 */
public final class RateSampler {
    /** Gaps are kept in units of 2^-10 ns. */
    public static final int GAP_FRACTION_BITS = 10;
    private static final long ONE = 1L << GAP_FRACTION_BITS;

    /** A kept packet: its index in its direction, its send time and the gap (1/1024 ns per packet) that predicts those after it. */
    public record Sample(long index, long timeNanos, long gap) {}

    private final long th;
    private final List<Sample> samples = new ArrayList<>();
    private long sIndex = -1;
    private long sTime;
    private long lo = Long.MIN_VALUE;
    private long hi = Long.MAX_VALUE;
    private long lastIndex = -1;

    public RateSampler(long thresholdNanos) {
        if (thresholdNanos < 0) throw new IllegalArgumentException("the sampling threshold must not be negative");
        this.th = thresholdNanos;
    }

    /** SAMPLE(p): packet {@code index} (consecutive from 0) was sent at {@code timeNanos} (not before the previous one). */
    public void add(long index, long timeNanos) {
        if (index != lastIndex + 1) throw new IllegalArgumentException("packet " + index + " after " + lastIndex);
        lastIndex = index;
        if (sIndex < 0) {
            start(index, timeNanos);
            return;
        }
        long k = index - sIndex;
        long d = timeNanos - sTime;
        long pLo = ceilDiv((d - th) * ONE, k);
        long pHi = Math.floorDiv((d + th) * ONE, k);
        long nLo = Math.max(lo, pLo);
        long nHi = Math.min(hi, pHi);
        if (nLo <= nHi) {
            lo = nLo;
            hi = nHi;
        } else {
            record();
            start(index, timeNanos);
        }
    }

    private void start(long index, long time) {
        sIndex = index;
        sTime = time;
        lo = Long.MIN_VALUE;
        hi = Long.MAX_VALUE;
    }

    private void record() {
        samples.add(new Sample(sIndex, sTime, lo == Long.MIN_VALUE ? 0 : simplest(lo, hi)));
    }

    /** The samples, the last kept packet included. Call once, after the last {@link #add}. */
    public List<Sample> finish() {
        if (sIndex >= 0) {
            record();
            sIndex = -1;
        }
        return Collections.unmodifiableList(samples);
    }

    /** The send time of packet {@code index} inferred from {@code samples} (sorted by index; index at least the first's). */
    public static long infer(List<Sample> samples, long index) {
        int lo = 0;
        int hi = samples.size() - 1;
        if (hi < 0 || index < samples.getFirst().index()) throw new IllegalArgumentException("no sample at or before packet " + index);
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (samples.get(mid).index() <= index) lo = mid;
            else hi = mid - 1;
        }
        Sample s = samples.get(lo);
        return s.timeNanos() + Math.floorDiv(s.gap() * (index - s.index()) + ONE / 2, ONE);
    }

    /** The value in {@code [lo, hi]} with the most trailing zero bits (any in the range keeps the bound; this one stores shortest). */
    static long simplest(long lo, long hi) {
        if (lo <= 0 && hi >= 0) return 0;
        for (int shift = 62; shift > 0; shift--) {
            long c = ceilDiv(lo, 1L << shift) << shift;
            if (c <= hi && c >= lo) return c;
        }
        return lo;
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
