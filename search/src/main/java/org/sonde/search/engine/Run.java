package org.sonde.search.engine;

import java.util.List;

/**
 * One experiment: the counter samples read while the workload ran (Collie reads four per
 * iteration) and how long the experiment took, set-up included, in seconds of the target's clock.
 */
public record Run(List<Sample> samples, double seconds) {
    public Run {
        samples = List.copyOf(samples);
        if (samples.isEmpty()) throw new IllegalArgumentException("a run needs at least one sample");
    }

    /** The samples' mean, which the monitor and the search read (§6: "uses the average results"). */
    public Sample mean() {
        int n = samples.size();
        int k = samples.get(0).diagnostic().length;
        double[] d = new double[k];
        HostCounters a = HostCounters.ZERO, b = HostCounters.ZERO;
        for (Sample s : samples) {
            a = a.plus(s.a());
            b = b.plus(s.b());
            for (int i = 0; i < k; i++) d[i] += s.diagnostic(i);
        }
        for (int i = 0; i < k; i++) d[i] /= n;
        return new Sample(a.scaled(1.0 / n), b.scaled(1.0 / n), d);
    }
}
