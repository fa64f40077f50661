package org.sonde.atpg;

import static org.assertj.core.api.Assertions.assertThat;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The greedy cover on random instances, with whole-number weights (list queue) and fractional ones (heap). */
class SetCoverTest {
    private record Instance(int[] start, int[] elements, double[] weight, int[] rank) {}

    private static Instance random(Random r, boolean fractional) {
        int sets = 1 + r.nextInt(60), universe = 1 + r.nextInt(40);
        IntArrayList flat = new IntArrayList();
        int[] start = new int[sets + 1];
        for (int s = 0; s < sets; s++) {
            int size = r.nextInt(8);
            for (int k = 0; k < size; k++) {
                int e = r.nextInt(universe);
                if (!flat.subList(start[s], flat.size()).contains(e)) flat.add(e);
            }
            start[s + 1] = flat.size();
        }
        double[] weight = new double[universe];
        for (int e = 0; e < universe; e++) weight[e] = r.nextInt(5) == 0 ? 0 : fractional ? 0.5 + r.nextDouble() * 3 : 1 + r.nextInt(3);
        int[] rank = new int[sets];
        for (int s = 0; s < sets; s++) rank[s] = s;
        for (int s = sets - 1; s > 0; s--) {
            int j = r.nextInt(s + 1), t = rank[s];
            rank[s] = rank[j];
            rank[j] = t;
        }
        return new Instance(start, flat.toIntArray(), weight, rank);
    }

    @Test
    void coversEverythingCoverableGreedilyWithEitherQueue() {
        Random r = new Random(11);
        for (int round = 0; round < 2_000; round++) {
            boolean fractional = round % 2 == 1;
            Instance in = random(r, fractional);
            SetCover cover = new SetCover(in.start(), in.elements(), in.weight(), in.rank());
            boolean[] covered = new boolean[in.weight().length];
            int[] chosen = cover.greedy(covered, new BitSet());
            // Every element of positive weight that some set holds is covered.
            for (int e : in.elements()) if (in.weight()[e] > 0) assertThat(covered[e]).as("element %d", e).isTrue();
            // Each choice added weight, and no later choice added more than an earlier one could have.
            boolean[] replay = new boolean[covered.length];
            double previous = Double.MAX_VALUE;
            for (int set : chosen) {
                double gain = 0;
                for (int k = in.start()[set]; k < in.start()[set + 1]; k++) if (!replay[in.elements()[k]]) gain += in.weight()[in.elements()[k]];
                assertThat(gain).isPositive().isLessThanOrEqualTo(previous + 1e-9);
                // Greedy: no set had more to add at this point.
                for (int other = 0; other < in.rank().length; other++) {
                    double g = 0;
                    for (int k = in.start()[other]; k < in.start()[other + 1]; k++) if (!replay[in.elements()[k]]) g += in.weight()[in.elements()[k]];
                    assertThat(g).isLessThanOrEqualTo(gain + 1e-9);
                }
                for (int k = in.start()[set]; k < in.start()[set + 1]; k++) replay[in.elements()[k]] = true;
                previous = gain;
            }
            // Excluded sets are never chosen.
            BitSet excluded = new BitSet();
            excluded.set(0, in.rank().length / 2);
            for (int set : cover.greedy(new boolean[covered.length], excluded)) assertThat(excluded.get(set)).isFalse();
        }
    }

    @Test
    void setsNumberedInRankOrderChooseAsWithTheRankGiven() {
        Random r = new Random(12);
        for (int round = 0; round < 1_000; round++) {
            Instance in = random(r, round % 2 == 1);
            int sets = in.rank().length;
            int[] identity = new int[sets];
            for (int s = 0; s < sets; s++) identity[s] = s;
            SetCover ranked = new SetCover(in.start(), in.elements(), in.weight(), identity);
            SetCover numbered = new SetCover(in.start(), in.elements(), in.weight());
            BitSet excluded = new BitSet();
            for (int s = 0; s < sets; s++) if (r.nextInt(4) == 0) excluded.set(s);
            int[] among = r.ints(r.nextInt(sets + 1), 0, sets).distinct().toArray();
            assertThat(numbered.greedy(new boolean[in.weight().length], excluded))
                    .containsExactly(ranked.greedy(new boolean[in.weight().length], excluded));
            assertThat(numbered.greedy(new boolean[in.weight().length], excluded, among))
                    .containsExactly(ranked.greedy(new boolean[in.weight().length], excluded, among));
            // In ascending order, as the selection's rounds give them (read without sorting).
            int[] ascending = IntStream.of(among).sorted().toArray();
            assertThat(numbered.greedy(new boolean[in.weight().length], excluded, ascending))
                    .containsExactly(ranked.greedy(new boolean[in.weight().length], excluded, among));
        }
    }

    /** Sets held in two bytes an element read as those held in four: the same cover, round after round. */
    @Test
    void setsHeldInCharsChooseAsSetsHeldInInts() {
        Random r = new Random(13);
        for (int round = 0; round < 1_000; round++) {
            Instance in = random(r, round % 2 == 1);
            char[] chars = new char[in.elements().length];
            for (int k = 0; k < chars.length; k++) chars[k] = (char) in.elements()[k];
            SetCover wide = new SetCover(SetCover.Family.flat(in.start(), in.elements()), in.weight());
            SetCover narrow = new SetCover(SetCover.Family.flat(in.start(), chars), in.weight());
            boolean[] coveredWide = new boolean[in.weight().length], coveredNarrow = new boolean[in.weight().length];
            BitSet excluded = new BitSet();
            for (int s = 0; s < in.rank().length; s++) if (r.nextInt(4) == 0) excluded.set(s);
            assertThat(narrow.greedy(coveredNarrow, excluded)).containsExactly(wide.greedy(coveredWide, excluded));
            assertThat(coveredNarrow).isEqualTo(coveredWide);
        }
    }

    @Test
    void tiesGoToTheLowerRank() {
        // Two sets with the same single element: the lower rank wins, with either queue.
        int[] start = {0, 1, 2}, elements = {0, 0};
        for (double w : new double[] {1.0, 0.5}) {
            assertThat(new SetCover(start, elements, new double[] {w}, new int[] {1, 0}).greedy(new boolean[1], new BitSet())).containsExactly(1);
            assertThat(new SetCover(start, elements, new double[] {w}, new int[] {0, 1}).greedy(new boolean[1], new BitSet())).containsExactly(0);
        }
    }

    @Test
    void setsReadInBlocksOnEveryCoreAreQueuedInRankOrder() {
        // More sets than one block of first gains: one element each, so the greedy takes, per
        // element, its first set in rank order, in that order; a set's rank is its number.
        int sets = 2_500_000, universe = 1_000;
        Random r = new Random(13);
        int[] start = IntStream.rangeClosed(0, sets).toArray(), elements = new int[sets];
        for (int s = 0; s < sets; s++) elements[s] = r.nextInt(universe);
        double[] weight = new double[universe];
        Arrays.fill(weight, 1);
        BitSet excluded = new BitSet();
        for (int s = 0; s < sets; s += 3) excluded.set(s);
        IntArrayList expected = new IntArrayList();
        boolean[] seen = new boolean[universe];
        for (int s = 0; s < sets; s++) {
            if (excluded.get(s) || seen[elements[s]]) continue;
            seen[elements[s]] = true;
            expected.add(s);
        }
        for (double w : new double[] {1.0, 0.5}) {
            Arrays.fill(weight, w);
            assertThat(new SetCover(start, elements, weight).greedy(new boolean[universe], excluded)).containsExactly(expected.toIntArray());
        }
    }
}
