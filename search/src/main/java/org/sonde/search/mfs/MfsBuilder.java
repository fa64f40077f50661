package org.sonde.search.mfs;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Dimension;
import org.sonde.search.space.Grid;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.Point;
import org.sonde.search.space.QpType;
import org.sonde.search.space.SearchSpace;
import org.sonde.search.space.Traffic;

/**
 * Collie's MFS heuristic (§5.2), for both symptoms: a few experiments per feature decide whether
 * the anomaly needs it and in which values.
 * <ol>
 * <li>Traffics: each traffic alone (one way); if neither reproduces, both are needed, in the
 *     point's mode (as Collie's code tags loopback or bidirectional). If the point with its second
 *     traffic a copy of the first reproduces too, every later test changes both traffics alike and
 *     both get the same conditions: one traffic's worth of experiments instead of two (the
 *     mechanisms that need both directions, such as Table 2's #4 and #9-#12, hold on each).</li>
 * <li>Off-socket memory (Collie's NUMA test): if an end of the traffic is on the other socket,
 *     both ends move to the NIC's; if the anomaly then clears, the MFS needs memory off the
 *     socket at either end (one MFS for a mechanism such as Table 2's #11, which either end's
 *     remote memory triggers) and the ends' memories are not tested one by one.</li>
 * <li>Categorical features (QP type, opcode, MTU, memory of each end): every alternative (an
 *     opcode the QP type cannot carry, READ on UC, on RC where RC reproduced too); the
 *     MFS keeps the values that reproduce, and drops a feature all of whose values do; a dropped
 *     memory is moved to the NIC's socket and a dropped QP type to RC for the later tests.</li>
 * <li>Discretised features (QPs, MRs, batch, depths, SGEs; MR sizes are not tested, as in Collie's
 *     code, and stay as they are): the domain's lower and upper
 *     bound; a bound that does not reproduce is bisected towards the current value
 *     {@code bisectSteps} times, and the range keeps the outermost value seen to reproduce (so the
 *     MFS errs inside the true region). A feature that reproduces at both bounds is irrelevant and
 *     set to its lower bound, which makes later experiments cheaper.</li>
 * <li>Message pattern: a uniform pattern at the largest and at the smallest size; if one
 *     reproduces, the size is bisected like a discretised feature, then a pair of one message of
 *     that size and one at the domain's other end tells whether only the largest (or smallest)
 *     message is bound; if neither uniform pattern reproduces, the mix is needed: a pair of the
 *     largest and the smallest message is tried and, if it reproduces, the large one is bisected
 *     down and the small one up (smallest request at most the one bound, largest at least the
 *     other); otherwise the bounds are the current smallest and largest.</li>
 * <li>The simplified point is run once more; if it no longer reproduces there is no MFS.</li>
 * </ol>
 * "Reproduces" means the monitor reports the same symptom.
 */
public final class MfsBuilder {
    /** Runs one experiment and returns the monitor's verdict. */
    public interface Experiment {
        Optional<Symptom> run(Point p);
    }

    private static final List<Feature> CATEGORICAL = List.of(Feature.QP_TYPE, Feature.OPCODE, Feature.MTU, Feature.SENDER_MEMORY, Feature.RECEIVER_MEMORY);
    /** The value an irrelevant categorical feature is simplified to: memory on the NIC's socket (as Collie's NUMA test), RC (carries any opcode and size). */
    private static final Map<Feature, Integer> SIMPLE = Map.of(Feature.SENDER_MEMORY, Memory.LOCAL_NUMA.ordinal(), Feature.RECEIVER_MEMORY,
            Memory.LOCAL_NUMA.ordinal(), Feature.QP_TYPE, QpType.RC.ordinal());
    // QPs and MRs first: once found irrelevant they drop to 1 and every later experiment is cheaper
    private static final List<Feature> DISCRETE = List.of(Feature.QPS, Feature.SENDER_MRS, Feature.RECEIVER_MRS, Feature.BATCH, Feature.SEND_DEPTH,
            Feature.RECV_BATCH, Feature.RECV_DEPTH, Feature.SGES);

