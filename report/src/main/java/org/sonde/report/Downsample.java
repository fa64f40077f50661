package org.sonde.report;

import java.util.Arrays;

/**
 * Thins a long series for drawing while keeping its shape: the points are cut into buckets of
 * consecutive indices and each bucket keeps only its extremes (the points with the smallest and
 * largest x and y). Spikes therefore survive, and the global minimum and maximum of both
 * coordinates are always kept.
 */
final class Downsample {
    private Downsample() {}

    /**
     * Indices of the points to keep, ascending, at most {@code maxPoints} (at least 4) of them;
     * all indices when the series is short enough.
     */
    public static int[] extremes(double[] xs, double[] ys, int maxPoints) {
        if (xs.length != ys.length) throw new IllegalArgumentException("xs and ys differ in length: " + xs.length + " vs " + ys.length);
        if (maxPoints < 4) throw new IllegalArgumentException("maxPoints must be at least 4, got " + maxPoints);
        int n = xs.length;
        if (n <= maxPoints) {
            int[] all = new int[n];
            Arrays.setAll(all, i -> i);
            return all;
        }
        int buckets = maxPoints / 4;
        int[] kept = new int[buckets * 4];
        int count = 0;
        for (int b = 0; b < buckets; b++) {
            int from = (int) ((long) n * b / buckets);
            int to = (int) ((long) n * (b + 1) / buckets);
            int minX = from, maxX = from, minY = from, maxY = from;
            for (int i = from + 1; i < to; i++) {
                if (xs[i] < xs[minX]) minX = i;
                if (xs[i] > xs[maxX]) maxX = i;
                if (ys[i] < ys[minY]) minY = i;
                if (ys[i] > ys[maxY]) maxY = i;
            }
            int[] four = {minX, maxX, minY, maxY};
            Arrays.sort(four);
            for (int k = 0; k < 4; k++) {
                if (k == 0 || four[k] != four[k - 1]) kept[count++] = four[k];
            }
        }
        return Arrays.copyOf(kept, count);
    }
}
