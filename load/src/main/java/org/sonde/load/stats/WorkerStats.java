package org.sonde.load.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One worker's counters and latency histogram. Only the worker writes (no locks, no atomics: an
 * opaque store is a plain store that the JIT may not keep in a register); the statistics thread
 * reads once a second.
 */
public final class WorkerStats {
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    /** Latencies from 1 µs to one hour at 3 significant digits. */
    static final long HIGHEST_MICROS = 3_600_000_000L;

    // padded at both ends so two workers' arrays never share a cache line
    private static final int PAD = 8;
    private final long[] values = new long[Counter.values().length + 2 * PAD];
    private final SingleWriterRecorder latency = new SingleWriterRecorder(1, HIGHEST_MICROS, 3);
    private volatile long threadId = -1;

    public void add(Counter c, long delta) {
        int i = c.ordinal() + PAD;
        LONGS.setOpaque(values, i, values[i] + delta);
    }

    public void increment(Counter c) {
        add(c, 1);
    }

    /** A datagram handed to the kernel: {@code sent} bytes, or none when the send buffer was full (a drop). */
    public void countUdpSend(int sent) {
        if (sent == 0) {
            increment(Counter.DROP_TX);
        } else {
            increment(Counter.UDP_TX);
            add(Counter.BYTES_TX, sent);
        }
    }

    public long get(Counter c) {
        return (long) LONGS.getOpaque(values, c.ordinal() + PAD);
    }

    /** Records one request's latency (request sent to response complete). */
    public void recordLatencyNanos(long nanos) {
        long micros = Math.max(1, nanos / 1000);
        latency.recordValue(Math.min(micros, HIGHEST_MICROS));
    }

    /** The latencies recorded since the previous call (statistics thread only). */
    Histogram takeLatencies(Histogram recycle) {
        return latency.getIntervalHistogram(recycle);
    }

    /** The worker thread calls this once, so its CPU time can be read. */
    public void bindToCurrentThread() {
        threadId = Thread.currentThread().threadId();
    }

    long threadId() {
        return threadId;
    }
}
