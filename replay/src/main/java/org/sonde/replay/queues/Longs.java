package org.sonde.replay.queues;

import java.util.Arrays;

/** A growable array of longs (queue series and differences run to millions; boxing them would double the heap). */
final class Longs {
    private long[] values = new long[16];
    private int size;

    void add(long v) {
        if (size == values.length) values = Arrays.copyOf(values, size * 2);
        values[size++] = v;
    }

    int size() {
        return size;
    }

    long get(int i) {
        return values[i];
    }

    long[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
