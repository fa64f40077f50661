package org.sonde.dataplane.reach;

import java.util.Arrays;

/**
 * A ternary cube over the algebra's BDD variables: bit v of {@code care} says variable v is
 * fixed, to bit v of {@code value}. Reachability carries one along each path as a cheap
 * over-approximation of the path's header space, so finding candidate rules needs no BDD work.
 * Immutable; its hash is computed once, as cubes are map keys met millions of times.
 */
final class Cube {
    private final long[] care;
    private final long[] value;
    private final int hash;

    Cube(long[] care, long[] value) {
        this.care = care;
        this.value = value;
        this.hash = 31 * Arrays.hashCode(care) + Arrays.hashCode(value);
    }

    long[] care() {
        return care;
    }

    long[] value() {
        return value;
    }

    static Cube any(int vars) {
        return new Cube(new long[(vars + 63) / 64], new long[(vars + 63) / 64]);
    }

    static Cube of(boolean[] care, boolean[] value) {
        long[] c = new long[(care.length + 63) / 64], x = new long[c.length];
        for (int v = 0; v < care.length; v++) {
            if (care[v]) c[v >> 6] |= 1L << v;
            if (care[v] && value[v]) x[v >> 6] |= 1L << v;
        }
        return new Cube(c, x);
    }

    boolean cares(int v) {
        return (care[v >> 6] & (1L << v)) != 0;
    }

    boolean bit(int v) {
        return (value[v >> 6] & (1L << v)) != 0;
    }

    /** Whether some header is in both: no variable both fix differently. */
    boolean overlaps(Cube other) {
        for (int i = 0; i < care.length; i++) if ((care[i] & other.care[i] & (value[i] ^ other.value[i])) != 0) return false;
        return true;
    }

    /** Whether every header of this cube is in {@code other}: each variable it fixes, this fixes alike. */
    boolean within(Cube other) {
        for (int i = 0; i < care.length; i++)
            if ((other.care[i] & ~care[i]) != 0 || (other.care[i] & (value[i] ^ other.value[i])) != 0) return false;
        return true;
    }

    /** How many variables this cube fixes. */
    int fixed() {
        int n = 0;
        for (long c : care) n += Long.bitCount(c);
        return n;
    }

    /** The cube of headers in both (assumed to overlap, as a matched rule's cube does). */
    Cube and(Cube other) {
        long[] c = care.clone(), x = value.clone();
        for (int i = 0; i < c.length; i++) {
            c[i] |= other.care[i];
            x[i] |= other.value[i];
        }
        return new Cube(c, x);
    }

    /** The cube after setting the variables fixed in {@code written} to its values. */
    Cube rewrite(Cube written) {
        long[] c = care.clone(), x = value.clone();
        for (int i = 0; i < c.length; i++) {
            c[i] |= written.care[i];
            x[i] = (x[i] & ~written.care[i]) | written.value[i];
        }
        return new Cube(c, x);
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Cube c && hash == c.hash && Arrays.equals(care, c.care) && Arrays.equals(value, c.value);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
