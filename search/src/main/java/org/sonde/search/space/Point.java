package org.sonde.search.space;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A workload: one traffic (A to B) or two (see {@link Mode}). Validity against the space's
 * constraints is {@link SearchSpace#violations(Point)}'s business, not the record's.
 */
public record Point(Mode mode, List<Traffic> traffics) implements Workload {
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

    /** {@code {"mode", "traffics": [{"qpType", "opcode", "qps", ..., "sender": {"memory", "mrs", "mrSizeBytes"}, "receiver"}]}}. */
    @Override
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", mode.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        List<Object> ts = new ArrayList<>();
        for (Traffic t : traffics) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("qpType", t.qpType().name());
            x.put("opcode", t.opcode().name());
            x.put("qps", t.qps());
            x.put("mtu", t.mtu());
            x.put("batch", t.batch());
            x.put("sendDepth", t.sendDepth());
            x.put("recvBatch", t.recvBatch());
            x.put("recvDepth", t.recvDepth());
            List<Object> reqs = new ArrayList<>();
            for (Request q : t.requests()) reqs.add(List.of(q.sizeBytes(), q.sges()));
            x.put("requests", reqs);
            x.put("recvSizeBytes", t.recvSizeBytes());
            x.put("sender", endpoint(t.sender()));
            x.put("receiver", endpoint(t.receiver()));
            ts.add(x);
        }
        m.put("traffics", ts);
        return m;
    }

    private static Map<String, Object> endpoint(Endpoint e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("memory", e.memory().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        m.put("mrs", e.mrs());
        m.put("mrSizeBytes", e.mrSizeBytes());
        return m;
    }
}
