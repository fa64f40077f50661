package org.sonde.atpg;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrays;
import it.unimi.dsi.fastutil.objects.Object2IntOpenCustomHashMap;
import java.util.ArrayList;
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
    /** The paths one worker found, in its search order. */
    private static final class Store {
        final IntArrayList sources = new IntArrayList();
        final IntArrayList destinations = new IntArrayList();
        final IntArrayList historyStart = new IntArrayList(new int[] {0});
        final IntArrayList histories = new IntArrayList();
        final IntArrayList exampleOf = new IntArrayList();
        final List<long[]> examples = new ArrayList<>();
    }

    /** Per candidate number, the store holding it and its place there: the stores are not copied. */
    private final Store[] stores;
    private final byte[] storeOf;
    private final int[] local;

    private Candidates(Store[] stores, byte[] storeOf, int[] local) {
        this.stores = stores;
        this.storeOf = storeOf;
        this.local = local;
    }

    int size() {
        return local.length;
    }

    private Store store(int c) {
        return stores[storeOf[c]];
    }

    int source(int c) {
        return store(c).sources.getInt(local[c]);
    }

    int destination(int c) {
        return store(c).destinations.getInt(local[c]);
    }

    /** How many rules and links the path has. */
    int historyLength(int c) {
        Store s = store(c);
        return s.historyStart.getInt(local[c] + 1) - s.historyStart.getInt(local[c]);
    }

    /** The i-th element of the path's history. */
    int historyElement(int c, int i) {
        Store s = store(c);
        return s.histories.getInt(s.historyStart.getInt(local[c]) + i);
    }

    /** Every element number on some path. */
    BitSet elements() {
        BitSet out = new BitSet();
        for (Store s : stores) {
            int[] all = s.histories.elements();
            for (int i = 0, n = s.histories.size(); i < n; i++) out.set(all[i]);
        }
        return out;
    }

    /** A header the path delivers, as it arrives (after rewrites); shared, do not modify. */
    long[] example(int c) {
        Store s = store(c);
        return s.examples.get(s.exampleOf.getInt(local[c]));
    }

    /**
     * A listener per worker, keeping the paths whose destination {@code keep} accepts; {@link
     * #merge} puts their stores together. Paths delivering the same smallest header (sources of
     * one device deliver the same spaces over and over) share its array.
     */
    static final class Collector implements PathListener {
        private final IntPredicate keep;
        private final Store store = new Store();
        private final Object2IntOpenCustomHashMap<long[]> exampleIndex = new Object2IntOpenCustomHashMap<>(LongArrays.HASH_STRATEGY);
        /** Source to the [start, end) range of its paths in this store. */
        private final Map<Integer, int[]> ranges = new HashMap<>();
        private int lastSource;
        private int[] lastRange;

        Collector(IntPredicate keep) {
            this.keep = keep;
            exampleIndex.defaultReturnValue(-1);
        }

        @Override
        public boolean wants(int destination) {
            return keep.test(destination);
        }

        @Override
        public void path(int source, int destination, long[] example, int[] history) {
            if (!wants(destination)) return;
            int index = exampleIndex.getInt(example);
            if (index < 0) {
                index = store.examples.size();
                store.examples.add(example);
                exampleIndex.put(example, index);
            }
            int c = store.sources.size();
            // A worker delivers one source's paths in a row: its range is looked up once per source.
            if (lastRange == null || lastSource != source) {
                lastSource = source;
                lastRange = ranges.computeIfAbsent(source, s -> new int[] {c, c});
            }
            if (lastRange[1] != c) throw new IllegalStateException("paths of source " + source + " are not contiguous");
            lastRange[1] = c + 1;
            store.sources.add(source);
            store.destinations.add(destination);
            store.histories.addElements(store.histories.size(), history);
            store.historyStart.add(store.histories.size());
            store.exampleOf.add(index);
        }
    }

    /** The collectors' paths in canonical order: by source as listed in {@code sourceOrder}. */
    static Candidates merge(List<Collector> collectors, List<Integer> sourceOrder) {
        if (collectors.size() > Byte.MAX_VALUE) throw new IllegalArgumentException(collectors.size() + " collectors, at most 127");
        int paths = 0;
        for (Collector c : collectors) paths += c.store.sources.size();
        Store[] stores = new Store[collectors.size()];
        byte[] storeOf = new byte[paths];
        int[] local = new int[paths];
        int n = 0;
        for (int w = 0; w < collectors.size(); w++) stores[w] = collectors.get(w).store;
        for (int source : sourceOrder) {
            for (int w = 0; w < collectors.size(); w++) {
                int[] range = collectors.get(w).ranges.remove(source);
                if (range == null) continue;
                for (int c = range[0]; c < range[1]; c++, n++) {
                    storeOf[n] = (byte) w;
                    local[n] = c;
                }
            }
        }
        return new Candidates(stores, storeOf, local);
    }

    /** Candidates that stay together in {@link #shuffledOrder}. */
    static final int RUN = 32;

    /**
     * A seeded order of the candidate numbers, which decides ties in the cover: runs of {@link
     * #RUN} consecutive candidates, shuffled, each in order. Whole runs keep the reading of the
     * paths' memory in order, where shuffling single candidates costs a cache miss each.
     */
    int[] shuffledOrder(long seed) {
        int n = size(), runs = (n + RUN - 1) / RUN;
        int[] run = new int[runs];
        for (int i = 0; i < runs; i++) run[i] = i;
        Random random = new Random(seed);
        for (int i = runs - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = run[i];
            run[i] = run[j];
            run[j] = t;
        }
        int[] order = new int[n];
        int k = 0;
        for (int r : run) for (int c = r * RUN; c < Math.min(n, (r + 1) * RUN); c++) order[k++] = c;
        return order;
    }
}
