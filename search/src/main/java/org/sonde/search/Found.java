package org.sonde.search;

import java.util.List;
import org.sonde.search.mfs.FeatureSet;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Workload;

/**
 * One anomaly a search reported: its symptom, when (in hours of the target's clock), the point
 * that showed it, its MFS (null for methods without MFS, or when the simplified point no longer
 * reproduced), and, on a simulated target, the ground-truth mechanisms that bit (evaluation only;
 * empty on real targets), and the perftest command lines that reproduce the MFS (null without one).
 */
public record Found(Symptom symptom, double foundAtHours, Workload point, FeatureSet mfs, List<String> mechanisms, MfsPerftest perftest) {
    public Found {
        mechanisms = List.copyOf(mechanisms);
    }

    /** The dominant ground-truth mechanism, or null. */
    public String mechanism() {
        return mechanisms.isEmpty() ? null : mechanisms.get(0);
    }
}
