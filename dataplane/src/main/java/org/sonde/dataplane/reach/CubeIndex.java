package org.sonde.dataplane.reach;

import java.util.BitSet;
import org.sonde.dataplane.hsa.HeaderSpace;

/**
 * A ternary trie over BDD variables that finds, for a header space, the rules whose match cube
 * may overlap it, without testing every rule of a large table: a forwarding table is a trie of
 * prefixes, so a narrow space walks one branch. Entries are stored where their last constrained
 * variable is; a query intersects the space with one literal per trie edge.
 */
final class CubeIndex {
    private static final class Node {
        Node zero, one, any;
        int[] entries = new int[0];
    }

    private final Node root = new Node();
    /** {@code literal[v][b]}: the headers whose variable v is b. */
    private final HeaderSpace[][] literal;

    CubeIndex(HeaderSpace[][] literal) {
        this.literal = literal;
    }

    /** Adds entry {@code id} whose cube fixes variable v to {@code value[v]} where {@code care[v]}. */
    void add(int id, boolean[] care, boolean[] value) {
        int last = care.length - 1;
        while (last >= 0 && !care[last]) last--;
        Node n = root;
        for (int v = 0; v <= last; v++) {
            if (!care[v]) n = n.any == null ? (n.any = new Node()) : n.any;
            else if (value[v]) n = n.one == null ? (n.one = new Node()) : n.one;
            else n = n.zero == null ? (n.zero = new Node()) : n.zero;
        }
        n.entries = java.util.Arrays.copyOf(n.entries, n.entries.length + 1);
        n.entries[n.entries.length - 1] = id;
    }

    /** The entries whose cube overlaps {@code space} (a superset when cubes are all they have). */
    BitSet overlapping(HeaderSpace space) {
        BitSet out = new BitSet();
        walk(root, 0, space, out);
        return out;
    }

    private void walk(Node n, int v, HeaderSpace space, BitSet out) {
        if (space.isEmpty()) return;
        for (int e : n.entries) out.set(e);
        if (n.any != null) walk(n.any, v + 1, space, out);
        if (n.zero != null) walk(n.zero, v + 1, space.intersect(literal[v][0]), out);
        if (n.one != null) walk(n.one, v + 1, space.intersect(literal[v][1]), out);
    }
}
