package org.sonde.probe.cover;

import org.sonde.probe.topology.Dag;
import org.sonde.probe.topology.Explicit;
import org.sonde.probe.topology.ExplicitPath;
import org.sonde.probe.topology.LinkProbabilities;
import org.sonde.probe.topology.PathSet;

/**
 * The probability that k random 5-tuples between one pair of agents together traverse every link
 * their paths may use — for multilevel and general multipath (§3.3.3), where links are reached
 * with unequal probabilities and not independently of each other.
 *
 * <p>Exactly, by inclusion-exclusion over the sets S of links: P(all covered) = Σ_S (−1)^|S| ·
 * P(a path avoids S)^k, where P(a path avoids S) is the DAG's traversal computation with the links
 * of S cut. That is 2^m terms for m links, so it is used up to {@link #EXACT_LINKS} links. Beyond,
 * the Bonferroni lower bound 1 − Σ_l (1 − p_l)^k is used, which never overstates coverage; the
 * dissertation's own rule (N = ⌈1/p_min⌉ in the uniform formula) is {@link #dissertationHops}.
 */
public final class DagCoverage {
    /** The most links the exact sum is computed for (2^18 traversals of the DAG). */
    public static final int EXACT_LINKS = 18;

    private DagCoverage() {}

    /** Whether {@link #probability} is exact for this path set (otherwise a lower bound). */
    public static boolean exact(PathSet paths) {
        return paths.traversal().size() <= EXACT_LINKS;
    }

    /** The probability that {@code k} tuples cover every link of {@code paths}: exact up to {@link #EXACT_LINKS} links, else a lower bound. */
    public static double probability(PathSet paths, int k) {
        LinkProbabilities t = paths.traversal();
        if (t.size() <= EXACT_LINKS) return exact(paths, t, k);
        return lowerBound(t, k);
    }

    /** 1 − Σ_l (1 − p_l)^k, at least 0. */
    static double lowerBound(LinkProbabilities t, int k) {
        double miss = 0;
        for (double p : t.probability()) miss += Math.pow(1 - p, k);
        return Math.max(0, 1 - miss);
    }

    /** The smallest k whose {@link #probability} reaches {@code confidence}. */
    public static int tuplesFor(PathSet paths, double confidence) {
        if (!(confidence > 0 && confidence < 1)) throw new IllegalArgumentException("the confidence must be above 0 and below 1, got " + confidence);
        LinkProbabilities t = paths.traversal();
        double[] avoid = t.size() <= EXACT_LINKS ? avoidances(paths, t) : null;
        java.util.function.IntToDoubleFunction p = k -> avoid != null ? sum(avoid, k) : lowerBound(t, k);
        // a doubling search then bisection: the probability grows with k
        int hi = 1;
        while (p.applyAsDouble(hi) < confidence) {
            if (hi > CouponCollector.MAX_TUPLES / 2) throw new IllegalArgumentException("no k up to " + CouponCollector.MAX_TUPLES + " reaches confidence " + confidence);
            hi *= 2;
        }
        int lo = hi / 2;
        while (lo + 1 < hi) {
            int mid = (lo + hi) >>> 1;
            if (p.applyAsDouble(mid) >= confidence) hi = mid;
            else lo = mid;
        }
        return hi;
    }

    /** §3.3.3's N for general multipath: ⌈1 / the smallest traversal probability⌉. */
    static int dissertationHops(PathSet paths) {
        return (int) Math.ceil(1 / paths.traversal().minimum() - 1e-9);
    }

    private static double exact(PathSet paths, LinkProbabilities t, int k) {
        return sum(avoidances(paths, t), k);
    }

    /** Σ_S (−1)^|S| avoid[S]^k; the terms are summed in mask order. */
    private static double sum(double[] avoid, int k) {
        double sum = 0;
        for (int mask = 0; mask < avoid.length; mask++) {
            double term = Math.pow(avoid[mask], k);
            sum += (Integer.bitCount(mask) % 2 == 0) ? term : -term;
        }
        return Math.min(1, Math.max(0, sum));
    }

    /** Per subset S of the links (a bit mask over {@code t}'s links), the probability that a path avoids S. */
    private static double[] avoidances(PathSet paths, LinkProbabilities t) {
        int m = t.size();
        int[] links = t.links();
        boolean[] cut = new boolean[maxLink(links) + 1];
        double[] avoid = new double[1 << m];
        for (int mask = 0; mask < 1 << m; mask++) {
            for (int i = 0; i < m; i++) cut[links[i]] = (mask & (1 << i)) != 0;
            avoid[mask] = avoiding(paths, cut);
        }
        return avoid;
    }

    private static int maxLink(int[] links) {
        int m = 0;
        for (int l : links) m = Math.max(m, l);
        return m;
    }

    /** The probability that one random path uses no link marked in {@code cut}. */
    static double avoiding(PathSet paths, boolean[] cut) {
        return switch (paths) {
            case Dag d -> {
                double[] nodeP = new double[d.order().length];
                nodeP[0] = 1;
                for (int i = 0; i < nodeP.length - 1; i++) {
                    int[] next = d.next()[i];
                    if (next.length == 0 || nodeP[i] == 0) continue;
                    double[] c = d.cumulative()[i];
                    double prev = 0;
                    for (int j = 0; j < next.length; j++) {
                        double share = nodeP[i] * (c[j] - prev) / c[next.length - 1];
                        prev = c[j];
                        if (!cut[next[j]]) nodeP[d.head()[i][j]] += share;
                    }
                }
                yield nodeP[nodeP.length - 1];
            }
            case Explicit e -> {
                double total = 0, ok = 0;
                for (ExplicitPath p : e.paths()) {
                    total += p.weight();
                    boolean clear = true;
                    for (int l : p.links()) if (l < cut.length && cut[l]) { clear = false; break; }
                    if (clear) ok += p.weight();
                }
                yield ok / total;
            }
        };
    }
}
