package org.sonde.atpg;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;

/**
 * Greedy weighted minimum set cover, the ln(n)-approximation ATPG uses for compression, over
 * sets read one at a time through a {@link Family}: held flat, or worked out when asked for from
 * where they already are (ATPG's candidates' histories), which tens of millions of candidate
 * packets may have no room to hold a second time.
 */
final class SetCover {
    /**
     * The sets, numbered from 0: each set's elements (element indexes, distinct) are read through a
     * cursor, one per thread.
     */
    interface Family {
        int size();

        Cursor cursor();

        /** Set i is {@code elements[start[i] .. start[i+1])}. */
        static Family flat(int[] start, int[] elements) {
            return new Flat(start) {
                @Override
                int element(int i) {
                    return elements[i];
                }
            };
        }

        /** As {@link #flat(int[], int[])}, in half the memory: every element index is below 65,536. */
        static Family flat(int[] start, char[] elements) {
            return new Flat(start) {
                @Override
                int element(int i) {
                    return elements[i];
                }
            };
        }
    }

    /** Set i is elements {@code start[i] .. start[i+1]} of an array the subclass reads. */
    private abstract static class Flat implements Family {
        private final int[] start;

        Flat(int[] start) {
            this.start = start;
        }

        abstract int element(int i);

        @Override
        public int size() {
            return start.length - 1;
        }

        @Override
        public Cursor cursor() {
            return new Cursor() {
                private int from;

                @Override
                public int at(int set) {
                    from = start[set];
                    return start[set + 1] - from;
                }

                @Override
                public int element(int k) {
                    return Flat.this.element(from + k);
                }
            };
        }
    }

    /** Reads one set at a time; not shared between threads. */
    interface Cursor {
        /** Moves to {@code set}; how many elements it has. */
        int at(int set);

        /** The {@code k}-th element of the set moved to. */
        int element(int k);
    }

    private final Family family;
    private final double[] weight;
    /** Per set its rank, and the sets in rank order; both null when a set's rank is its number. */
    private final int[] rank;
    private final int[] byRank;
    /** The largest element weight the list queue takes (it keeps a list per possible gain). */
    private static final double MAX_LISTED_WEIGHT = 1024;
    /** Sets whose first gains are worked out together, on every core, before they are queued. */
    private static final int BLOCK = 1 << 20;
    /** Sets one task of a block works out. */
    private static final int CHUNK = 1 << 14;

    /**
     * @param family the sets
     * @param weight weight per element; an element of weight 0 counts for nothing
     * @param rank   per set, its place among equally good sets (lower first); distinct values
     */
    SetCover(Family family, double[] weight, int[] rank) {
        this.family = family;
        this.weight = weight;
        this.rank = rank;
        this.byRank = new int[rank.length];
        for (int set = 0; set < rank.length; set++) byRank[rank[set]] = set;
    }

    /**
     * A cover whose sets rank by their numbers: no rank arrays, which with tens of millions of
     * candidate packets would take hundreds of megabytes.
     */
    SetCover(Family family, double[] weight) {
        this.family = family;
        this.weight = weight;
        this.rank = null;
        this.byRank = null;
    }

    /** Flat sets: set i is {@code elements[start[i] .. start[i+1])}. */
    SetCover(int[] start, int[] elements, double[] weight, int[] rank) {
        this(Family.flat(start, elements), weight, rank);
    }

    SetCover(int[] start, int[] elements, double[] weight) {
        this(Family.flat(start, elements), weight);
    }

    private int rank(int set) {
        return rank == null ? set : rank[set];
    }

    private int sets() {
        return family.size();
    }

    /** The {@code i}-th set to consider: {@code sets}' or, with {@code sets} null, every set's in rank order. */
    private int set(int[] sets, int i) {
        return sets != null ? sets[i] : byRank != null ? byRank[i] : i;
    }

