package org.sonde.dataplane.reach;

import java.util.BitSet;

/**
 * A ternary trie over BDD variables that finds, for a path, the rules whose match cube may
 * overlap the path's cube, without testing every rule of a large table: a forwarding table is a trie of
 * prefixes, so a narrow space walks one branch. Entries are stored where their last constrained
 * variable is; a query follows the edges a path's {@link Cube} allows, with bit tests only.
 */
final class CubeIndex {
    private static final class Node {
        Node zero, one, any;
        int[] entries = new int[0];
    }

    private final Node root = new Node();
    private final int vars;

    CubeIndex(int vars) {
        this.vars = vars;
    }

    /** Adds entry {@code id} with match cube {@code cube}. */
    void add(int id, Cube cube) {
        int last = vars - 1;
        while (last >= 0 && !cube.cares(last)) last--;
        Node n = root;
        for (int v = 0; v <= last; v++) {
            if (!cube.cares(v)) n = n.any == null ? (n.any = new Node()) : n.any;
            else if (cube.bit(v)) n = n.one == null ? (n.one = new Node()) : n.one;
            else n = n.zero == null ? (n.zero = new Node()) : n.zero;
        }
        n.entries = java.util.Arrays.copyOf(n.entries, n.entries.length + 1);
        n.entries[n.entries.length - 1] = id;
    }

    /** The entries whose cube overlaps {@code cube}. */
    BitSet overlapping(Cube cube) {
        BitSet out = new BitSet();
        walk(root, 0, cube, out);
        return out;
    }

    private static void walk(Node n, int v, Cube cube, BitSet out) {
        for (int e : n.entries) out.set(e);
        if (n.any != null) walk(n.any, v + 1, cube, out);
        boolean fixed = cube.cares(v);
        if (n.zero != null && !(fixed && cube.bit(v))) walk(n.zero, v + 1, cube, out);
        if (n.one != null && !(fixed && !cube.bit(v))) walk(n.one, v + 1, cube, out);
    }
}
