package org.sonde.search.mfs;

import java.util.Map;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Workload;

/**
 * A minimal feature set of any workload space (§5.2): the region an anomaly reproduces in, the
 * simplified point it was last confirmed on, and how many experiments building it took. The search
 * skips points it {@link #matches}; results print and serialise it.
 */
public interface FeatureSet {
    Symptom symptom();

    /** The simplified point the MFS was last confirmed on; rerunning it shows the anomaly again. */
    Workload trigger();

    int experiments();

    /** Whether {@code w} lies inside this MFS (a point of another space never does). */
    boolean matches(Workload w);

    /** The conditions as JSON-ready maps, dimensions by name. */
    Map<String, Object> toJson();

    /** One line for terminals. */
    String describe();
}
