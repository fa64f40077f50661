package org.sonde.search.mfs;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import org.sonde.search.space.Traffic;

/**
 * What one traffic must have for an anomaly: allowed values of categorical features, ranges of
 * discretised ones, and ranges for the smallest and largest request of the message pattern (a
 * uniform pattern gives the same range to both; a required mix, a low smallest and a high largest).
 * Features not named are irrelevant.
 */
public record TrafficCondition(Map<Feature, Set<Long>> allowed, Map<Feature, Range> ranges, Range minRequestBytes, Range maxRequestBytes) {
    public TrafficCondition {
        allowed = allowed.isEmpty() ? Map.of() : new EnumMap<>(allowed);
        ranges = ranges.isEmpty() ? Map.of() : new EnumMap<>(ranges);
    }

    public boolean matches(Traffic t) {
        for (Map.Entry<Feature, Set<Long>> e : allowed.entrySet()) if (!e.getValue().contains(e.getKey().of(t))) return false;
        for (Map.Entry<Feature, Range> e : ranges.entrySet()) if (!e.getValue().contains(e.getKey().of(t))) return false;
        if (minRequestBytes != null && !minRequestBytes.contains(t.minRequestBytes())) return false;
        if (maxRequestBytes != null && !maxRequestBytes.contains(t.maxRequestBytes())) return false;
        return true;
    }
}
