package org.sonde.testgen;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrays;
import it.unimi.dsi.fastutil.objects.Object2IntOpenCustomHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntPredicate;
import org.sonde.dataplane.reach.PathListener;

/**
 * Every path reachability delivers to a test exit, held column-wise: ingress, exit, history
 * (rule and link numbers of {@link org.sonde.dataplane.reach.ElementIds}) and one example
 * header per distinct delivered space. Internet2's 12.8 million paths take a few hundred
 * megabytes this way, so the cover can choose among all of them as ATPG does.
 *
 * <p>Candidates are numbered in a canonical order, independent of how many workers found them:
 * by source in the order given, then in the search order of that source's paths.
 */
final class Candidates {
    private final IntArrayList sources = new IntArrayList();
    private final IntArrayList destinations = new IntArrayList();
    private final IntArrayList historyStart = new IntArrayList(new int[] {0});
    private final IntArrayList histories = new IntArrayList();
    private final IntArrayList exampleOf = new IntArrayList();
    private final List<long[]> examples = new ArrayList<>();

    int size() {
        return sources.size();
    }

    int source(int c) {
        return sources.getInt(c);
    }

    int destination(int c) {
        return destinations.getInt(c);
    }

    /** The path's rules and links, by element number, in order. */
    int[] history(int c) {
        return Arrays.copyOfRange(histories.elements(), historyStart.getInt(c), historyStart.getInt(c + 1));
    }

    /** How many rules and links the path has. */
    int historyLength(int c) {
        return historyStart.getInt(c + 1) - historyStart.getInt(c);
    }

    /** The i-th element of the path's history. */
    int historyElement(int c, int i) {
        return histories.getInt(historyStart.getInt(c) + i);
    }

    /** Every element number on some path. */
    BitSet elements() {
        BitSet out = new BitSet();
        int[] all = histories.elements();
        for (int i = 0, n = histories.size(); i < n; i++) out.set(all[i]);
        return out;
    }

    /** A header the path delivers, as it arrives (after rewrites); shared, do not modify. */
    long[] example(int c) {
        return examples.get(exampleOf.getInt(c));
    }

    /**
     * A listener per worker, keeping the paths whose destination {@code keep} accepts; {@link
     * #merge} puts their stores together. Paths delivering the same smallest header (sources of
     * one device deliver the same spaces over and over) share its array.
     */
    static final class Collector implements PathListener {
        private final IntPredicate keep;
        private final Candidates store = new Candidates();
        private final Object2IntOpenCustomHashMap<long[]> exampleIndex = new Object2IntOpenCustomHashMap<>(LongArrays.HASH_STRATEGY);
        /** Source to the [start, end) range of its paths in this store. */
        private final Map<Integer, int[]> ranges = new HashMap<>();

        Collector(IntPredicate keep) {
            this.keep = keep;
            exampleIndex.defaultReturnValue(-1);
        }

        @Override
        public void path(int source, int destination, long[] example, int[] history) {
            if (!keep.test(destination)) return;
            int index = exampleIndex.getInt(example);
            if (index < 0) {
                index = store.examples.size();
                store.examples.add(example);
                exampleIndex.put(example, index);
            }
            int c = store.size();
            int[] range = ranges.computeIfAbsent(source, s -> new int[] {c, c});
            if (range[1] != c) throw new IllegalStateException("paths of source " + source + " are not contiguous");
            range[1] = c + 1;
            store.sources.add(source);
            store.destinations.add(destination);
            store.histories.addElements(store.histories.size(), history);
            store.historyStart.add(store.histories.size());
            store.exampleOf.add(index);
        }
    }

    /** The collectors' paths in canonical order: by source as listed in {@code sourceOrder}. */
    static Candidates merge(List<Collector> collectors, List<Integer> sourceOrder) {
        Candidates out = new Candidates();
        int paths = 0, steps = 0;
        for (Collector c : collectors) {
            paths += c.store.size();
            steps += c.store.histories.size();
        }
        out.sources.ensureCapacity(paths);
        out.destinations.ensureCapacity(paths);
        out.historyStart.ensureCapacity(paths + 1);
        out.exampleOf.ensureCapacity(paths);
        out.histories.ensureCapacity(steps);
        int[] exampleOffset = new int[collectors.size()];
        for (int w = 0; w < collectors.size(); w++) {
            exampleOffset[w] = out.examples.size();
            out.examples.addAll(collectors.get(w).store.examples);
        }
        for (int source : sourceOrder) {
            for (int w = 0; w < collectors.size(); w++) {
                Collector col = collectors.get(w);
                int[] range = col.ranges.remove(source);
                if (range == null) continue;
                Candidates in = col.store;
                for (int c = range[0]; c < range[1]; c++) {
                    out.sources.add(in.source(c));
                    out.destinations.add(in.destination(c));
                    out.histories.addElements(out.histories.size(), in.histories.elements(),
                            in.historyStart.getInt(c), in.historyLength(c));
                    out.historyStart.add(out.histories.size());
                    out.exampleOf.add(in.exampleOf.getInt(c) + exampleOffset[w]);
                }
            }
        }
        return out;
    }

    /** A seeded permutation of the candidate numbers: the seed decides ties in the cover. */
    int[] shuffledOrder(long seed) {
        int[] order = new int[size()];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Random random = new Random(seed);
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }
}
