package org.sonde.inject.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Algorithm 1's pool Γ of scored configs ({@code G}: the fuzzer's genome, a RoCE test's or a TCP test's events). A config scoring at least the pool's median always joins
 * (lines 9–10), one scoring below joins with probability p (line 12), so the pool keeps some
 * diversity instead of converging on the first good region.
 */
public final class Pool<G> {
    public record Member<G>(G genome, double score) {}

    private final List<Member<G>> members = new ArrayList<>();
    private final double acceptProbability;

    public Pool(double acceptProbability) {
        if (!(acceptProbability >= 0 && acceptProbability <= 1)) throw new IllegalArgumentException("p must be 0..1, got " + acceptProbability);
        this.acceptProbability = acceptProbability;
    }

    /** Initial members join unconditionally (line 2). */
    public void seed(G genome, double score) {
        members.add(new Member<>(genome, score));
    }

    /**
     * Lines 9–12: adds the config if its score is at least the median, otherwise with probability p,
     * drawn from {@code random} (so a seeded search decides the same way every time). Returns whether
     * it joined.
     */
    public boolean offer(G genome, double score, RandomGenerator random) {
        boolean join = members.isEmpty() || score >= median() || random.nextDouble() < acceptProbability;
        if (join) members.add(new Member<>(genome, score));
        return join;
    }

    /** Line 4: a member chosen uniformly. */
    public Member<G> pick(RandomGenerator random) {
        if (members.isEmpty()) throw new IllegalStateException("the pool is empty");
        return members.get(random.nextInt(members.size()));
    }

    /** The median score (the mean of the middle two for an even size). */
    public double median() {
        if (members.isEmpty()) throw new IllegalStateException("the pool is empty");
        double[] s = members.stream().mapToDouble(Member::score).toArray();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    public int size() {
        return members.size();
    }

    List<Member<G>> members() {
        return List.copyOf(members);
    }
}
