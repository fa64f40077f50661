package org.sonde.load.engine;

import java.util.List;
import java.util.Map;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.Second;

/**
 * The outcome of a test: totals under dperf's names and under the names Sonde's JSON promises,
 * rates over the measured phase, latency percentiles, the kernel's counters, and every second.
 *
 * @param startedAt           when second 0 of the timeline began (UTC, ISO-8601, milliseconds): per-second
 *                            entry k covers [startedAt + k - 1 s, startedAt + k s)
 * @param requests            requests sent (httpGet + httpPost, tcpReq, or UDP datagrams' first transmissions: udpTx - udpRt);
 *                            on a server, requests received
 * @param responses2xx        successful responses (http2XX, tcpRsp, or answered datagrams: udpRx - udpDrop);
 *                            on a server, responses sent
 * @param httpErrors          non-2XX or malformed responses (httpErr)
 * @param socketErrors        connections that failed: refused, reset or without progress for 4 RTOs,
 *                            or still waiting for a response when the drain ended (skErr)
 * @param requestsPerSecond   responses (2XX and errors) per second over the measured phase
 * @param connectionsPerSecond connections opened per second over the measured phase
 * @param measuredSeconds     the seconds the rates are taken over (the duration phase, or all
 *                            seconds with traffic if the test was stopped before it)
 */
public record LoadResult(
        String mode,
        String startedAt,
        boolean interrupted,
        double seconds,
        double measuredSeconds,
        long requests,
        long responses2xx,
        long httpErrors,
        long socketErrors,
        long connectionsOpened,
        long connectionsClosed,
        long maxConcurrent,
        double requestsPerSecond,
        double connectionsPerSecond,
        Latency latencyMicros,
        long rttMicros,
        long bytesSent,
        long bytesReceived,
        long launchesSkipped,
        long refusedSources,
        long errors,
        Map<String, Long> counters,
        Map<String, Long> kernel,
        List<Second> perSecond) {

    /** Request latency (request sent to response complete) in microseconds. */
    public record Latency(long count, double mean, long p50, long p90, long p99, long p999, long max) {}

    /** Whether any error counter is non-zero (dperf's red fields): the run's exit status says so. */
    public boolean failed() {
        return errors > 0;
    }

    /** The non-zero error counters under dperf's names, e.g. "skErr 3, udpRt 12" (empty when none). */
    public String errorSummary() {
        StringBuilder sb = new StringBuilder();
        for (Counter c : Counter.values()) {
            long v = counters.getOrDefault(c.dperfName(), 0L);
            if (c.error() && v != 0) sb.append(sb.isEmpty() ? "" : ", ").append(c.dperfName()).append(' ').append(v);
        }
        return sb.toString();
    }
}
