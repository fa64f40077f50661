package org.sonde.search.mfs;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Traffic;

/**
 * What one traffic must have for an anomaly: allowed values of categorical features, ranges of
 * discretised ones, and ranges for the smallest and largest request of the message pattern (a
 * uniform pattern gives the same range to both; a required mix, a low smallest and a high largest).
 * Features not named are irrelevant.
 *
 * @param offSocket the traffic needs memory off the NIC's socket at either end (Collie's NUMA
 *                  feature: its test moves both ends to the NIC's node, and its match holds when
 *                  either end is off it); the ends' own memories are then not tested
 */
public record TrafficCondition(Map<Feature, Set<Long>> allowed, Map<Feature, Range> ranges, Range minRequestBytes, Range maxRequestBytes,
                               boolean offSocket) {
    public TrafficCondition {
        allowed = allowed.isEmpty() ? Map.of() : new EnumMap<>(allowed);
        ranges = ranges.isEmpty() ? Map.of() : new EnumMap<>(ranges);
    }

    public TrafficCondition(Map<Feature, Set<Long>> allowed, Map<Feature, Range> ranges, Range minRequestBytes, Range maxRequestBytes) {
        this(allowed, ranges, minRequestBytes, maxRequestBytes, false);
    }

    /** Whether either end of {@code t} has its memory on the other socket. */
    public static boolean offSocket(Traffic t) {
        return t.sender().memory() == Memory.REMOTE_NUMA || t.receiver().memory() == Memory.REMOTE_NUMA;
    }

    public boolean matches(Traffic t) {
        if (offSocket && !offSocket(t)) return false;
        for (Map.Entry<Feature, Set<Long>> e : allowed.entrySet()) if (!e.getValue().contains(e.getKey().of(t))) return false;
        for (Map.Entry<Feature, Range> e : ranges.entrySet()) if (!e.getValue().contains(e.getKey().of(t))) return false;
        if (minRequestBytes != null && !minRequestBytes.contains(t.minRequestBytes())) return false;
        if (maxRequestBytes != null && !maxRequestBytes.contains(t.maxRequestBytes())) return false;
        return true;
    }
}
