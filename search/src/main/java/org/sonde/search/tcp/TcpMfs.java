package org.sonde.search.tcp;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.search.mfs.FeatureSet;
import org.sonde.search.mfs.Range;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Workload;

/**
 * A minimal feature set in the TCP dimensions: the values of categorical ones and the ranges of
 * ordered ones the anomaly needs; a dimension not named is irrelevant. A dimension that does not
 * apply to a point (concurrency without keepalive) does not exclude it.
 *
 * @param trigger the simplified point the MFS was last confirmed on
 * @param space   the space it was built in, whose grids bound its ranges
 */
public record TcpMfs(Symptom symptom, Map<TcpDimension, Set<Integer>> allowed, Map<TcpDimension, Range> ranges, TcpPoint trigger, int experiments,
                     TcpSpace space) implements FeatureSet {
    public TcpMfs {
        allowed = allowed.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(new EnumMap<>(allowed));
        ranges = ranges.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(new EnumMap<>(ranges));
    }

    /** The dimensions the anomaly needs. */
    public Set<TcpDimension> dimensions() {
        Set<TcpDimension> s = java.util.EnumSet.noneOf(TcpDimension.class);
        s.addAll(allowed.keySet());
        s.addAll(ranges.keySet());
        return s;
    }

    @Override
    public boolean matches(Workload w) {
        if (!(w instanceof TcpPoint p)) return false;
        for (var e : allowed.entrySet()) if (e.getKey().appliesTo(p) && !e.getValue().contains(p.get(e.getKey()))) return false;
        for (var e : ranges.entrySet()) if (e.getKey().appliesTo(p) && !e.getValue().contains(p.get(e.getKey()))) return false;
        return true;
    }

    /** {@code {"space": "tcp", "dimension": [values...] or [lo, hi], ...}}. */
    @Override
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("space", "tcp");
        for (var e : allowed.entrySet()) m.put(e.getKey().jsonName(), e.getValue().stream().sorted().toList());
        for (var e : ranges.entrySet()) m.put(e.getKey().jsonName(), List.of(e.getValue().lo(), e.getValue().hi()));
        return m;
    }

    @Override
    public String describe() {
        List<String> parts = new ArrayList<>();
        for (var e : allowed.entrySet()) parts.add(e.getKey().jsonName() + "=" + e.getValue().stream().sorted().toList());
        for (var e : ranges.entrySet()) {
            String n = e.getKey().jsonName();
            Range r = e.getValue();
            var g = space.grid(e.getKey());
            if (r.lo() == r.hi()) parts.add(n + "=" + r.lo());
            else if (r.lo() <= g.min()) parts.add(n + "<=" + r.hi());
            else if (r.hi() >= g.max()) parts.add(n + ">=" + r.lo());
            else parts.add(n + " in " + r.lo() + ".." + r.hi());
        }
        return parts.isEmpty() ? "any workload" : String.join(", ", parts);
    }
}
