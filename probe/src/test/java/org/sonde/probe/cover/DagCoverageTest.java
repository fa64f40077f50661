package org.sonde.probe.cover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.sonde.probe.topology.LinkProbabilities;
import org.sonde.probe.topology.PathSet;
import org.sonde.probe.topology.Routes;
import org.sonde.probe.topology.Topology;

class DagCoverageTest {
    /** Fig. 3.6: edge A, aggregation F G, core C D E, aggregation H I, edge B, full meshes between levels. */
    static Topology multilevel() {
        Topology.Builder b = Topology.builder().host("hA").host("hB");
        for (String r : List.of("A", "F", "G", "C", "D", "E", "H", "I", "B")) b.router(r);
        b.link("hA", "A", 1).link("B", "hB", 1);
        for (String f : List.of("F", "G")) {
            b.link("A", f, 1);
            for (String c : List.of("C", "D", "E")) b.link(f, c, 1);
        }
        for (String h : List.of("H", "I")) {
            b.link(h, "B", 1);
            for (String c : List.of("C", "D", "E")) b.link(c, h, 1);
        }
        return b.agent("hA", "10.0.0.1").agent("hB", "10.0.0.2").build();
    }

    @Test
    void multilevelTraversalProbabilitiesAreTheDissertations() {
        Topology t = multilevel();
        PathSet paths = new Routes(t).between(t.agent("hA"), t.agent("hB"));
        assertThat(paths.pathCount()).isEqualTo(12);
        LinkProbabilities p = paths.traversal();
        assertThat(prob(t, p, "A->F")).isCloseTo(0.5, within(1e-12));
        assertThat(prob(t, p, "F->C")).isCloseTo(1.0 / 6, within(1e-12));
        assertThat(prob(t, p, "C->H")).isCloseTo(1.0 / 6, within(1e-12));
        assertThat(prob(t, p, "hA->A")).isCloseTo(1, within(1e-12));
        // "N is the maximum number of links between two levels": 6
        assertThat(DagCoverage.dissertationHops(paths)).isEqualTo(6);
        // the coupon-collector k for N = 6 is enough here, because the 6 core links are one coupon set;
        // the exact k is no larger than the k for 6 next hops plus a few for the other level's links
        int exactK = DagCoverage.tuplesFor(paths, 0.9);
        assertThat(exactK).isGreaterThanOrEqualTo(CouponCollector.smallest(6, 0.9).tuples());
        assertThat(DagCoverage.probability(paths, exactK)).isGreaterThanOrEqualTo(0.9);
        assertThat(DagCoverage.probability(paths, exactK - 1)).isLessThan(0.9);
    }

    private static double prob(Topology t, LinkProbabilities p, String link) {
        int idx = t.linkIndex(link);
        for (int i = 0; i < p.size(); i++) if (p.links()[i] == idx) return p.probability()[i];
        throw new AssertionError("no link " + link);
    }

    @Test
    void sourceMultipathIsTheUniformCouponCollector() {
        // Fig. 3.4 with N paths chosen at the source: the exact DAG sum equals Problem 3's formula
        Topology.Builder b = Topology.builder().host("s").host("d").router("A").router("B");
        b.link("s", "A", 1).link("B", "d", 1);
        int n = 5;
        for (int i = 0; i < n; i++) b.router("m" + i).link("A", "m" + i, 1).link("m" + i, "B", 1);
        Topology t = b.agent("s", "1").agent("d", "2").build();
        PathSet paths = new Routes(t).between(t.agent("s"), t.agent("d"));
        for (int k = 1; k < 40; k++) assertThat(DagCoverage.probability(paths, k)).isCloseTo(CouponCollector.probability(n, k), within(1e-9));
    }

    /** A layered random DAG between two hosts (every layer's routers are equally far from the sink), with random WCMP weights. */
    static Topology randomDag(long seed, int layers, int width) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Topology.Builder b = Topology.builder().host("s").host("d");
        List<List<String>> level = new ArrayList<>();
        for (int l = 0; l < layers; l++) {
            List<String> names = new ArrayList<>();
            int w = 1 + rnd.nextInt(width);
            for (int i = 0; i < w; i++) { b.router("r" + l + "_" + i); names.add("r" + l + "_" + i); }
            level.add(names);
        }
        for (String r : level.getFirst()) b.link("s", r, 1 + rnd.nextInt(3));
        for (int l = 0; l + 1 < layers; l++) {
            for (String r : level.get(l)) {
                List<String> next = level.get(l + 1);
                boolean any = false;
                for (String q : next) if (rnd.nextInt(3) > 0) { b.link(r, q, 1 + rnd.nextInt(3)); any = true; }
                if (!any) b.link(r, next.get(rnd.nextInt(next.size())), 1);
            }
        }
        for (String r : level.getLast()) b.link(r, "d", 1);
        return b.agent("s", "1").agent("d", "2").build();
    }

    @Property(tries = 30)
    void exactProbabilityMatchesMonteCarloWithinOnePercent(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int layers,
                                                         @ForAll @IntRange(min = 1, max = 3) int width, @ForAll @IntRange(min = 1, max = 25) int k) {
        Topology t = randomDag(seed, layers, width);
        PathSet paths = new Routes(t).between(t.agent("s"), t.agent("d"));
        Assume.that(DagCoverage.exact(paths));
        double exact = DagCoverage.probability(paths, k);
        LinkProbabilities lp = paths.traversal();
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x5DEECE66DL);
        int trials = 40_000;
        int all = 0;
        boolean[] seen = new boolean[t.links().size()];
        for (int trial = 0; trial < trials; trial++) {
            java.util.Arrays.fill(seen, false);
            int distinct = 0;
            for (int i = 0; i < k; i++) {
                for (int l : paths.path(node -> rnd.nextDouble())) if (!seen[l]) { seen[l] = true; distinct++; }
            }
            if (distinct == lp.size()) all++;
        }
        assertThat(exact).isCloseTo((double) all / trials, within(0.01));
        assertThat(DagCoverage.lowerBound(lp, k)).isLessThanOrEqualTo(exact + 1e-9);
    }

    @Property(tries = 30)
    void traversalProbabilitiesMatchMonteCarlo(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int layers, @ForAll @IntRange(min = 1, max = 4) int width) {
        Topology t = randomDag(seed, layers, width);
        PathSet paths = new Routes(t).between(t.agent("s"), t.agent("d"));
        LinkProbabilities lp = paths.traversal();
        SplittableRandom rnd = new SplittableRandom(seed + 1);
        int trials = 40_000;
        int[] hits = new int[t.links().size()];
        for (int trial = 0; trial < trials; trial++) for (int l : paths.path(node -> rnd.nextDouble())) hits[l]++;
        for (int i = 0; i < lp.size(); i++) assertThat((double) hits[lp.links()[i]] / trials).isCloseTo(lp.probability()[i], within(0.01));
        // the sink is reached with probability 1: the probabilities into it add up to 1
        double intoSink = 0;
        for (int i = 0; i < lp.size(); i++) if (t.link(lp.links()[i]).to() == t.nodeIndex("d")) intoSink += lp.probability()[i];
        assertThat(intoSink).isCloseTo(1, within(1e-9));
    }
}
