package org.sonde.search.engine;

/**
 * One reading of the counters during an experiment: host A's and host B's performance counters and
 * the diagnostic counters (named by {@link WorkloadEngine#diagnosticCounters()}, in that order).
 */
public record Sample(HostCounters a, HostCounters b, double[] diagnostic) {
    public Sample {
        diagnostic = diagnostic.clone();
    }

    public double diagnostic(int k) {
        return diagnostic[k];
    }
}
