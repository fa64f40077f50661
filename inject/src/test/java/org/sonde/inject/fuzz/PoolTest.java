package org.sonde.inject.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PoolTest {
    static final Genome G = new Mutator(FuzzTarget.noisyNeighbour()).random(new SplittableRandom(1));

    static Pool<Genome> pool(double p, double... scores) {
        Pool<Genome> pool = new Pool<>(p);
        for (double s : scores) pool.seed(G, s);
        return pool;
    }

    @Test
    void medianOfOddAndEvenPools() {
        assertThat(pool(0, 5, 1, 3).median()).isEqualTo(3);
        assertThat(pool(0, 4, 1, 3, 2).median()).isEqualTo(2.5);
    }

    @Test
    void atOrAboveTheMedianAlwaysJoinsEvenWithPZero() {
        Pool<Genome> pool = pool(0, 1, 2, 3);
        assertThat(pool.offer(G, 2, new SplittableRandom(1))).isTrue();
        assertThat(pool.offer(G, 9, new SplittableRandom(1))).isTrue();
        assertThat(pool.size()).isEqualTo(5);
    }

    @Test
    void belowTheMedianNeverJoinsWithPZeroAndAlwaysWithPOne() {
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 100; i++) {
            assertThat(pool(0, 1, 2, 3).offer(G, 1.5, r)).isFalse();
            assertThat(pool(1, 1, 2, 3).offer(G, 1.5, r)).isTrue();
        }
    }

    @Test
    void belowTheMedianJoinsWithProbabilityP() {
        SplittableRandom r = new SplittableRandom(4);
        int joined = 0, n = 4000;
        for (int i = 0; i < n; i++) if (pool(0.25, 1, 2, 3).offer(G, 0, r)) joined++;
        assertThat((double) joined / n).isBetween(0.22, 0.28);
    }

    @Test
    void decisionsAreAFunctionOfTheSeed() {
        assertThat(decisions(7)).isEqualTo(decisions(7)).isNotEqualTo(decisions(8));
    }

    private static List<Boolean> decisions(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Boolean> d = new ArrayList<>();
        for (int i = 0; i < 64; i++) d.add(pool(0.5, 1, 2, 3).offer(G, 0, r));
        return d;
    }
}
