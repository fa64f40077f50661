package org.sonde.sim.stats;

import java.util.Arrays;

/** A time series sampled during a run: times in ns and one value per time, in growable primitive arrays. */
public final class Series {
    private final String name;
    private final String unit;
    private long[] times = new long[64];
    private double[] values = new double[64];
    private int size;

    public Series(String name, String unit) {
        this.name = name;
        this.unit = unit;
    }

    public String name() {
        return name;
    }

    public String unit() {
        return unit;
    }

    public void add(long timeNanos, double value) {
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        times[size] = timeNanos;
        values[size++] = value;
    }

    public int size() {
        return size;
    }

    public long[] times() {
        return Arrays.copyOf(times, size);
    }

    public double[] values() {
        return Arrays.copyOf(values, size);
    }

    public double max() {
        double m = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < size; i++) m = Math.max(m, values[i]);
        return size == 0 ? 0 : m;
    }
}
