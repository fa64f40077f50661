package org.sonde.inject.tcp.fuzz;

import java.util.List;
import java.util.Map;
import org.sonde.core.UsageException;
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTraffic;

/**
 * What the TCP fuzzer searches: event lists over the traffic of {@code base} (its own events are
 * ignored), and when a run counts as an anomaly.
 *
 * @param stallThresholdNanos a connection that takes this long is anomalous (a healthy one takes
 *                            milliseconds; two backed-off timeouts take 600 ms)
 * @param maxEvents           events per candidate
 * @param poolSize            random candidates before mutation starts (Algorithm 1's initial pool)
 * @param acceptProbability   Algorithm 1's p: a candidate scoring below the pool's median joins with it
 */
public record TcpFuzzTarget(TcpTestConfig base, long stallThresholdNanos, int maxEvents, int poolSize, double acceptProbability) {
    /** One connection sending 20 segments and waiting for an answer, with cubic; anomalous from one second. */
    public static final TcpFuzzTarget DEFAULT = new TcpFuzzTarget(
            new TcpTestConfig("tcp-fuzz", new TcpTraffic(1, 1, 20 * 1448, 100, "cubic"), List.of(), Map.of(), List.of()), 1_000_000_000L, 6, 8, 0.1);

    public TcpFuzzTarget {
        if (stallThresholdNanos <= 0) throw new UsageException("the stall threshold must be positive", "e.g. --stall-threshold 1s");
        if (maxEvents < 1 || poolSize < 1 || !(acceptProbability >= 0 && acceptProbability <= 1)) {
            throw new IllegalArgumentException("maxEvents and poolSize must be positive, p within 0..1");
        }
    }

    /** Data segments of one connection's traffic: the indices the events may name. */
    public int segments() {
        TcpTraffic t = base.traffic();
        return (int) Math.min(10_000, t.messagesPerConnection() * Math.ceilDiv(t.messageBytes(), 1448));
    }

    public TcpFuzzTarget withBase(TcpTestConfig test) {
        return new TcpFuzzTarget(test, stallThresholdNanos, maxEvents, poolSize, acceptProbability);
    }

    public TcpFuzzTarget withStallThreshold(long nanos) {
        return new TcpFuzzTarget(base, nanos, maxEvents, poolSize, acceptProbability);
    }
}
