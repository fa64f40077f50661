package org.sonde.verify.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.verify.check.Check;
import org.sonde.verify.check.Violation;
import org.sonde.verify.stable.Watcher;

/**
 * The JSON of a watch, gathered state by state: what {@code sonde verify watch --json} writes
 * (every stable state, and the mean times per incremental update).
 */
public final class WatchJson {
    private final List<Map<String, Object>> states = new ArrayList<>();
    /** The same states as records, for {@link WatchReport}. */
    final List<Watcher.StableState> stableStates = new ArrayList<>();
    private final List<long[]> mapNanos = new ArrayList<>();
    private final List<long[]> reduceNanos = new ArrayList<>();
    private long subnetsChecked;

    /** Adds a stable state. */
    public void add(Watcher.StableState st) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("stableAtMs", st.stableAtNanos() / 1e6);
        m.put("events", st.events());
        m.put("late", st.late());
        m.put("rejected", st.rejected());
        m.put("subnetsChecked", st.affectedSubnets());
        m.put("appeared", st.appeared());
        m.put("cleared", st.cleared());
        m.put("violations", st.violations());
        states.add(m);
        stableStates.add(st);
        mapNanos.add(st.updateMapNanos());
        reduceNanos.add(st.updateReduceNanos());
        subnetsChecked += st.affectedSubnets();
    }

    /** The stable states added. */
    public int states() {
        return states.size();
    }

    /** The mean map phase of an incremental update (a state may hold several), in µs; 0 without updates. */
    public double updateMapMicrosMean() {
        return all(mapNanos).average().orElse(0) / 1e3;
    }

    /** The mean reduce phase of an incremental update, in ms; 0 without updates. */
    public double updateReduceMillisMean() {
        return all(reduceNanos).average().orElse(0) / 1e6;
    }

    /**
     * The median map phase of an incremental update, in µs; 0 without updates. Unlike the mean it does
     * not follow the rare update whose microsecond was stretched by the thread being descheduled or
     * compiled code not yet being there.
     */
    public double updateMapMicrosMedian() {
        return median(mapNanos) / 1e3;
    }

    /** The median reduce phase of an incremental update, in ms; 0 without updates. */
    public double updateReduceMillisMedian() {
        return median(reduceNanos) / 1e6;
    }

    private static double median(List<long[]> perState) {
        long[] sorted = all(perState).sorted().toArray();
        if (sorted.length == 0) return 0;
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
    }

    private static java.util.stream.LongStream all(List<long[]> perState) {
        return perState.stream().flatMapToLong(Arrays::stream);
    }

    /**
     * The whole watch of {@code snapshot}: its settings, the initial check's seconds and the heap it
     * left in use, the events received, the states, the means per update, and the violations at the end.
     */
    public Map<String, Object> of(String snapshot, long epsilonMs, Set<Check> checks, double initialSeconds, long events,
                                  long heapBytes, List<Violation> violations) {
        long updates = all(mapNanos).count();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("snapshot", snapshot);
        m.put("epsilonMs", epsilonMs);
        m.put("checks", checks.stream().sorted().map(Check::word).toList());
        m.put("initialSeconds", initialSeconds);
        m.put("events", events);
        m.put("states", states);
        m.put("updateMapMicrosMean", updateMapMicrosMean());
        m.put("updateReduceMillisMean", updateReduceMillisMean());
        m.put("updateMapMicrosMedian", updateMapMicrosMedian());
        m.put("updateReduceMillisMedian", updateReduceMillisMedian());
        m.put("subnetsCheckedPerUpdate", updates == 0 ? 0 : (double) subnetsChecked / updates);
        m.put("heapMegabytesAfterInitialCheck", heapBytes / 1e6);
        m.put("violations", violations);
        return m;
    }
}
