package org.sonde.probe.cover;

/**
 * How many random 5-tuples cover n equal-cost next hops (dissertation §3.3.3, Problem 3): each
 * tuple lands on one of n next hops uniformly and independently, and the question is the
 * probability that k tuples reach all of them.
 *
 * <p>The dissertation's inclusion-exclusion sum, Σ (−1)^(i+1) C(n,i) (1 − i/n)^k, cancels
 * catastrophically in doubles once n passes about 30. The same probability is computed here as
 * the distribution of the number of distinct next hops seen after each tuple (a Markov chain with
 * n + 1 states), which only adds positive terms.
 */
public final class CouponCollector {
    /** Where the search for k stops: far beyond any plan (n ln n + n ln(1/(1-C)) for n = 10^4 is ~10^5). */
    public static final int MAX_TUPLES = 50_000_000;

    private CouponCollector() {}

    /** The probability that {@code k} uniform draws over {@code n} next hops see every one. */
    public static double probability(int n, int k) {
        requireHops(n);
        if (k < 0) throw new IllegalArgumentException("the number of tuples cannot be negative, got " + k);
        if (k < n) return 0;
        double[] seen = new double[n + 1];
        seen[0] = 1;
        for (int draw = 1; draw <= k; draw++) step(seen, n, draw);
        return seen[n];
    }

    /** One more draw: with j seen, a new one with probability (n − j)/n. */
    private static void step(double[] seen, int n, int draw) {
        for (int j = Math.min(draw, n); j >= 1; j--) seen[j] = seen[j] * j / n + seen[j - 1] * (n - j + 1) / n;
        seen[0] = 0;
    }

    /** The smallest k whose probability of covering all {@code n} next hops is at least {@code confidence}, and that probability. */
    public static Cover smallest(int n, double confidence) {
        requireHops(n);
        if (!(confidence > 0 && confidence < 1)) throw new IllegalArgumentException("the confidence must be above 0 and below 1, got " + confidence);
        if (n == 1) return new Cover(1, 1, 1);
        double[] seen = new double[n + 1];
        seen[0] = 1;
        for (int k = 1; k <= MAX_TUPLES; k++) {
            step(seen, n, k);
            if (seen[n] >= confidence) return new Cover(n, k, seen[n]);
        }
        throw new IllegalArgumentException("no k up to " + MAX_TUPLES + " reaches confidence " + confidence + " for " + n + " next hops");
    }

    /** The expected number of tuples to see all n: n·H(n). */
    public static double expected(int n) {
        requireHops(n);
        double h = 0;
        for (int i = 1; i <= n; i++) h += 1.0 / i;
        return n * h;
    }

    private static void requireHops(int n) {
        if (n < 1 || n > 1_000_000) throw new IllegalArgumentException("the number of next hops must be from 1 to 1,000,000, got " + n);
    }

    /**
     * @param nextHops    n
     * @param tuples      k
     * @param probability the probability that k tuples cover all n
     */
    public record Cover(int nextHops, int tuples, double probability) {
        /** k / n, the dissertation's "inflation factor". */
        public double inflation() {
            return (double) tuples / nextHops;
        }

        /** {@code sonde probe cover}'s JSON: {"nextHops", "confidence", "tuples", "probability", "inflation", "expectedTuples"}. */
        public java.util.Map<String, Object> toMap(double confidence) {
            java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
            m.put("nextHops", nextHops);
            m.put("confidence", confidence);
            m.put("tuples", tuples);
            m.put("probability", probability);
            m.put("inflation", Math.round(inflation() * 1000) / 1000.0);
            m.put("expectedTuples", Math.round(expected(nextHops) * 1000) / 1000.0);
            return m;
        }
    }
}
