package org.sonde.testgen;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/** Greedy weighted minimum set cover, the ln(n)-approximation ATPG uses for compression. */
public final class SetCover {
    private SetCover() {}

    /**
     * Indexes of sets chosen greedily: each time the set whose uncovered elements weigh most, the
     * earlier set on ties, until every element some set holds is covered. Lazy evaluation: a set's
     * gain only shrinks, so a stale gain on top of the queue is recomputed before it is trusted.
     *
     * @param sets   element indexes per set
     * @param weight positive weight per element
     */
    public static List<Integer> greedy(List<int[]> sets, double[] weight) {
        boolean[] covered = new boolean[weight.length];
        record Gain(double gain, int set) {}
        PriorityQueue<Gain> queue = new PriorityQueue<>((a, b) -> a.gain != b.gain ? Double.compare(b.gain, a.gain) : Integer.compare(a.set, b.set));
        for (int i = 0; i < sets.size(); i++) {
            double g = gain(sets.get(i), weight, covered);
            if (g > 0) queue.add(new Gain(g, i));
        }
        List<Integer> chosen = new ArrayList<>();
        while (!queue.isEmpty()) {
            Gain top = queue.poll();
            double g = gain(sets.get(top.set), weight, covered);
            if (g <= 0) continue;
            if (g < top.gain) {
                queue.add(new Gain(g, top.set));
                continue;
            }
            chosen.add(top.set);
            for (int e : sets.get(top.set)) covered[e] = true;
        }
        return chosen;
    }

    private static double gain(int[] set, double[] weight, boolean[] covered) {
        double g = 0;
        for (int e : set) if (!covered[e]) g += weight[e];
        return g;
    }
}
