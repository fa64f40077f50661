package org.sonde.atpg;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Candidates keep histories as a prefix tree: whatever order paths come in, each candidate gives
 * back exactly the history, source, exit and example it was found with, in canonical order.
 */
class CandidatesTest {
    private record Path(int source, int destination, long[] example, int[] history) {}

    /**
     * Paths of a depth-first search over a random tree of steps (later paths share beginnings
     * with earlier ones), some with repeated steps, spread over two workers by source.
     */
    @Property(tries = 200)
    void everyCandidateGivesBackItsPath(@ForAll @IntRange(min = 0, max = 1_000_000) int seed, @ForAll @IntRange(min = 1, max = 6) int sources) {
        Random random = new Random(seed);
        List<Integer> sourceOrder = new ArrayList<>();
        for (int s = 0; s < sources; s++) sourceOrder.add(100 + s);
        Collections.shuffle(sourceOrder, random);
        List<Candidates.Collector> collectors = List.of(new Candidates.Collector(d -> d % 5 != 0), new Candidates.Collector(d -> d % 5 != 0));
        List<List<Path>> bySource = new ArrayList<>();
        for (int s = 0; s < sources; s++) {
            List<Path> found = new ArrayList<>();
            walk(random, 100 + s, new int[0], found, 0);
            bySource.add(found);
            Candidates.Collector worker = collectors.get(random.nextInt(2));
            for (Path p : found) worker.path(p.source(), p.destination(), p.example(), p.history().clone());
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

    private static void walk(Random random, int source, int[] history, List<Path> out, int depth) {
        if (depth > 0 && random.nextInt(3) > 0) {
            // A broadcast: one history to a few exits, one after the other.
            long[] example = {random.nextInt(4), depth};
            for (int copies = 1 + random.nextInt(3); copies > 0; copies--) out.add(new Path(source, random.nextInt(20), example, history));
        }
        if (depth == 6) return;
        int branches = random.nextInt(depth == 0 ? 4 : 3);
        for (int b = 0; b < branches; b++) {
            int[] next = Arrays.copyOf(history, history.length + 1);
            // Few distinct steps, so siblings and cousins repeat elements.
            next[history.length] = random.nextInt(6);
            walk(random, source, next, out, depth + 1);
        }
    }
}
