package org.sonde.search.mfs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.Point;
import org.sonde.search.space.QpType;
import org.sonde.search.space.SearchSpace;

/**
 * A minimal feature set (§5.2): the region of the search space in which an anomaly reproduces.
 * {@code modes} empty means one traffic is enough, whatever else runs; otherwise the point's mode
 * must be one of them and every condition must hold on its own traffic.
 *
 * @param trigger the simplified point the MFS was last confirmed on
 */
public record Mfs(Symptom symptom, Set<Mode> modes, List<TrafficCondition> traffics, Point trigger, int experiments) implements FeatureSet {
    /** The JSON key of {@link TrafficCondition#offSocket}. */
    public static final String OFF_SOCKET = "offSocket";

    public Mfs {
        modes = Set.copyOf(modes);
        traffics = List.copyOf(traffics);
    }

    @Override
    public boolean matches(org.sonde.search.space.Workload w) {
        return w instanceof Point p && matches(p);
    }

    /** Whether {@code p} lies inside this MFS (the search then skips it). */
    public boolean matches(Point p) {
        if (!modes.isEmpty() && !modes.contains(p.mode())) return false;
        List<TrafficCondition> c = traffics;
        if (c.size() == 1) {
            for (var t : p.traffics()) if (c.get(0).matches(t)) return true;
            return false;
        }
        if (p.traffics().size() < 2) return false;
        return c.get(0).matches(p.traffic(0)) && c.get(1).matches(p.traffic(1))
                || c.get(0).matches(p.traffic(1)) && c.get(1).matches(p.traffic(0));
    }

    /** The MFS as JSON-ready maps, features by name, ranges as [lo, hi], categorical values by name. */
    @Override
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (!modes.isEmpty()) m.put("mode", modes.stream().map(x -> x.name().toLowerCase(Locale.ROOT).replace('_', '-')).sorted().toList());
        List<Object> ts = new ArrayList<>();
        for (TrafficCondition c : traffics) {
            Map<String, Object> t = new LinkedHashMap<>();
            if (c.offSocket()) t.put(OFF_SOCKET, true);
            for (var e : c.allowed().entrySet()) t.put(e.getKey().jsonName(), e.getValue().stream().sorted().map(v -> name(e.getKey(), v)).toList());
            for (var e : c.ranges().entrySet()) t.put(e.getKey().jsonName(), List.of(e.getValue().lo(), e.getValue().hi()));
            if (c.minRequestBytes() != null) t.put("minRequestBytes", List.of(c.minRequestBytes().lo(), c.minRequestBytes().hi()));
            if (c.maxRequestBytes() != null) t.put("maxRequestBytes", List.of(c.maxRequestBytes().lo(), c.maxRequestBytes().hi()));
            ts.add(t);
        }
        m.put("traffics", ts);
        return m;
    }

    private static Object name(Feature f, long v) {
        return switch (f) {
            case QP_TYPE -> QpType.values()[(int) v].name();
            case OPCODE -> Opcode.values()[(int) v].name();
            case SENDER_MEMORY, RECEIVER_MEMORY -> Memory.values()[(int) v].name().toLowerCase(Locale.ROOT).replace('_', '-');
            default -> v;
        };
    }

    /** One line in Table 2's terms, for terminals. */
    @Override
    public String describe() {
        StringBuilder b = new StringBuilder();
        if (!modes.isEmpty()) b.append(modes.stream().map(x -> x.name().toLowerCase(Locale.ROOT)).sorted().toList()).append(' ');
        for (int i = 0; i < traffics.size(); i++) {
            if (i > 0) b.append(" + ");
            TrafficCondition c = traffics.get(i);
            List<String> parts = new ArrayList<>();
            if (c.offSocket()) parts.add("memory off the NIC's socket at either end");
            for (var e : c.allowed().entrySet()) parts.add(e.getKey().jsonName() + "=" + e.getValue().stream().sorted().map(v -> String.valueOf(name(e.getKey(), v))).toList());
            for (var e : c.ranges().entrySet()) parts.add(range(e.getKey().jsonName(), e.getValue(), SearchSpace.domain(e.getKey().dimension()).min(),
                    SearchSpace.domain(e.getKey().dimension()).max()));
            if (c.minRequestBytes() != null) parts.add(range("minRequest", c.minRequestBytes(), SearchSpace.SIZE.min(), SearchSpace.SIZE.max()));
            if (c.maxRequestBytes() != null) parts.add(range("maxRequest", c.maxRequestBytes(), SearchSpace.SIZE.min(), SearchSpace.SIZE.max()));
            b.append(parts.isEmpty() ? "any traffic" : String.join(", ", parts));
        }
        return b.toString();
    }

    private static String range(String name, Range r, long min, long max) {
        if (r.lo() == r.hi()) return name + "=" + r.lo();
        if (r.lo() <= min) return name + "<=" + r.hi();
        if (r.hi() >= max) return name + ">=" + r.lo();
        return name + " in " + r.lo() + ".." + r.hi();
    }
}
