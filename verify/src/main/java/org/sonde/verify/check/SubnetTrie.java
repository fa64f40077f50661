package org.sonde.verify.check;

import java.io.Serial;
import java.io.Serializable;
import java.util.Arrays;
import org.sonde.packet.Ipv4Prefix;

/**
 * Libra's mapper index (§4.4.1): a binary trie of the subnets to verify, answering "which subnets
 * does this rule match", i.e. which subnets lie wholly inside the rule's prefix. The search walks
 * the rule's prefix bits down to the smallest trie node at or below the rule's prefix (node X of
 * Fig. 4.9); the matching subnets are X and all its descendants that hold a subnet.
 *
 * <p>The subnets are numbered in {@link Ipv4Prefix} order, which is the trie's pre-order (a node, then
 * its 0 subtree, then its 1 subtree), so the descendants of a node are one contiguous run of subnet
 * numbers: each node keeps its run, and a search returns it without walking the subtree.
 */
public final class SubnetTrie implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private final Ipv4Prefix[] subnets;
    private int[] children; // 2 per node, 0 = none (the root is node 0 and never a child)
    private int[] first;    // first subnet number in the node's subtree
    private int[] end;      // one past the last
    private int nodes;

    /** The subnets must be ascending in {@link Ipv4Prefix} order, without duplicates. */
    public SubnetTrie(Ipv4Prefix[] subnets) {
        for (int i = 1; i < subnets.length; i++)
            if (subnets[i - 1].compareTo(subnets[i]) >= 0) throw new IllegalArgumentException("subnets must be ascending and distinct");
        this.subnets = subnets.clone();
        int capacity = Math.max(16, subnets.length * 8);
        children = new int[2 * capacity];
        first = new int[capacity];
        end = new int[capacity];
        nodes = 1;
        first[0] = Integer.MAX_VALUE;
        for (int s = 0; s < subnets.length; s++) insert(s);
    }

    private void insert(int s) {
        int address = subnets[s].address(), length = subnets[s].length();
        int node = 0;
        widen(node, s);
        for (int depth = 0; depth < length; depth++) {
            int bit = (address >>> (31 - depth)) & 1;
            int child = children[2 * node + bit];
            if (child == 0) {
                child = newNode();
                children[2 * node + bit] = child;
            }
            node = child;
            widen(node, s);
        }
    }

    private void widen(int node, int s) {
        if (s < first[node]) first[node] = s;
        if (s + 1 > end[node]) end[node] = s + 1;
    }

    private int newNode() {
        if (nodes == first.length) {
            int capacity = nodes * 2;
            children = Arrays.copyOf(children, 2 * capacity);
            first = Arrays.copyOf(first, capacity);
            end = Arrays.copyOf(end, capacity);
        }
        first[nodes] = Integer.MAX_VALUE;
        return nodes++;
    }

    public int subnetCount() {
        return subnets.length;
    }

    public Ipv4Prefix subnet(int s) {
        return subnets[s];
    }

    /**
     * The subnets inside the prefix {@code address/length}: numbers {@code first} (high 32 bits) to
     * {@code end} exclusive (low 32 bits), packed in one long so the mapper's hot loop allocates
     * nothing; {@code first == end} when none matches.
     */
    public long matching(int address, int length) {
        int node = 0;
        for (int depth = 0; depth < length; depth++) {
            node = children[2 * node + ((address >>> (31 - depth)) & 1)];
            if (node == 0) return 0;
        }
        if (first[node] == Integer.MAX_VALUE) return 0;
        return ((long) first[node] << 32) | end[node];
    }

    public static int first(long range) {
        return (int) (range >>> 32);
    }

    public static int end(long range) {
        return (int) range;
    }
}