    /**
     * Sets chosen greedily, in the order chosen: each time a set whose uncovered elements weigh
     * most, until no set adds weight; on ties the lower-ranked set (with whole-number weights:
     * the lower-ranked among the sets that had that gain from the start, then those whose gain
     * dropped to it, in the order it dropped). {@code covered} is updated as sets are chosen; sets
     * in {@code excluded} are never chosen. Lazy evaluation: a set's gain only shrinks, so a stale
     * gain is recomputed before it is trusted.
     */
    public int[] greedy(boolean[] covered, BitSet excluded) {
        return choose(covered, excluded, null);
    }

    /** As {@link #greedy(boolean[], BitSet)}, choosing only among {@code among} (set numbers, any order). */
    public int[] greedy(boolean[] covered, BitSet excluded, int[] among) {
        // Rank order, so the queues file sets as the whole-problem greedy would. Sets ranked by
        // number come in order from the selection's rounds: read as they are, not copied.
        if (rank == null) {
            boolean ascending = true;
            for (int i = 1; i < among.length && ascending; i++) ascending = among[i - 1] < among[i];
            if (ascending) return choose(covered, excluded, among);
        }
        int[] sets = among.clone();
        long[] keyed = new long[sets.length];
        for (int i = 0; i < sets.length; i++) keyed[i] = ((long) rank(sets[i]) << 32) | sets[i];
        Arrays.sort(keyed);
        for (int i = 0; i < sets.length; i++) sets[i] = (int) keyed[i];
        return choose(covered, excluded, sets);
    }

    /** The greedy over {@code sets} in rank order (null: every set). */
    private int[] choose(boolean[] covered, BitSet excluded, int[] sets) {
        // Lists per gain suit small whole-number weights (1 by default); others take the heap.
        for (double w : weight) if (w != Math.rint(w) || w > MAX_LISTED_WEIGHT) return heapGreedy(covered, excluded, sets);
        return bucketGreedy(covered, excluded, sets);
    }

    /**
     * The lazy greedy with whole-number gains (every weight a whole number, as by default): one
     * first-in first-out list per gain, highest gain first, sets filed in rank order; a set whose
     * gain has dropped is filed again at the end of its new gain's list. Gains only drop, so the
     * lists above the current one stay empty. Constant work per filing, where a heap of millions of
     * candidates pays a logarithm per stale gain.
     */
    private int[] bucketGreedy(boolean[] covered, BitSet excluded, int[] sets) {
        List<IntArrayList> lists = new ArrayList<>();
        firstGains(covered, excluded, sets, (set, gain) -> {
            int g = (int) gain;
            while (lists.size() <= g) lists.add(new IntArrayList());
            lists.get(g).add(set);
        });
        Reading reading = new Reading();
        int open = openElements(covered);
        int[] next = new int[lists.size()];
        IntArrayList chosen = new IntArrayList();
        for (int g = lists.size() - 1; g > 0 && open > 0; ) {
            IntArrayList list = lists.get(g);
            if (next[g] == list.size()) {
                g--;
                continue;
            }
            int set = list.getInt(next[g]++);
            int now = (int) reading.gain(set, covered);
            if (now == g) {
                chosen.add(set);
                open -= reading.cover(set, covered);
            } else if (now > 0) {
                lists.get(now).add(set);
            }
        }
        return chosen.toIntArray();
    }

    /** Elements that can still add weight. */
    private int openElements(boolean[] covered) {
        int open = 0;
        for (int e = 0; e < covered.length; e++) if (!covered[e] && weight[e] > 0) open++;
        return open;
    }

    /** The lazy greedy over a heap, for fractional weights. */
    private int[] heapGreedy(boolean[] covered, BitSet excluded, int[] sets) {
        Heap heap = new Heap(sets == null ? sets() : sets.length, this::rank);
        firstGains(covered, excluded, sets, heap::add);
        heap.heapify();
        Reading reading = new Reading();
        // Once no element can add weight, the rest of the heap is dead.
        int open = openElements(covered);
        IntArrayList chosen = new IntArrayList();
        while (!heap.isEmpty() && open > 0) {
            int top = heap.topSet();
            double g = reading.gain(top, covered);
            if (g <= 0) {
                heap.pop();
            } else if (g < heap.topGain()) {
                heap.lowerTop(g);
            } else {
                chosen.add(top);
                open -= reading.cover(top, covered);
                heap.pop();
            }
        }
        return chosen.toIntArray();
    }