    private final SearchSpace space;
    private final Experiment experiment;
    private final int bisectSteps;
    private int experiments;
    private Symptom symptom;
    /** Both traffics are needed and the anomaly reproduces with the second a copy of the first: tests change both alike. */
    private boolean mirrored;

    public MfsBuilder(SearchSpace space, Experiment experiment, int bisectSteps) {
        this.space = space;
        this.experiment = experiment;
        this.bisectSteps = bisectSteps;
    }

    private boolean reproduces(Point p) {
        experiments++;
        return experiment.run(mirror(p)).equals(Optional.of(symptom));
    }

    /** {@code p} with its second traffic a copy of the first, while the MFS is built on mirrored traffics. */
    private Point mirror(Point p) {
        return mirrored && p.traffics().size() == 2 ? new Point(p.mode(), List.of(p.traffic(0), p.traffic(0))) : p;
    }

    /** The MFS of the anomaly {@code symptom} seen on {@code p}, or empty when the simplified point no longer reproduces. */
    public Optional<Mfs> build(Point p, Symptom s) {
        this.symptom = s;
        this.experiments = 0;
        this.mirrored = false;
        Point cur = p;
        Set<Mode> modes = EnumSet.noneOf(Mode.class);
        if (p.traffics().size() == 2) {
            Point alone0 = new Point(Mode.ONE_WAY, List.of(p.traffic(0)));
            Point alone1 = new Point(Mode.ONE_WAY, List.of(p.traffic(1)));
            if (reproduces(alone0)) cur = alone0;
            else if (!p.traffic(1).equals(p.traffic(0)) && reproduces(alone1)) cur = alone1;
            else {
                modes.add(p.mode());
                // both are needed: if twin traffics reproduce too, each feature is tested on both at once (half the experiments)
                mirrored = true;
                if (p.traffic(1).equals(p.traffic(0)) || reproduces(cur)) cur = mirror(cur);
                else mirrored = false;
            }
        }
        List<TrafficCondition> conditions = new ArrayList<>();
        for (int i = 0; i < (mirrored ? 1 : cur.traffics().size()); i++) {
            Map<Feature, Set<Long>> allowed = new EnumMap<>(Feature.class);
            Map<Feature, Range> ranges = new EnumMap<>(Feature.class);
            boolean offSocket = false;
            if (TrafficCondition.offSocket(cur.traffic(i))) {
                Point onSocket = onSocket(cur, i);
                if (reproduces(onSocket)) cur = onSocket;
                else offSocket = true;
            }
            for (Feature f : CATEGORICAL) {
                if (!offSocket || (f != Feature.SENDER_MEMORY && f != Feature.RECEIVER_MEMORY)) cur = categorical(cur, i, f, allowed);
            }
            Range[] pattern = new Range[2];
            cur = pattern(cur, i, pattern);
            for (Feature f : DISCRETE) cur = discrete(cur, i, f, ranges);
            conditions.add(new TrafficCondition(allowed, ranges, pattern[0], pattern[1], offSocket));
        }
        cur = mirror(cur);
        if (mirrored) conditions.add(conditions.get(0));
        if (!reproduces(cur)) return Optional.empty();
        return Optional.of(new Mfs(s, modes, conditions, cur, experiments));
    }

    /** {@code cur} with every end of traffic {@code i} on the other socket moved to the NIC's (Collie's NUMA test). */
    private Point onSocket(Point cur, int i) {
        Point q = cur;
        for (Feature f : List.of(Feature.SENDER_MEMORY, Feature.RECEIVER_MEMORY)) {
            if (f.of(q.traffic(i)) == Memory.REMOTE_NUMA.ordinal()) q = space.set(q, i, f.dimension(), -1, Memory.LOCAL_NUMA.ordinal());
        }
        return q;
    }

