package org.sonde.search.mfs;

/** An inclusive range of a discretised feature. */
public record Range(long lo, long hi) {
    public Range {
        if (lo > hi) throw new IllegalArgumentException("empty range " + lo + ".." + hi);
    }

    public boolean contains(long v) {
        return v >= lo && v <= hi;
    }
}
