package org.sonde.search.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.sonde.search.mfs.Feature;
import org.sonde.search.mfs.Mfs;
import org.sonde.search.mfs.Range;
import org.sonde.search.mfs.TrafficCondition;
import org.sonde.search.space.Grid;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.QpType;
import org.sonde.search.space.SearchSpace;

/**
 * Which known MFSs an application's restricted space intersects, and for each, the restrictions
 * that would take the application out of it (one feature at a time: a value or range the
 * application allows that lies outside the MFS). Intersection is feature by feature; the space's
 * couplings (a UD message within the MTU, a depth at least the batch) are not taken into account,
 * so an intersection may be empty in fact.
 */
public final class AppCheck {
    private AppCheck() {}

    /** One MFS the application can fall into, and the ways out. */
    public record Hit(int index, Mfs mfs, List<String> exits) {}

    public static List<Hit> check(AppSpace app, List<Mfs> known) {
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < known.size(); i++) {
            Mfs m = known.get(i);
            if (!intersects(app, m)) continue;
            hits.add(new Hit(i, m, exits(app, m)));
        }
        return hits;
    }

    static boolean intersects(AppSpace app, Mfs m) {
        if (!m.modes().isEmpty() && m.modes().stream().noneMatch(app.modes()::contains)) return false;
        // with several conditions each needs a traffic of the application; all its traffics share the space
        for (TrafficCondition c : m.traffics()) if (!intersects(app, c)) return false;
        return true;
    }

    private static boolean intersects(AppSpace app, TrafficCondition c) {
        if (c.offSocket() && !offSocket(app)) return false;
        for (var e : c.allowed().entrySet()) {
            Set<Long> a = app.allowed().get(e.getKey());
            if (e.getValue().stream().noneMatch(a::contains)) return false;
        }
        for (var e : c.ranges().entrySet()) if (overlap(app.ranges().get(e.getKey()), e.getValue()) == null) return false;
        Range lo = c.minRequestBytes() == null ? app.requestBytes() : overlap(app.requestBytes(), c.minRequestBytes());
        Range hi = c.maxRequestBytes() == null ? app.requestBytes() : overlap(app.requestBytes(), c.maxRequestBytes());
        return lo != null && hi != null && lo.lo() <= hi.hi();
    }

    /** Whether the application may put either end's memory on the other socket. */
    private static boolean offSocket(AppSpace app) {
        long remote = Memory.REMOTE_NUMA.ordinal();
        return app.allowed().get(Feature.SENDER_MEMORY).contains(remote) || app.allowed().get(Feature.RECEIVER_MEMORY).contains(remote);
    }

    static Range overlap(Range a, Range b) {
        long lo = Math.max(a.lo(), b.lo()), hi = Math.min(a.hi(), b.hi());
        return lo <= hi ? new Range(lo, hi) : null;
    }

    private static List<String> exits(AppSpace app, Mfs m) {
        List<String> out = new ArrayList<>();
        if (!m.modes().isEmpty()) {
            List<String> other = app.modes().stream().filter(x -> !m.modes().contains(x)).map(AppCheck::name).toList();
            if (!other.isEmpty()) out.add("direction: only " + String.join(" or ", other));
        }
        for (TrafficCondition c : m.traffics()) {
            if (c.offSocket()) out.add("memory: both ends on the NIC's socket");
            for (var e : c.allowed().entrySet()) {
                List<String> other = app.allowed().get(e.getKey()).stream().filter(v -> !e.getValue().contains(v)).sorted()
                        .map(v -> value(e.getKey(), v)).toList();
                if (!other.isEmpty()) out.add(e.getKey().jsonName() + ": only " + String.join(" or ", other));
            }
            for (var e : c.ranges().entrySet()) {
                Range a = app.ranges().get(e.getKey()), r = e.getValue();
                Grid g = SearchSpace.domain(e.getKey().dimension());
                if (a.lo() < r.lo()) out.add(e.getKey().jsonName() + " <= " + below(g, r.lo(), a.lo()));
                if (a.hi() > r.hi()) out.add(e.getKey().jsonName() + " >= " + above(g, r.hi(), a.hi()));
            }
            // the smallest message in [lo, hi]: leave with every message below lo, or every one above hi
            Range req = app.requestBytes();
            if (c.minRequestBytes() != null && req.lo() < c.minRequestBytes().lo()) {
                out.add("every message <= " + below(SearchSpace.SIZE, c.minRequestBytes().lo(), req.lo()) + " B");
            }
            if (c.minRequestBytes() != null && req.hi() > c.minRequestBytes().hi()) {
                out.add("every message >= " + above(SearchSpace.SIZE, c.minRequestBytes().hi(), req.hi()) + " B");
            }
            // the largest message at least lo: leave with every message below lo
            if (c.maxRequestBytes() != null && req.lo() < c.maxRequestBytes().lo()) {
                out.add("every message <= " + below(SearchSpace.SIZE, c.maxRequestBytes().lo(), req.lo()) + " B");
            }
        }
        return out.stream().distinct().toList();
    }

    /** The largest grid value below {@code bound}, at least {@code floor}. */
    private static long below(Grid g, long bound, long floor) {
        long r = floor;
        for (int v : g.values()) if (v < bound && v >= floor) r = v;
        return r;
    }

    private static long above(Grid g, long bound, long ceiling) {
        for (int v : g.values()) if (v > bound && v <= ceiling) return v;
        return ceiling;
    }

    private static String name(Mode m) {
        return m.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String value(Feature f, long v) {
        return switch (f) {
            case QP_TYPE -> QpType.values()[(int) v].name();
            case OPCODE -> Opcode.values()[(int) v].name();
            case SENDER_MEMORY, RECEIVER_MEMORY -> Memory.values()[(int) v].name().toLowerCase(Locale.ROOT).replace('_', '-');
            default -> String.valueOf(v);
        };
    }
}