    private Point categorical(Point cur, int i, Feature f, Map<Feature, Set<Long>> allowed) {
        Traffic t = cur.traffic(i);
        if (!f.dimension().appliesTo(t)) return cur;
        Grid g = SearchSpace.domain(f.dimension());
        long now = f.of(t);
        Set<Long> ok = new LinkedHashSet<>();
        ok.add(now);
        int tested = 0;
        for (int k = 0; k < g.size(); k++) {
            int v = g.get(k);
            if (v == now) continue;
            Point at = cur;
            if (f == Feature.OPCODE && !t.qpType().allows(Opcode.values()[v])) {
                // not carried by this QP type (READ on UC): tested on RC where RC showed the anomaly too;
                // left untested, the MFS excluded READ and the search met the anomaly again on READ traffic
                at = reproducedOnRc(allowed) ? space.set(cur, i, Feature.QP_TYPE.dimension(), -1, QpType.RC.ordinal()) : null;
                if (at == null || at.traffic(i).qpType() != QpType.RC) continue;
            }
            tested++;
            Point q = space.set(at, i, f.dimension(), -1, v);
            if (f.of(q.traffic(i)) == v && reproduces(q)) ok.add((long) v);
        }
        if (tested > 0 && ok.size() < g.size()) allowed.put(f, ok);
        if (tested == 0 || ok.size() < g.size()) return cur;
        // irrelevant: later tests run on the simple value (Collie's working copy keeps irrelevant
        // features simplified). Left as it was, a second mechanism riding on it (remote memory under
        // #9's mix) keeps every later test anomalous and the MFS shrinks to "bidirectional"; a UD
        // type left in place caps the message sizes the pattern tests can try
        int simple = SIMPLE.getOrDefault(f, (int) now);
        Point q = space.set(cur, i, f.dimension(), -1, simple);
        return f.of(q.traffic(i)) == simple ? q : cur;
    }

    /** Whether the QP type test kept RC (a QP type found irrelevant was simplified to RC already). */
    private static boolean reproducedOnRc(Map<Feature, Set<Long>> allowed) {
        Set<Long> types = allowed.get(Feature.QP_TYPE);
        return types != null && types.contains((long) QpType.RC.ordinal());
    }

    private Point discrete(Point cur, int i, Feature f, Map<Feature, Range> ranges) {
        Traffic t = cur.traffic(i);
        if (!f.dimension().appliesTo(t)) return cur;
        Grid g = SearchSpace.domain(f.dimension());
        int c = g.indexOf((int) f.of(t));
        int lo = bound(cur, i, f, g, c, 0);
        int hi = bound(cur, i, f, g, c, g.size() - 1);
        if (lo == 0 && hi == g.size() - 1) {
            // irrelevant: where the lower bound was tested (and reproduced), the point moves there
            return c == 0 || !feasible(cur, i, f, g.min()) ? cur : set(cur, i, f, g.min());
        }
        ranges.put(f, new Range(g.get(lo), g.get(hi)));
        return cur;
    }

    /**
     * The grid index of the outermost value towards {@code end} seen to reproduce. Values the
     * current point cannot take without another feature moving (a depth below the batch, an MR
     * smaller than the message) are not tested: when every value beyond the feasible extreme is
     * such, the extreme stands for the domain's end, as no point of this shape lies beyond.
     */
    private int bound(Point cur, int i, Feature f, Grid g, int c, int end) {
        return GridBounds.outermost(c, end, bisectSteps, k -> feasible(cur, i, f, g.get(k)), k -> reproduces(set(cur, i, f, g.get(k))));
    }

    /** Whether {@code f} can take {@code v} on the current point with nothing else changing. */
    private boolean feasible(Point cur, int i, Feature f, int v) {
        Point q = set(cur, i, f, v);
        Traffic a = cur.traffic(i), b = q.traffic(i);
        if (f.of(b) != v) return false;
        for (Feature o : Feature.values()) if (o != f && o.of(a) != o.of(b)) return false;
        for (int k = 0; k < a.requests().size(); k++) {
            if (a.requests().get(k).sizeBytes() != b.requests().get(k).sizeBytes()) return false;
        }
        return true;
    }

    private Point set(Point cur, int i, Feature f, int v) {
        if (f == Feature.SGES) {
            Point q = cur;
            for (int k = 0; k < cur.traffic(i).requests().size(); k++) q = space.set(q, i, Dimension.REQUEST_SGES, k, Math.min(v, SearchSpace.maxSges(q.traffic(i).requests().get(k).sizeBytes())));
            return q;
        }
        return space.set(cur, i, f.dimension(), -1, v);
    }

