package org.sonde.search.linux;

import java.util.List;

/**
 * What one experiment on the Linux target measured. Performance counters: the request rate the
 * client offered and the responses per second it got (over the measured seconds), connections opened
 * per second, bits per second both ways, request latency percentiles (µs), failed connections and
 * launches skipped (no free source port or descriptor). Diagnostic counters: per second of the
 * experiment, the growth of the kernel's counters in the server's and the client's namespace and
 * of the client's own error counters, named in {@code names} order.
 */
public record TcpSample(double offeredRequestsPerSecond, double responsesPerSecond, double connectionsPerSecond, double bitsPerSecond,
                        long latencyP50Micros, long latencyP99Micros, long socketErrors, long launchesSkipped, List<String> names,
                        double[] diagnostic, double seconds) {
    public TcpSample {
        names = List.copyOf(names);
        diagnostic = diagnostic.clone();
        if (names.size() != diagnostic.length) throw new IllegalArgumentException("one value per diagnostic counter");
    }

    public double diagnostic(String name) {
        return diagnostic[names.indexOf(name)];
    }
}
