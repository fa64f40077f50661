package org.sonde.atpg;

import static org.assertj.core.api.Assertions.assertThat;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Candidates keep histories as a prefix tree: whatever order paths come in, each candidate gives
 * back exactly the history, source, exit and example it was found with, in canonical order.
 */
class CandidatesTest {
    /** A node of the walk's tree: its element and the step before it (null at a first step). */
    private record Step(int element, Step parent) {}

    private record Path(int source, int destination, long[] example, int[] history, Step last) {}

    /**
     * Paths of a depth-first search over a random tree of steps (later paths share beginnings
     * with earlier ones), some with repeated steps, spread over two workers by source; with {@code
     * wideElements} some element numbers need more than two bytes, so the tree widens part way.
     */
    @Property(tries = 300)
    void everyCandidateGivesBackItsPath(@ForAll @IntRange(min = 0, max = 1_000_000) int seed, @ForAll @IntRange(min = 1, max = 6) int sources,
                                        @ForAll boolean wideElements) {
        Random random = new Random(seed);
        List<Integer> sourceOrder = new ArrayList<>();
        for (int s = 0; s < sources; s++) sourceOrder.add(100 + s);
        Collections.shuffle(sourceOrder, random);
        List<Candidates.Collector> collectors = List.of(new Candidates.Collector(d -> d % 5 != 0), new Candidates.Collector(d -> d % 5 != 0));
        List<List<Path>> bySource = new ArrayList<>();
        List<Map<Step, Integer>> told = List.of(new IdentityHashMap<>(), new IdentityHashMap<>());
        for (int s = 0; s < sources; s++) {
            List<Path> found = new ArrayList<>();
            walk(random, 100 + s, new int[0], null, found, 0, wideElements ? 20_000 : 1);
            bySource.add(found);
            int w = random.nextInt(2);
            // As the search does: each step of a wanted path told once, before the first path through it.
            for (Path p : found)
                if (collectors.get(w).wants(p.destination())) collectors.get(w).path(p.source(), p.destination(), p.example(), tell(p.last(), collectors.get(w), told.get(w)));
        }
        Candidates candidates = Candidates.merge(collectors, sourceOrder);
        List<Path> expected = new ArrayList<>();
        for (int source : sourceOrder)
            for (Path p : bySource.get(source - 100)) if (p.destination() % 5 != 0) expected.add(p);
        assertThat(candidates.size()).isEqualTo(expected.size());
        BitSet elements = new BitSet();
        for (int c = 0; c < expected.size(); c++) {
            Path p = expected.get(c);
            assertThat(candidates.source(c)).isEqualTo(p.source());
            assertThat(candidates.destination(c)).isEqualTo(p.destination());
            assertThat(candidates.history(c)).containsExactly(p.history());
            assertThat(candidates.example(c)).containsExactly(p.example());
            for (int e : p.history()) elements.set(e);
        }
        assertThat(candidates.elements()).isEqualTo(elements);
    }