    private Point pattern(Point cur, int i, Range[] out) {
        Traffic t = cur.traffic(i);
        int sges = t.maxSges();
        Grid g = SearchSpace.SIZE;
        if (t.minRequestBytes() != t.maxRequestBytes()) {
            Point big = space.uniformRequests(cur, i, t.maxRequestBytes(), sges);
            Point small = space.uniformRequests(cur, i, t.minRequestBytes(), sges);
            if (reproduces(big)) cur = big;
            else if (reproduces(small)) cur = small;
            else return mix(cur, i, sges, out);
        }
        int c = g.indexOf(cur.traffic(i).maxRequestBytes());
        int lo = sizeBound(cur, i, sges, g, c, 0);
        int hi = sizeBound(cur, i, sges, g, c, g.size() - 1);
        if (lo != 0 || hi != g.size() - 1) {
            out[0] = new Range(g.get(lo), g.get(hi));
            out[1] = out[0];
            // does one message in the range suffice? then only the largest (or smallest) is bound
            int size = cur.traffic(i).maxRequestBytes();
            if (lo != 0 && reproducesPair(cur, i, size, g.min(), sges)) out[0] = null;
            else if (hi != g.size() - 1 && reproducesPair(cur, i, size, g.max(), sges)) out[1] = null;
        }
        return cur;
    }

    /**
     * The mix is needed. If one message at the largest size and one at the smallest reproduce, the
     * large one is bisected down and the small one up, so the MFS says how large and how small the
     * mix's messages must be (Table 2's "<= 1 KB and >= 64 KB"), not just "as large as this one":
     * an MFS bound at the trigger's own sizes left most of the region outside it, and the search met
     * the same mechanism again at each other mix (#9 four times in one run). Otherwise the bounds
     * stay at the current sizes.
     */
    private Point mix(Point cur, int i, int sges, Range[] out) {
        Traffic t = cur.traffic(i);
        Grid g = SearchSpace.SIZE;
        int small = t.minRequestBytes(), large = t.maxRequestBytes();
        out[0] = new Range(g.min(), small);
        out[1] = new Range(large, g.max());
        if (!reproducesPair(cur, i, large, small, sges)) return cur;
        Point pair = pair(cur, i, large, small, sges);
        int cs = g.indexOf(small), cl = g.indexOf(large);
        int largeLo = GridBounds.outermost(cl, cs + 1, bisectSteps, k -> true, k -> reproducesPair(pair, i, g.get(k), small, sges));
        int smallHi = GridBounds.outermost(cs, cl - 1, bisectSteps, k -> true, k -> reproducesPair(pair, i, large, g.get(k), sges));
        out[0] = new Range(g.min(), g.get(smallHi));
        out[1] = new Range(g.get(largeLo), g.max());
        return pair;
    }

    /** Whether a pattern of one message of {@code size} and one of {@code other} reproduces. */
    private boolean reproducesPair(Point cur, int i, int size, int other, int sges) {
        Point q = pair(cur, i, size, other, sges);
        Traffic t = q.traffic(i);
        if (t.requests().size() != 2 || t.requests().get(0).sizeBytes() != size || t.requests().get(1).sizeBytes() != other) return false;
        return reproduces(q);
    }

    private Point pair(Point cur, int i, int size, int other, int sges) {
        Point q = space.uniformRequests(cur, i, size, sges);
        q = space.set(q, i, Dimension.REQUEST_COUNT, -1, 2);
        return space.set(q, i, Dimension.REQUEST_SIZE, 1, other);
    }

    private int sizeBound(Point cur, int i, int sges, Grid g, int c, int end) {
        if (c == end) return c;
        if (reproducesSize(cur, i, g.get(end), sges)) return end;
        int good = c, bad = end;
        for (int s = 0; s < bisectSteps && Math.abs(bad - good) > 1; s++) {
            int mid = (good + bad) / 2;
            if (reproducesSize(cur, i, g.get(mid), sges)) good = mid;
            else bad = mid;
        }
        return good;
    }

    private boolean reproducesSize(Point cur, int i, int size, int sges) {
        Point q = space.uniformRequests(cur, i, size, sges);
        // UD cannot carry a message above the largest MTU: not a test of that size
        if (q.traffic(i).maxRequestBytes() != size) return false;
        return reproduces(q);
    }
}
