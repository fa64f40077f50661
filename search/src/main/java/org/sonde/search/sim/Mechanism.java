package org.sonde.search.sim;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.Point;
import org.sonde.search.space.QpType;
import org.sonde.search.space.Traffic;

/**
 * One bottleneck of a simulated subsystem: the named resource it exhausts, the region of the
 * workload space where it bites (categorical gates and numeric thresholds, from the paper's Table 2
 * and appendix), what it does there (pause ratio, throughput factor) and how the resource's
 * diagnostic counter and the throughput move as a workload approaches the region.
 *
 * <p>Pressure: each threshold gives a factor f (value over an at-least threshold, threshold over
 * value for at-most); the mechanism bites when every gate holds and every f is at least 1. Its
 * proximity, which drives the resource's counter, is 0.25 per failed gate times, per factor,
 * f^0.7 below 1 and 1 + log2(f)/4 (at most 2) above: it grows smoothly towards the region and keeps
 * growing inside it, so counters rise before the symptom appears (§7.2, Fig. 6).
 *
 * @param anyMemory a traffic is in the region only if one of its ends uses one of these memories
 * @param every {@code every}: all traffics of the point must be in the region (bidirectional
 *              mechanisms); {@code any}: one is enough
 * @param perfSlope how much throughput drops, at proximity 1, before the mechanism bites (0 for a
 *              cliff the performance counters do not see coming)
 */
record Mechanism(String id, int anomaly, String resource, Symptom symptom, double pauseRatio, double throughputFactor, double perfSlope,
                        boolean every, Set<Mode> modes, Set<Memory> anyMemory, Set<QpType> qpTypes, Set<Opcode> opcodes, Set<Integer> mtus,
                        Boolean mixed, Map<Metric, Double> atLeast, Map<Metric, Double> atMost, String cite) {
    public Mechanism {
        modes = Set.copyOf(modes);
        anyMemory = Set.copyOf(anyMemory);
        qpTypes = Set.copyOf(qpTypes);
        opcodes = Set.copyOf(opcodes);
        mtus = Set.copyOf(mtus);
        atLeast = atLeast.isEmpty() ? Map.of() : new EnumMap<>(atLeast);
        atMost = atMost.isEmpty() ? Map.of() : new EnumMap<>(atMost);
    }

    /** How bad the symptom is, to name the dominant mechanism when several bite. */
    public double severity() {
        return pauseRatio + (1 - throughputFactor);
    }

    /** Proximity of the point to the region (see the class comment); {@code >= 1} with {@link #bites} inside. */
    public double proximity(Point p) {
        double pointGate = 1;
        if (!modes.isEmpty() && !modes.contains(p.mode())) pointGate *= 0.25;
        double best = every ? Double.MAX_VALUE : 0;
        for (Traffic t : p.traffics()) {
            double q = trafficProximity(p, t);
            best = every ? Math.min(best, q) : Math.max(best, q);
        }
        return pointGate * best;
    }

    /** Whether the mechanism bites on {@code p}. */
    public boolean bites(Point p) {
        if (!modes.isEmpty() && !modes.contains(p.mode())) return false;
        boolean any = false;
        for (Traffic t : p.traffics()) {
            boolean in = inRegion(p, t);
            if (every && !in) return false;
            any |= in;
        }
        return any;
    }

    /** Whether traffic {@code t} of {@code p} is in the region (the traffics a biting mechanism slows). */
    public boolean inRegion(Point p, Traffic t) {
        if (gateMisses(t) > 0) return false;
        for (Map.Entry<Metric, Double> e : atLeast.entrySet()) if (e.getKey().of(p, t) < e.getValue()) return false;
        for (Map.Entry<Metric, Double> e : atMost.entrySet()) if (e.getKey().of(p, t) > e.getValue()) return false;
        return true;
    }

    private boolean usesMemory(Traffic t) {
        return anyMemory.contains(t.sender().memory()) || anyMemory.contains(t.receiver().memory());
    }

    private int gateMisses(Traffic t) {
        int m = 0;
        if (!qpTypes.isEmpty() && !qpTypes.contains(t.qpType())) m++;
        if (!opcodes.isEmpty() && !opcodes.contains(t.opcode())) m++;
        if (!mtus.isEmpty() && !mtus.contains(t.mtu())) m++;
        if (mixed != null && mixed != t.mixed()) m++;
        if (!anyMemory.isEmpty() && !usesMemory(t)) m++;
        return m;
    }

    private double trafficProximity(Point p, Traffic t) {
        double q = Math.pow(0.25, gateMisses(t));
        for (Map.Entry<Metric, Double> e : atLeast.entrySet()) q *= shape(e.getKey().of(p, t) / e.getValue());
        for (Map.Entry<Metric, Double> e : atMost.entrySet()) q *= shape(e.getValue() / e.getKey().of(p, t));
        return q;
    }

    private static double shape(double f) {
        return f < 1 ? Math.pow(f, 0.7) : Math.min(2, 1 + Math.log(f) / Math.log(2) / 4);
    }
}
