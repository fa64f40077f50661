package org.sonde.load.stats;

import java.util.List;
import java.util.Map;

/**
 * What happened in one second of a test, summed over workers: the deltas of every counter, the
 * concurrency at the end of the second, the workers' CPU use and the latencies of that second.
 *
 * @param seconds     seconds since the test started (1 for the first)
 * @param phase       wait, slow_start, duration or drain
 * @param counters    each counter's increase in this second, by dperf name
 * @param skCon       open connections at the end of the second
 * @param cpuPercent  each worker thread's CPU use in this second
 * @param kernel      the kernel's counters' increase in this second
 */
public record Second(long seconds, String phase, Map<String, Long> counters, long skCon, List<Integer> cpuPercent, Map<String, Long> kernel,
                     long p50Micros, long p99Micros, long p999Micros) {
    public long get(Counter c) {
        return counters.getOrDefault(c.dperfName(), 0L);
    }

    /** Mean connect time in µs (dperf's rtt), 0 when no connection completed. */
    public long rttMicros() {
        long n = get(Counter.RTT_COUNT);
        return n == 0 ? 0 : get(Counter.RTT_SUM_NANOS) / n / 1000;
    }
}
