package org.sonde.load.engine;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
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
 *                            or still waiting for a response when the drain ended (skErr; its causes are the
 *                            counters skLost, skRefused, skReset, skTimeout and skEof)
 * @param requestsPerSecond   responses (2XX and errors) per second over the measured phase
 * @param connectionsPerSecond connections opened per second over the measured phase
 * @param measuredSeconds     the seconds the rates are taken over (the duration phase, or all
 *                            seconds with traffic if the test was stopped before it)
 * @param keepalive           connections are held until the test ends (keepalive without a request count):
 *                            connections per second then only describe the ramp, not the load; in CPS mode
 *                            or with keepalive's request count they are reopened at a rate
 * @param measuredResponses   responses (2XX and errors) in the measured seconds: wrk's "N requests in T s"
 * @param measuredBytesReceived bytes received in the measured seconds (wrk's "X MB read")
 * @param measuredBytesSent   bytes sent in the measured seconds
 * @param bytesReceivedPerSecond bytes received per second over the measured phase (wrk's Transfer/sec)
 * @param bytesSentPerSecond  bytes sent per second over the measured phase
 * @param perWorker           each worker's counters at the end (dperf's names), in the order of the 'cpu' line
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
        List<Second> perSecond,
        boolean keepalive,
        long measuredResponses,
        long measuredBytesReceived,
        long measuredBytesSent,
        double bytesReceivedPerSecond,
        double bytesSentPerSecond,
        List<Map<String, Long>> perWorker) {

    /**
     * Request latency (request sent to response complete) in microseconds. Mean, standard
     * deviation and max come from the same histogram as the percentiles, so they share its
     * precision (3 significant digits) and need nothing more on the workers' hot path.
     */
    public record Latency(long count, double mean, double stdev, long p50, long p75, long p90, long p99, long p999, long max) {
        /** The latencies a histogram holds; all zero when it is empty (nothing was measured). */
        public static Latency of(Histogram h) {
            if (h.getTotalCount() == 0) return new Latency(0, 0, 0, 0, 0, 0, 0, 0, 0);
            return new Latency(h.getTotalCount(), tenths(h.getMean()), tenths(h.getStdDeviation()), h.getValueAtPercentile(50),
                    h.getValueAtPercentile(75), h.getValueAtPercentile(90), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue());
        }

        private static double tenths(double v) {
            return Math.round(v * 10) / 10.0;
        }
    }

    /** Whether any error counter is non-zero (dperf's red fields): the run's exit status says so. */
    public boolean failed() {
        return errors > 0;
    }

    /**
     * The non-zero error counters under dperf's names, skErr with its known causes, e.g.
     * "skErr 3 (skLost 2, skReset 1), udpRt 12" (empty when none).
     */
    public String errorSummary() {
        StringBuilder sb = new StringBuilder();
        for (Counter c : Counter.values()) {
            long v = counters.getOrDefault(c.dperfName(), 0L);
            if (!c.error() || v == 0) continue;
            sb.append(sb.isEmpty() ? "" : ", ").append(c.dperfName()).append(' ').append(v);
            if (c == Counter.SK_ERR) {
                StringBuilder causes = new StringBuilder();
                for (Counter cause : Counter.failureCauses()) {
                    long n = counters.getOrDefault(cause.dperfName(), 0L);
                    if (n != 0) causes.append(causes.isEmpty() ? "" : ", ").append(cause.dperfName()).append(' ').append(n);
                }
                if (!causes.isEmpty()) sb.append(" (").append(causes).append(')');
            }
        }
        return sb.toString();
    }
}