    /** Receives a set and its gain. */
    @FunctionalInterface
    private interface GainSink {
        void accept(int set, double gain);
    }

    /**
     * Gives {@code sink}, in rank order, every set of {@code sets} (null: every set) not excluded
     * whose gain is positive, with that gain: worked out a block at a time on every core (reading
     * a set may be a walk through memory), then handed over in order.
     */
    private void firstGains(boolean[] covered, BitSet excluded, int[] sets, GainSink sink) {
        int n = sets == null ? sets() : sets.length;
        double[] gains = new double[Math.min(n, BLOCK)];
        for (int from = 0; from < n; from += BLOCK) {
            int to = Math.min(n, from + BLOCK), base = from;
            IntStream.range(0, (to - from + CHUNK - 1) / CHUNK).parallel().forEach(k -> {
                Reading reading = new Reading();
                for (int i = base + k * CHUNK, end = Math.min(to, base + (k + 1) * CHUNK); i < end; i++) {
                    int set = set(sets, i);
                    gains[i - base] = excluded.get(set) ? 0 : reading.gain(set, covered);
                }
            });
            for (int i = from; i < to; i++) if (gains[i - from] > 0) sink.accept(set(sets, i), gains[i - from]);
        }
    }

    /** A thread's reading of sets. */
    private final class Reading {
        private final Cursor cursor = family.cursor();

        double gain(int set, boolean[] covered) {
            double g = 0;
            for (int k = 0, n = cursor.at(set); k < n; k++) {
                int e = cursor.element(k);
                if (!covered[e]) g += weight[e];
            }
            return g;
        }

        /** Marks the set's elements covered; how many of them could still add weight. */
        int cover(int set, boolean[] covered) {
            int closed = 0;
            for (int k = 0, n = cursor.at(set); k < n; k++) {
                int e = cursor.element(k);
                if (!covered[e] && weight[e] > 0) closed++;
                covered[e] = true;
            }
            return closed;
        }
    }

    /** A binary max-heap of (gain, set) in primitive arrays; ties go to the lower rank. */
    private static final class Heap {
        private final int[] set;
        private final double[] gain;
        private final IntUnaryOperator rank;
        private int size;

        Heap(int capacity, IntUnaryOperator rank) {
            set = new int[capacity];
            gain = new double[capacity];
            this.rank = rank;
        }

        void add(int s, double g) {
            set[size] = s;
            gain[size++] = g;
        }

        void heapify() {
            for (int i = size / 2 - 1; i >= 0; i--) siftDown(i);
        }

        boolean isEmpty() {
            return size == 0;
        }

        int topSet() {
            return set[0];
        }

        double topGain() {
            return gain[0];
        }

        void pop() {
            size--;
            set[0] = set[size];
            gain[0] = gain[size];
            siftDown(0);
        }

        void lowerTop(double g) {
            gain[0] = g;
            siftDown(0);
        }

        private boolean above(int a, int b) {
            return gain[a] > gain[b] || (gain[a] == gain[b] && rank.applyAsInt(set[a]) < rank.applyAsInt(set[b]));
        }

        private void siftDown(int i) {
            while (true) {
                int l = 2 * i + 1, r = l + 1, best = i;
                if (l < size && above(l, best)) best = l;
                if (r < size && above(r, best)) best = r;
                if (best == i) return;
                int ts = set[i];
                double tg = gain[i];
                set[i] = set[best];
                gain[i] = gain[best];
                set[best] = ts;
                gain[best] = tg;
                i = best;
            }
        }
    }
}
