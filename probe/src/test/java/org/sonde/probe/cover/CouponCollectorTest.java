package org.sonde.probe.cover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class CouponCollectorTest {
    @Test
    void dissertationFiguresForSixteenNextHops() {
        // §3.3.3 reads off Fig. 3.5: 75 tuples (inflation 4.7) cover 16 next hops with 90 %, about
        // 110 (6.9) with 99 %. Exactly, 75 tuples reach 87.9 % and 110 reach 98.7 %: the smallest k
        // for 90 % is 79 (4.9) and for 99 % 115 (7.2), both within 5 of the figures read off the plot.
        CouponCollector.Cover ninety = CouponCollector.smallest(16, 0.90);
        assertThat(ninety.tuples()).isEqualTo(firstReaching(16, 0.90)).isBetween(75, 80);
        assertThat(ninety.probability()).isGreaterThanOrEqualTo(0.90);
        assertThat(CouponCollector.probability(16, 75)).isCloseTo(0.879, within(0.001));
        CouponCollector.Cover ninetyNine = CouponCollector.smallest(16, 0.99);
        assertThat(ninetyNine.tuples()).isEqualTo(firstReaching(16, 0.99)).isBetween(110, 115);
        assertThat(CouponCollector.probability(16, 110)).isCloseTo(0.987, within(0.001));
        assertThat(ninetyNine.inflation()).isCloseTo(6.9, within(0.35));
    }

    private static int firstReaching(int n, double c) {
        int k = n;
        while (inclusionExclusion(n, k) < c) k++;
        return k;
    }

    /**
     * The dissertation's inclusion-exclusion formula in exact decimal arithmetic. As printed,
     * Σ (−1)^(i+1) C(n,i) (1 − i/n)^k is the probability that some next hop is missed, Pr(T > k);
     * Pr(T ≤ k) is one minus it.
     */
    private static double inclusionExclusion(int n, int k) {
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal nn = BigDecimal.valueOf(n);
        for (int i = 1; i <= n; i++) {
            BigInteger choose = BigInteger.ONE;
            for (int j = 0; j < i; j++) choose = choose.multiply(BigInteger.valueOf(n - j)).divide(BigInteger.valueOf(j + 1));
            BigDecimal term = new BigDecimal(choose).multiply(BigDecimal.valueOf(n - i).divide(nn, MathContext.DECIMAL128).pow(k, MathContext.DECIMAL128));
            sum = i % 2 == 1 ? sum.add(term) : sum.subtract(term);
        }
        return BigDecimal.ONE.subtract(sum).doubleValue();
    }

    @Property(tries = 60)
    void equalsTheInclusionExclusionSum(@ForAll @IntRange(min = 1, max = 40) int n, @ForAll @IntRange(min = 0, max = 300) int k) {
        assertThat(CouponCollector.probability(n, k)).isCloseTo(k < n ? 0 : inclusionExclusion(n, k), within(1e-12));
    }

    @Property(tries = 25)
    void equalsMonteCarloWithinOnePercent(@ForAll @IntRange(min = 2, max = 24) int n, @ForAll @IntRange(min = 1, max = 4) int inflation,
                                          @ForAll long seed) {
        int k = n * inflation;
        SplittableRandom rnd = new SplittableRandom(seed);
        int trials = 40_000;
        int all = 0;
        boolean[] seen = new boolean[n];
        for (int t = 0; t < trials; t++) {
            java.util.Arrays.fill(seen, false);
            int distinct = 0;
            for (int i = 0; i < k; i++) {
                int h = rnd.nextInt(n);
                if (!seen[h]) { seen[h] = true; distinct++; }
            }
            if (distinct == n) all++;
        }
        assertThat(CouponCollector.probability(n, k)).isCloseTo((double) all / trials, within(0.01));
    }

    @Property(tries = 40)
    void smallestIsTheFirstKToReachTheConfidence(@ForAll @IntRange(min = 1, max = 200) int n, @ForAll @IntRange(min = 1, max = 999) int permille) {
        double c = permille / 1000.0;
        CouponCollector.Cover cover = CouponCollector.smallest(n, c);
        assertThat(cover.probability()).isGreaterThanOrEqualTo(c).isEqualTo(CouponCollector.probability(n, cover.tuples()));
        if (cover.tuples() > 1) assertThat(CouponCollector.probability(n, cover.tuples() - 1)).isLessThan(c);
    }

    @Test
    void largeNIsStable() {
        // 1,000 next hops: the alternating sum is useless in doubles here; the chain stays in [0, 1] and rises with k
        double p1 = CouponCollector.probability(1000, 7000);
        double p2 = CouponCollector.probability(1000, 9000);
        assertThat(p1).isBetween(0.0, 1.0);
        assertThat(p2).isGreaterThan(p1).isLessThanOrEqualTo(1.0);
        // the limit law: P(T <= n ln n + c n) -> exp(-exp(-c)); c = 2 gives 0.873
        double c = 2;
        int k = (int) Math.round(1000 * Math.log(1000) + c * 1000);
        assertThat(CouponCollector.probability(1000, k)).isCloseTo(Math.exp(-Math.exp(-c)), within(0.01));
    }

    @Test
    void rejectsNonsense() {
        assertThatThrownBy(() -> CouponCollector.smallest(0, 0.9)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("next hops");
        assertThatThrownBy(() -> CouponCollector.smallest(16, 1.0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("confidence");
        assertThat(CouponCollector.expected(16)).isCloseTo(54.09, within(0.01));
    }
}
