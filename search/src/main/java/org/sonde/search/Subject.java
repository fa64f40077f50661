package org.sonde.search;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.sonde.search.mfs.FeatureSet;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Workload;
import org.sonde.search.space.WorkloadSpace;

/**
 * What one search needs of a target, whatever its workload space: the space, the names of the
 * diagnostic counters, one experiment (the engine runs a point, the target's monitor judges it) and
 * the MFS of an anomaly in the space's features. The RDMA targets ({@link RdmaSubject}) and the Linux
 * TCP target ({@code org.sonde.search.linux}) are two; {@link Search} is the same for both.
 */
public interface Subject<P extends Workload> {
    /** The target as named, e.g. {@code sim:f-like} or {@code linux}. */
    String name();

    WorkloadSpace<P> space();

    /** The diagnostic counters every outcome carries, in order. */
    List<String> diagnosticCounters();

    /** Runs {@code p} once and judges it. */
    Outcome run(P p);

    /** The MFS of {@code symptom} seen on {@code p}, each probe through {@code experiment}; empty when the simplified point no longer reproduces. */
    Optional<? extends FeatureSet> minimalFeatureSet(P p, Symptom symptom, Function<P, Optional<Symptom>> experiment, int bisectSteps);

    /** The MFS as perftest command lines (RDMA targets), or null where perftest does not apply. */
    default MfsPerftest perftest(FeatureSet mfs, P p) {
        return null;
    }

    /**
     * One judged experiment: its cost in seconds of the target's clock, the mean diagnostic
     * counters, the performance counter the search minimises (what was carried over what the
     * workload offered, 1 when all of it) and the monitor's verdict.
     */
    record Outcome(double seconds, double[] diagnostic, double efficiency, Optional<Symptom> verdict) {
        public Outcome {
            diagnostic = diagnostic.clone();
        }

        public double diagnostic(int k) {
            return diagnostic[k];
        }
    }
}
