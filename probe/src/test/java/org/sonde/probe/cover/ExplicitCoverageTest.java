package org.sonde.probe.cover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.sonde.probe.topology.Explicit;
import org.sonde.probe.topology.Generators;
import org.sonde.probe.topology.LinkProbabilities;
import org.sonde.probe.topology.PathSet;
import org.sonde.probe.topology.Routes;
import org.sonde.probe.topology.Topology;

class ExplicitCoverageTest {
    /** LSP sets (source multipath over overlapping paths) of random IDN-like backbones: exact coverage against Monte Carlo. */
    @Property(tries = 15)
    void lspSetsMatchMonteCarloWithinOnePercent(@ForAll long seed, @ForAll @IntRange(min = 1, max = 12) int k) {
        Topology t = Generators.idn(5, 6, 4, seed);
        PathSet paths = new Routes(t).between(t.agent("a0"), t.agent("a1"));
        assertThat(paths).isInstanceOf(Explicit.class);
        LinkProbabilities lp = paths.traversal();
        Assume.that(DagCoverage.exact(paths));
        double exact = DagCoverage.probability(paths, k);
        SplittableRandom rnd = new SplittableRandom(seed);
        int trials = 40_000, all = 0;
        boolean[] seen = new boolean[t.links().size()];
        for (int trial = 0; trial < trials; trial++) {
            java.util.Arrays.fill(seen, false);
            int distinct = 0;
            for (int i = 0; i < k; i++) for (int l : paths.path(node -> rnd.nextDouble())) if (!seen[l]) { seen[l] = true; distinct++; }
            if (distinct == lp.size()) all++;
        }
        assertThat(exact).isCloseTo((double) all / trials, within(0.01));
    }
}
