package org.sonde.search.space;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Every point the space makes satisfies its constraints, and a mutation changes one dimension. */
class SearchSpacePropertiesTest {
    private final SearchSpace space = new SearchSpace();

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 300)
    void randomPointsSatisfyTheConstraints(@ForAll("seeds") long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        for (int i = 0; i < 20; i++) {
            Point p = space.random(rng);
            assertThat(space.violations(p)).as("%s", p).isEmpty();
        }
    }

    @Property(tries = 300)
    void mutationWalksStayInsideAndChangeOneDimension(@ForAll("seeds") long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        Point p = space.random(rng);
        for (int step = 0; step < 60; step++) {
            Move move = rng.nextBoolean() ? Move.NEIGHBOUR : Move.JUMP;
            Mutation m = space.mutate(p, rng, move);
            Point n = m.point();
            assertThat(space.violations(n)).as("after %s %s of traffic %d from %s", move, m.dimension(), m.traffic(), p).isEmpty();
            assertThat(n).isNotEqualTo(p);
            if (m.dimension() == Dimension.MODE) {
                assertThat(n.mode()).isNotEqualTo(p.mode());
                // traffic 0 survives a change of mode
                assertThat(n.traffic(0)).isEqualTo(p.traffic(0));
            } else {
                // the chosen dimension took a new value, and the mode and other traffic did not move
                assertThat(SearchSpace.value(n, m.traffic(), m.dimension(), m.element()))
                        .isNotEqualTo(SearchSpace.value(p, m.traffic(), m.dimension(), m.element()));
                assertThat(n.mode()).isEqualTo(p.mode());
                for (int i = 0; i < p.traffics().size(); i++) if (i != m.traffic()) assertThat(n.traffic(i)).isEqualTo(p.traffic(i));
                if (move == Move.NEIGHBOUR && !SearchSpace.categorical(m.dimension()) && m.dimension() != Dimension.REQUEST_COUNT) {
                    Grid g = SearchSpace.domain(m.dimension());
                    int before = g.indexOf(SearchSpace.value(p, m.traffic(), m.dimension(), m.element()));
                    int after = g.indexOf(SearchSpace.value(n, m.traffic(), m.dimension(), m.element()));
                    assertThat(Math.abs(after - before)).as("a neighbour move of %s", m.dimension()).isEqualTo(1);
                }
            }
            p = n;
        }
    }

    @Property(tries = 200)
    void settingAnyDimensionToAnyValueKeepsTheConstraints(@ForAll("seeds") long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        Point p = space.random(rng);
        for (int k = 0; k < 30; k++) {
            Dimension d = Dimension.values()[rng.nextInt(Dimension.values().length)];
            int i = rng.nextInt(p.traffics().size());
            int element = rng.nextInt(p.traffic(i).requests().size());
            int v = SearchSpace.domain(d).uniform(rng);
            Point n = space.set(p, i, d, element, v);
            assertThat(space.violations(n)).as("set %s=%d on %s", d, v, p).isEmpty();
            p = n;
        }
    }

    @Property(tries = 100)
    void theSpaceReachesThePapersScale(@ForAll("seeds") long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int maxQps = 0;
        long maxMrs = 0;
        for (int k = 0; k < 400; k++) {
            Point p = space.random(rng);
            maxQps = Math.max(maxQps, p.totalQps());
            maxMrs = Math.max(maxMrs, p.totalMrs());
        }
        assertThat(maxQps).isGreaterThanOrEqualTo(5000);
        assertThat(maxMrs).isGreaterThanOrEqualTo(100_000);
    }
}
