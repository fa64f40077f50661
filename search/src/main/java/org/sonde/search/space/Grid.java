package org.sonde.search.space;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/** The sorted values a discretised dimension takes, with the moves on them. */
public record Grid(int[] values) {
    public Grid {
        values = values.clone();
        for (int i = 1; i < values.length; i++) {
            if (values[i] <= values[i - 1]) throw new IllegalArgumentException("grid values must increase: " + Arrays.toString(values));
        }
        if (values.length == 0) throw new IllegalArgumentException("empty grid");
    }

    public static Grid of(int... values) {
        return new Grid(values);
    }

    /** Powers of two from {@code lo} to {@code hi}. */
    static Grid powersOfTwo(int lo, int hi) {
        int n = 0;
        for (long v = lo; v <= hi; v *= 2) n++;
        int[] a = new int[n];
        long v = lo;
        for (int i = 0; i < n; i++, v *= 2) a[i] = (int) v;
        return new Grid(a);
    }

    public int min() {
        return values[0];
    }

    public int max() {
        return values[values.length - 1];
    }

    public int size() {
        return values.length;
    }

    public int get(int i) {
        return values[i];
    }

    public boolean contains(int v) {
        return Arrays.binarySearch(values, v) >= 0;
    }

    public int indexOf(int v) {
        int i = Arrays.binarySearch(values, v);
        if (i < 0) throw new IllegalArgumentException(v + " is not on the grid " + Arrays.toString(values));
        return i;
    }

    /** The largest value at most {@code v}, or the minimum. */
    public int floor(long v) {
        int r = values[0];
        for (int x : values) if (x <= v) r = x;
        return r;
    }

    /** The smallest value at least {@code v}, or the maximum. */
    public int ceil(long v) {
        for (int x : values) if (x >= v) return x;
        return max();
    }

    public int uniform(RandomGenerator rng) {
        return values[rng.nextInt(values.length)];
    }

    /** A uniform value within [lo, hi] (on the grid); the value nearest below {@code hi} when none. */
    public int uniform(RandomGenerator rng, long lo, long hi) {
        return within(lo, hi).uniform(rng);
    }

    /** The values within [lo, hi], or the one nearest to them when none is. */
    public Grid within(long lo, long hi) {
        int a = 0;
        while (a < values.length && values[a] < lo) a++;
        int b = values.length - 1;
        while (b >= 0 && values[b] > hi) b--;
        if (b < a) return new Grid(new int[] {floor(hi)});
        return new Grid(Arrays.copyOfRange(values, a, b + 1));
    }

    /** A neighbour of {@code v} one step up or down (the only one at the ends). */
    public int neighbour(int v, RandomGenerator rng) {
        int i = indexOf(v);
        if (values.length == 1) return v;
        if (i == 0) return values[1];
        if (i == values.length - 1) return values[i - 1];
        return values[rng.nextBoolean() ? i + 1 : i - 1];
    }

    /** A uniform value other than {@code v}. */
    int jump(int v, RandomGenerator rng) {
        if (values.length == 1) return v;
        int i = indexOf(v);
        int j = rng.nextInt(values.length - 1);
        return values[j >= i ? j + 1 : j];
    }
}
