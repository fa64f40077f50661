package org.sonde.inject.fuzz;

import java.util.random.RandomGenerator;

/** An inclusive range of whole numbers a search-space field may take. */
record IntRange(int min, int max) {
    public IntRange {
        if (min > max) throw new IllegalArgumentException("range " + min + ".." + max + " is empty");
    }

    public int pick(RandomGenerator random) {
        return random.nextInt(min, max + 1);
    }

    public int clamp(int value) {
        return Math.max(min, Math.min(max, value));
    }
}
