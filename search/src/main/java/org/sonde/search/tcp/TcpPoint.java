package org.sonde.search.tcp;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sonde.search.space.Workload;

/**
 * One TCP workload against a kernel server: a value per {@link TcpDimension}. Validity against a
 * space's grids is {@link TcpSpace#violations}' business; the record only holds the values.
 */
public record TcpPoint(Map<TcpDimension, Integer> values) implements Workload {
    /** A keepalive connection sends one request per interval (dperf's keepalive interval). */
    public static final long KEEPALIVE_INTERVAL_MICROS = 10_000;

    public TcpPoint {
        values = new EnumMap<>(values);
        for (TcpDimension d : TcpDimension.values()) {
            if (!values.containsKey(d)) throw new IllegalArgumentException("a TCP point needs a value of " + d.jsonName());
        }
        values = java.util.Collections.unmodifiableMap(values);
    }

    public int get(TcpDimension d) {
        return values.get(d);
    }

    public TcpPoint with(TcpDimension d, int v) {
        Map<TcpDimension, Integer> m = new EnumMap<>(values);
        m.put(d, v);
        return new TcpPoint(m);
    }

    public int cps() {
        return get(TcpDimension.CPS);
    }

    public int requests() {
        return get(TcpDimension.REQUESTS);
    }

    /**
     * Requests per second the client offers (Little's law): in CPS mode the connection rate; with
     * keepalive, each connection lives {@code requests} intervals, so the rate is the launch rate
     * times the requests per connection, or what {@code concurrency} connections carry at one
     * request per interval when the launches would need more.
     */
    public double offeredRequestsPerSecond() {
        if (requests() == 1) return cps();
        double perConnection = 1e6 / KEEPALIVE_INTERVAL_MICROS;
        return Math.min((double) cps() * requests(), get(TcpDimension.CONCURRENCY) * perConnection);
    }

    @Override
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (TcpDimension d : TcpDimension.values()) m.put(d.jsonName(), get(d));
        return m;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (TcpDimension d : TcpDimension.values()) {
            if (!d.appliesTo(this)) continue;
            b.append(b.isEmpty() ? "" : " ").append(d.jsonName()).append('=').append(get(d));
        }
        return b.toString();
    }
}
