package org.sonde.atpg;

import it.unimi.dsi.fastutil.chars.CharArrayList;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
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
 * Every path reachability delivers to a test exit, held column-wise: exit, history (rule and link
 * numbers of {@link org.sonde.dataplane.reach.ElementIds}) and one example header per distinct
 * delivered space. Histories are kept as the prefix tree the search tells ({@link
 * PathListener#step}): the paths of one source are found depth first and share their beginnings,
 * so each path costs its new steps, not its whole history
 * (the raw Stanford backbone with all terminals: 76.6 million candidate paths, 141 million nodes).
 * Internet2's 12.8 million paths take a few hundred megabytes this way, so the cover can choose
 * among all of them as ATPG does.
 *
 * <p>Candidates are numbered in a canonical order, independent of how many workers found them:
 * by source in the order given, then in the search order of that source's paths.
 */
final class Candidates {
    /**
     * Ints, two bytes each while every one is in 0..65535, else four: a column holds a value per
     * candidate, tens of millions of them. Widens once, by a copy.
     */
    static final class Column {
        private CharArrayList narrow = new CharArrayList();
        private IntArrayList wide;

        void add(int value) {
            if (narrow != null && (value < 0 || value > Character.MAX_VALUE)) widen();
            if (narrow != null) narrow.add((char) value);
            else wide.add(value);
        }

        int get(int i) {
            return narrow != null ? narrow.getChar(i) : wide.getInt(i);
        }

        int size() {
            return narrow != null ? narrow.size() : wide.size();
        }

        private void widen() {
            wide = new IntArrayList((int) Math.min(Integer.MAX_VALUE - 16, Math.max(16, 3L * narrow.size() / 2)));
            for (int i = 0, n = narrow.size(); i < n; i++) wide.add(narrow.getChar(i));
            narrow = null;
        }

        void trim() {
            if (narrow != null) narrow.trim();
            else wide.trim();
        }
    }

    /**
     * The paths' histories as the prefix tree the search tells: node n is a step (its rule or
     * link) and the node before it (-1 at a first step), side by side, so a step of a walk up a
     * history reads one place in memory. While every element number fits in two bytes a node takes
     * three chars (element, then the parent's high and low halves: 6 bytes; the raw Stanford
     * backbone's tree has 141 million nodes), else two ints; it widens once, by a copy.
     */
    static final class HistoryTree {
        private CharArrayList narrow = new CharArrayList();
        private IntArrayList wide;

        void add(int element, int parent) {
            // Wide too when three more chars would pass an array's largest size (715 million nodes).
            if (narrow != null && (element < 0 || element > Character.MAX_VALUE || narrow.size() > Integer.MAX_VALUE - 16)) widen();
            if (narrow != null) {
                narrow.add((char) element);
                narrow.add((char) (parent >>> 16));
                narrow.add((char) parent);
            } else {
                wide.add(element);
                wide.add(parent);
            }
        }

        int size() {
            return narrow != null ? narrow.size() / 3 : wide.size() / 2;
        }

        int element(int node) {
            return narrow != null ? narrow.getChar(3 * node) : wide.getInt(2 * node);
        }

        /** Appends the elements from {@code node} up to the history's first step. */
        void appendBackwards(int node, IntArrayList into) {
            if (narrow != null) {
                char[] tree = narrow.elements();
                for (int n = node; n >= 0; n = tree[3 * n + 1] << 16 | tree[3 * n + 2]) into.add(tree[3 * n]);
            } else {
                int[] tree = wide.elements();
                for (int n = node; n >= 0; n = tree[2 * n + 1]) into.add(tree[2 * n]);
            }
        }

        private void widen() {
            int nodes = size();
            wide = new IntArrayList((int) Math.min(Integer.MAX_VALUE - 16, Math.max(16, 3L * nodes)));
            char[] tree = narrow.elements();
            for (int n = 0; n < nodes; n++) {
                wide.add(tree[3 * n]);
                wide.add(tree[3 * n + 1] << 16 | tree[3 * n + 2]);
            }
            narrow = null;
        }

        void trim() {
            if (narrow != null) narrow.trim();
            else wide.trim();
        }
    }

    /** The paths one worker found, in its search order. */
    private static final class Store {
        /** Per path, its destination's code: the destinations are few, their port ids any int. */
        final Column destinationCodes = new Column();
        final IntArrayList destinationOfCode = new IntArrayList();
        /** Per path, the tree node of its last step (-1: an empty history). */
        final IntArrayList last = new IntArrayList();
        final HistoryTree tree = new HistoryTree();
        final IntArrayList exampleOf = new IntArrayList();
        final List<long[]> examples = new ArrayList<>();

        /** Gives back the columns' room to grow, one at a time: the paths are all found. */
        void trim() {
            destinationCodes.trim();
            last.trim();
            tree.trim();
            exampleOf.trim();
        }

        int destination(int path) {
            return destinationOfCode.getInt(destinationCodes.get(path));
        }

        /** Appends the path's rules and links in order, by element number, to {@code into}. */
        void history(int path, IntArrayList into) {
            int from = into.size();
            historyBackwards(path, into);
            // Read from the last step back: put first first.
            int[] a = into.elements();
            for (int i = from, j = into.size() - 1; i < j; i++, j--) {
                int t = a[i];
                a[i] = a[j];
                a[j] = t;
            }
        }

        /** Appends the path's rules and links from its last step back to its first. */
        void historyBackwards(int path, IntArrayList into) {
            tree.appendBackwards(last.getInt(path), into);
        }

        /** The path's last rule or link (-1: an empty history). */
        int lastStep(int path) {
            int n = last.getInt(path);
            return n < 0 ? -1 : tree.element(n);
        }
    }

    /**
     * The candidates in canonical order as runs of one source's paths in one store: run r is
     * candidates runStart[r] .. runStart[r + 1], paths runLocal[r] .. of store runStore[r].
     */
    private final Store[] stores;
    private final int[] runStart;
    private final int[] runStore;
    private final int[] runLocal;
    private final int[] runSource;

    private Candidates(Store[] stores, int[] runStart, int[] runStore, int[] runLocal, int[] runSource) {
        this.stores = stores;
        this.runStart = runStart;
        this.runStore = runStore;
        this.runLocal = runLocal;
        this.runSource = runSource;
    }

    int size() {
        return runStart[runStart.length - 1];
    }

    /** The run holding candidate {@code c}. */
    private int run(int c) {
        int r = Arrays.binarySearch(runStart, 0, runStart.length - 1, c);
        if (r >= 0) {
            // Runs are never empty, so a run starting at c is the one.
            return r;
        }
        return -r - 2;
    }

    private Store store(int r) {
        return stores[runStore[r]];
    }

    private int local(int r, int c) {
        return runLocal[r] + c - runStart[r];
    }

    int source(int c) {
        return runSource[run(c)];
    }

    int destination(int c) {
        int r = run(c);
        return store(r).destination(local(r, c));
    }

    /** The path's rules and links in order, by element number (a new array). */
    int[] history(int c) {
        int r = run(c);
        IntArrayList out = new IntArrayList();
        store(r).history(local(r, c), out);
        return out.toIntArray();
    }

    /**
     * Reads candidates near one another, as in the runs of {@link #shuffledOrder}, finding each
     * one's run from the last one's instead of searching all runs, and its history into the
     * caller's list instead of a new array. One per thread.
     */
    final class Reader {
        private int run;

        private int runOf(int c) {
            if (c < runStart[run] || c >= runStart[run + 1]) run = run(c);
            return run;
        }

        int destination(int c) {
            int r = runOf(c);
            return store(r).destination(local(r, c));
        }

        /** Appends the path's rules and links, by element number, from its last step back to its first. */
        void historyBackwards(int c, IntArrayList into) {
            int r = runOf(c);
            store(r).historyBackwards(local(r, c), into);
        }

        /** The path's last rule or link (-1: an empty history). */
        int lastStep(int c) {
            int r = runOf(c);
            return store(r).lastStep(local(r, c));
        }
    }

    /** How many steps the history trees hold, all paths together. */
    long historyNodes() {
        long n = 0;
        for (Store s : stores) n += s.tree.size();
        return n;
    }

    /** Every element number on some path: every node of the history trees is on one. */
    BitSet elements() {
        BitSet out = new BitSet();
        for (Store s : stores) {
            for (int n = 0, nodes = s.tree.size(); n < nodes; n++) out.set(s.tree.element(n));
        }
        return out;
    }

    /** A header the path delivers, as it arrives (after rewrites); shared, do not modify. */
    long[] example(int c) {
        int r = run(c);
        Store s = store(r);
        return s.examples.get(s.exampleOf.getInt(local(r, c)));
    }

    /**
     * A listener per worker, keeping the paths whose destination {@code keep} accepts; {@link
     * #merge} puts their stores together. Paths delivering the same smallest header (sources of
     * one device deliver the same spaces over and over) share its array.
     */
    static final class Collector implements PathListener {
        private static final int RECENT_EXAMPLES = 1 << 16;
        private final IntPredicate keep;
        private final Store store = new Store();
        private final Object2IntOpenCustomHashMap<long[]> exampleIndex = new Object2IntOpenCustomHashMap<>(LongArrays.HASH_STRATEGY);
        /**
         * Recently met arrays and their indexes, by identity, in slots chosen by identity hash: a
         * search hands over one array per delivered flow, again for each of its paths, and this
         * spares hashing its values each time. A fixed number of slots holds on to no array for long.
         */
        private final long[][] recentExamples = new long[RECENT_EXAMPLES][];
        private final int[] recentIndexes = new int[RECENT_EXAMPLES];
        /** Source to the [start, end) range of its paths in this store. */
        private final Map<Integer, int[]> ranges = new HashMap<>();
        private final Int2IntOpenHashMap destinationCodes = new Int2IntOpenHashMap();
        private int lastSource;
        private int[] lastRange;

        Collector(IntPredicate keep) {
            this.keep = keep;
            exampleIndex.defaultReturnValue(-1);
            destinationCodes.defaultReturnValue(-1);
        }

        @Override
        public boolean wants(int destination) {
            return keep.test(destination);
        }

        @Override
        public void step(int element, int parent) {
            store.tree.add(element, parent);
        }

        @Override
        public void path(int source, int destination, long[] example, int last) {
            if (!wants(destination)) return;
            int slot = System.identityHashCode(example) & (RECENT_EXAMPLES - 1), index;
            if (recentExamples[slot] == example) {
                index = recentIndexes[slot];
            } else {
                index = exampleIndex.getInt(example);
                if (index < 0) {
                    index = store.examples.size();
                    store.examples.add(example);
                    exampleIndex.put(example, index);
                }
                recentExamples[slot] = example;
                recentIndexes[slot] = index;
            }
            int c = store.last.size();
            // A worker delivers one source's paths in a row: its range is looked up once per source.
            if (lastRange == null || lastSource != source) {
                lastSource = source;
                lastRange = ranges.computeIfAbsent(source, s -> new int[] {c, c});
            }
            if (lastRange[1] != c) throw new IllegalStateException("paths of source " + source + " are not contiguous");
            lastRange[1] = c + 1;
            int code = destinationCodes.get(destination);
            if (code < 0) {
                code = store.destinationOfCode.size();
                store.destinationOfCode.add(destination);
                destinationCodes.put(destination, code);
            }
            store.destinationCodes.add(code);
            store.last.add(last);
            store.exampleOf.add(index);
        }
    }

    /** The collectors' paths in canonical order: by source as listed in {@code sourceOrder}. */
    static Candidates merge(List<Collector> collectors, List<Integer> sourceOrder) {
        Store[] stores = new Store[collectors.size()];
        for (int w = 0; w < collectors.size(); w++) {
            stores[w] = collectors.get(w).store;
            stores[w].trim();
        }
        IntArrayList start = new IntArrayList(), store = new IntArrayList(), local = new IntArrayList(), source = new IntArrayList();
        int n = 0;
        for (int s : sourceOrder) {
            for (int w = 0; w < collectors.size(); w++) {
                int[] range = collectors.get(w).ranges.remove(s);
                if (range == null || range[0] == range[1]) continue;
                start.add(n);
                store.add(w);
                local.add(range[0]);
                source.add(s);
                n = Math.addExact(n, range[1] - range[0]);
            }
        }
        start.add(n);
        return new Candidates(stores, start.toIntArray(), store.toIntArray(), local.toIntArray(), source.toIntArray());
    }

    /** Candidates that stay together in {@link #shuffledOrder}. */
    static final int RUN = 32;

    /**
     * A seeded order of the candidate numbers, which decides ties in the cover: runs of {@link
     * #RUN} consecutive candidates, shuffled, each in order. Whole runs keep the reading of the
     * paths' memory in order, where shuffling single candidates costs a cache miss each.
     */
    Order shuffledOrder(long seed) {
        return Order.shuffled(size(), seed);
    }

    /**
     * Runs of {@link #RUN} consecutive candidates in a seeded order, held as the runs' order (an
     * int per run, not per candidate: the raw Stanford backbone has 76.6 million candidates).
     */
    static final class Order {
        private final int[] runs;
        private final int size;
        /** Where the last run, when shorter than the others, stands among them, and its length. */
        private final int shortSlot;
        private final int shortLength;

        private Order(int[] runs, int size, int shortSlot, int shortLength) {
            this.runs = runs;
            this.size = size;
            this.shortSlot = shortSlot;
            this.shortLength = shortLength;
        }

        static Order shuffled(int size, long seed) {
            int count = (size + RUN - 1) / RUN;
            int[] runs = new int[count];
            for (int i = 0; i < count; i++) runs[i] = i;
            Random random = new Random(seed);
            for (int i = count - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = runs[i];
                runs[i] = runs[j];
                runs[j] = t;
            }
            int shortLength = size - (count - 1) * RUN, shortSlot = count;
            if (count > 0 && shortLength < RUN) for (int i = 0; i < count; i++) if (runs[i] == count - 1) shortSlot = i;
            return new Order(runs, size, shortSlot, shortLength);
        }

        int size() {
            return size;
        }

        /** The candidate at {@code position}. */
        int candidate(int position) {
            int beforeShort = shortSlot * RUN;
            if (position >= beforeShort) {
                if (position - beforeShort < shortLength) return (runs.length - 1) * RUN + position - beforeShort;
                // Past the short run: the positions the full runs would have.
                position += RUN - shortLength;
            }
            return runs[position / RUN] * RUN + position % RUN;
        }
    }
}
