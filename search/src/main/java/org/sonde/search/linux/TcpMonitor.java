package org.sonde.search.linux;

import java.util.Optional;
import org.sonde.search.monitor.Symptom;

/**
 * The Linux target's anomaly conditions. The client is open loop (it launches on a clock, whatever
 * the server does), so what it offers is a bound as the NIC's specification is for RDMA:
 * <ul>
 * <li>throughput: responses per second at least {@code shortfall} (20% unless the target says) below the offered request
 *     rate (refused, reset, unanswered connections and launches without a free port all fall short);</li>
 * <li>latency: the 99th percentile of request latency above {@code latencyFactor} (50) times the
 *     baseline's, and at least {@code latencyFloorMicros}, 200 ms, the kernel's minimum
 *     retransmission timeout: the baseline is measured once, on a light workload, before the search;
 *     a veth's round trip is tens of microseconds and a busy JVM's pause some milliseconds, so only
 *     a request that waited for a retransmission gets there.</li>
 * </ul>
 * The performance counter the search minimises is the carried share of the offered rate, lowered
 * by how far latency is over its limit.
 */
public record TcpMonitor(double shortfall, double latencyFactor, long latencyFloorMicros, long baselineP99Micros) {
    /** The conditions with {@code shortfall} (the target's, 0.2 by default) and a latency baseline. */
    public static TcpMonitor withBaseline(double shortfall, long baselineP99Micros) {
        return new TcpMonitor(shortfall, 50, 200_000, baselineP99Micros);
    }

    /** The latency above which a run is a latency anomaly, µs. */
    public double latencyLimitMicros() {
        return Math.max(latencyFloorMicros, latencyFactor * baselineP99Micros);
    }

    public Optional<Symptom> judge(TcpSample s) {
        if (s.responsesPerSecond() < (1 - shortfall) * s.offeredRequestsPerSecond()) return Optional.of(Symptom.THROUGHPUT);
        if (s.latencyP99Micros() > latencyLimitMicros()) return Optional.of(Symptom.LATENCY);
        return Optional.empty();
    }

    public double efficiency(TcpSample s) {
        double carried = Math.min(1, s.responsesPerSecond() / s.offeredRequestsPerSecond());
        double latency = Math.min(1, latencyLimitMicros() / Math.max(1, s.latencyP99Micros()));
        return Math.max(1e-6, carried * latency);
    }
}
