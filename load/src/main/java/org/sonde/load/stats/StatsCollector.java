package org.sonde.load.stats;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Sums the workers' counters once a second into a {@link Second}, and keeps the totals and the
 * latency histogram of the whole test. Called from one thread (the test's control thread).
 */
public final class StatsCollector {
    private final List<WorkerStats> workers;
    private final long[] previous = new long[Counter.values().length];
    private final long[] previousCpuNanos;
    private final Histogram total = new Histogram(1, WorkerStats.HIGHEST_MICROS, 3);
    private final Histogram measured = new Histogram(1, WorkerStats.HIGHEST_MICROS, 3);
    private final Histogram second = new Histogram(1, WorkerStats.HIGHEST_MICROS, 3);
    private final Histogram[] recycle;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Map<String, Long> kernelStart;
    private Map<String, Long> kernelPrevious;
    private long maxConcurrent;
    private long seconds;

    public StatsCollector(List<WorkerStats> workers) {
        this.workers = List.copyOf(workers);
        this.previousCpuNanos = new long[workers.size()];
        this.recycle = new Histogram[workers.size()];
        this.kernelStart = KernelCounters.read();
        this.kernelPrevious = kernelStart;
    }

    /** The sum of one counter over the workers, now. */
    public long total(Counter c) {
        long sum = 0;
        for (WorkerStats w : workers) sum += w.get(c);
        return sum;
    }

    /** Each worker's counters now, under dperf's names, in the workers' order (one per CPU). */
    public List<Map<String, Long>> perWorker() {
        List<Map<String, Long>> out = new ArrayList<>();
        for (WorkerStats w : workers) {
            Map<String, Long> m = new LinkedHashMap<>();
            for (Counter c : Counter.values()) m.put(c.dperfName(), w.get(c));
            out.add(m);
        }
        return out;
    }

    /** Open connections now. */
    public long concurrent() {
        return total(Counter.SK_OPEN) - total(Counter.SK_CLOSE);
    }

    /** Takes the second that just ended; {@code inMeasuredPhase} adds its latencies to the measured histogram. */
    public Second tick(String phase, boolean inMeasuredPhase) {
        seconds++;
        long[] now = new long[previous.length];
        long[] deltas = new long[previous.length];
        for (Counter c : Counter.values()) {
            now[c.ordinal()] = total(c);
            deltas[c.ordinal()] = now[c.ordinal()] - previous[c.ordinal()];
        }
        System.arraycopy(now, 0, previous, 0, now.length);
        long skCon = now[Counter.SK_OPEN.ordinal()] - now[Counter.SK_CLOSE.ordinal()];
        maxConcurrent = Math.max(maxConcurrent, skCon);
        second.reset();
        for (int i = 0; i < workers.size(); i++) {
            recycle[i] = workers.get(i).takeLatencies(recycle[i]);
            second.add(recycle[i]);
        }
        total.add(second);
        if (inMeasuredPhase) measured.add(second);
        List<Integer> cpu = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            long id = workers.get(i).threadId();
            long t = id < 0 ? -1 : threads.getThreadCpuTime(id);
            if (t < 0) {
                cpu.add(0);
                continue;
            }
            cpu.add((int) Math.min(100, Math.round((t - previousCpuNanos[i]) / 1e7)));
            previousCpuNanos[i] = t;
        }
        Map<String, Long> kernelNow = KernelCounters.read();
        Map<String, Long> kernelDelta = new LinkedHashMap<>();
        kernelNow.forEach((k, v) -> kernelDelta.put(k, v - kernelPrevious.getOrDefault(k, v)));
        kernelPrevious = kernelNow;
        Map<String, Long> counters = new LinkedHashMap<>();
        for (Counter c : Counter.values()) counters.put(c.dperfName(), deltas[c.ordinal()]);
        return new Second(seconds, phase, counters, skCon,
                List.copyOf(cpu), kernelDelta, percentile(second, 50), percentile(second, 99), percentile(second, 99.9));
    }

    public long maxConcurrent() {
        return maxConcurrent;
    }

    /** Latencies of the whole test. */
    public Histogram latencies() {
        return total;
    }

    /** Latencies of the measured phase (duration) only. */
    public Histogram measuredLatencies() {
        return measured;
    }

    /** The kernel counters' increase since the collector was made. */
    public Map<String, Long> kernelSinceStart() {
        Map<String, Long> out = new LinkedHashMap<>();
        KernelCounters.read().forEach((k, v) -> out.put(k, v - kernelStart.getOrDefault(k, v)));
        return out;
    }

    static long percentile(Histogram h, double p) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(p);
    }
}
