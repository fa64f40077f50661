package org.sonde.search.space;

import java.util.ArrayList;
import java.util.List;

/**
 * A workload: one traffic (A to B) or two (see {@link Mode}). Validity against the space's
 * constraints is {@link SearchSpace#violations(Point)}'s business, not the record's.
 */
public record Point(Mode mode, List<Traffic> traffics) {
    public Point {
        if (mode == null) throw new IllegalArgumentException("mode must be set");
        traffics = List.copyOf(traffics);
        if (traffics.size() != mode.traffics()) throw new IllegalArgumentException(mode + " needs " + mode.traffics() + " traffics, got " + traffics.size());
    }

    public static Point oneWay(Traffic t) {
        return new Point(Mode.ONE_WAY, List.of(t));
    }

    static Point bidirectional(Traffic t) {
        return new Point(Mode.BIDIRECTIONAL, List.of(t, t));
    }

    public Traffic traffic(int i) {
        return traffics.get(i);
    }

    public Point with(int i, Traffic t) {
        List<Traffic> l = new ArrayList<>(traffics);
        l.set(i, t);
        return new Point(mode, l);
    }

    public int totalQps() {
        int s = 0;
        for (Traffic t : traffics) s += t.qps();
        return s;
    }

    public long totalMrs() {
        long s = 0;
        for (Traffic t : traffics) s += t.sender().mrs() + t.receiver().mrs();
        return s;
    }
}