    /** A column gives back every value it was given, through its widening when one needs four bytes. */
    @Property(tries = 200)
    void aColumnGivesBackItsValues(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3000) int size, @ForAll @IntRange(min = 0, max = 20) int widePercent) {
        Random random = new Random(seed);
        Candidates.Column column = new Candidates.Column();
        int[] given = new int[size];
        for (int i = 0; i < size; i++) {
            given[i] = random.nextInt(100) < widePercent ? random.nextInt() : random.nextInt(Character.MAX_VALUE + 1);
            column.add(given[i]);
            if (random.nextInt(500) == 0) column.trim();
        }
        assertThat(column.size()).isEqualTo(size);
        for (int i = 0; i < size; i++) assertThat(column.get(i)).isEqualTo(given[i]);
    }

    /**
     * A history tree gives back each node's history, before and after it widens, with parents past
     * two bytes (node numbers above 65,535) and elements either side of it.
     */
    @Property(tries = 50)
    void aHistoryTreeGivesBackItsHistories(@ForAll long seed, @ForAll @IntRange(min = 1, max = 200_000) int nodes, @ForAll boolean widens) {
        Random random = new Random(seed);
        Candidates.HistoryTree tree = new Candidates.HistoryTree();
        int[] element = new int[nodes], parent = new int[nodes];
        int widenAt = widens ? random.nextInt(nodes) : nodes;
        for (int n = 0; n < nodes; n++) {
            element[n] = n == widenAt ? Character.MAX_VALUE + 1 + random.nextInt(1 << 20) : random.nextInt(Character.MAX_VALUE + 1);
            // Mostly the node before, as a depth-first search tells them; else any earlier one or none.
            parent[n] = n == 0 || random.nextInt(4) == 0 ? -1 : random.nextInt(3) > 0 ? n - 1 : random.nextInt(n);
            tree.add(element[n], parent[n]);
        }
        tree.trim();
        assertThat(tree.size()).isEqualTo(nodes);
        IntArrayList got = new IntArrayList(), expected = new IntArrayList();
        for (int probe = 0; probe < 300; probe++) {
            int n = probe == 0 ? nodes - 1 : random.nextInt(nodes);
            got.clear();
            expected.clear();
            tree.appendBackwards(n, got);
            for (int k = n; k >= 0; k = parent[k]) expected.add(element[k]);
            assertThat(got.toIntArray()).containsExactly(expected.toIntArray());
            assertThat(tree.element(n)).isEqualTo(element[n]);
        }
    }

    /** The cover's tie-breaking order: every candidate once, in runs of consecutive ones, the same for the same seed. */
    @Property(tries = 300)
    void theShuffledOrderIsRunsOfConsecutiveCandidates(@ForAll @IntRange(min = 0, max = 400) int size, @ForAll long seed) {
        Candidates.Order order = Candidates.Order.shuffled(size, seed), again = Candidates.Order.shuffled(size, seed);
        int[] got = new int[size];
        for (int p = 0; p < size; p++) {
            got[p] = order.candidate(p);
            assertThat(again.candidate(p)).isEqualTo(got[p]);
        }
        int[] sorted = got.clone();
        Arrays.sort(sorted);
        for (int c = 0; c < size; c++) assertThat(sorted[c]).as("a permutation").isEqualTo(c);
        for (int p = 0; p < size; ) {
            assertThat(got[p] % Candidates.RUN).as("a run starts at a multiple of the run length").isZero();
            int length = Math.min(Candidates.RUN, size - got[p]);
            for (int k = 1; k < length; k++) assertThat(got[p + k]).isEqualTo(got[p] + k);
            p += length;
        }
        if (size > 4 * Candidates.RUN) {
            boolean differs = false;
            Candidates.Order other = Candidates.Order.shuffled(size, seed + 1);
            for (int p = 0; p < size && !differs; p++) differs = other.candidate(p) != got[p];
            assertThat(differs).as("another seed, another order").isTrue();
        }
    }

    /** The worker's number of {@code step}, telling it the steps it has not heard of, first to last. */
    private static int tell(Step step, Candidates.Collector worker, Map<Step, Integer> told) {
        if (step == null) return -1;
        Integer known = told.get(step);
        if (known != null) return known;
        int parent = tell(step.parent(), worker, told);
        worker.step(step.element(), parent);
        told.put(step, told.size());
        return told.size() - 1;
    }

    private static void walk(Random random, int source, int[] history, Step last, List<Path> out, int depth, int elementSpacing) {
        if (depth > 0 && random.nextInt(3) > 0) {
            // A broadcast: one history to a few exits, one after the other.
            long[] example = {random.nextInt(4), depth};
            // Port ids are any ints; the candidates code them.
            for (int copies = 1 + random.nextInt(3); copies > 0; copies--) out.add(new Path(source, 7919 * random.nextInt(20), example, history, last));
        }
        if (depth == 6) return;
        int branches = random.nextInt(depth == 0 ? 4 : 3);
        for (int b = 0; b < branches; b++) {
            int[] next = Arrays.copyOf(history, history.length + 1);
            // Few distinct steps, so siblings and cousins repeat elements.
            next[history.length] = random.nextInt(6) * elementSpacing;
            walk(random, source, next, new Step(next[history.length], last), out, depth + 1, elementSpacing);
        }
    }
}
