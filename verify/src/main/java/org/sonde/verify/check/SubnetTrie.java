package org.sonde.verify.check;

import java.io.Serial;
import java.io.Serializable;
import org.sonde.packet.Ipv4Prefix;

/**
 * Libra's mapper index (§4.4.1): a binary trie of the subnets to verify, answering "which subnets
 * does this rule match", i.e. which subnets lie wholly inside the rule's prefix. The matching
 * subnets are those of the trie node at the rule's prefix (node X of Fig. 4.9) and its descendants;
 * a prefix that is no node has none.
 *
 * <p>The subnets are numbered in {@link Ipv4Prefix} order, which is the trie's pre-order (a node, then
 * its 0 subtree, then its 1 subtree), so the descendants of a node are one contiguous run of subnet
 * numbers. Every node keeps its run, and the nodes are stored in an open-addressing hash table keyed
 * by their prefix rather than linked by child pointers: a search is one probe (one or two cache
 * misses) instead of a walk down as many levels as the rule's mask is long, which on a cold cache
 * (an incremental update between two graph checks) cost a miss per level.
 */
public final class SubnetTrie implements Serializable {
    @Serial
    private static final long serialVersionUID = 2L;
    private static final long EMPTY = -1; // no prefix key is negative: keys use 38 bits

    private final Ipv4Prefix[] subnets;
    // per slot two longs side by side, so a probe costs one cache line: the prefix key (EMPTY when
    // free), then the node's run of subnets: first (high 32 bits), end exclusive (low 32 bits)
    private final long[] table;
    private final int mask;

    /** The subnets must be ascending in {@link Ipv4Prefix} order, without duplicates. */
    public SubnetTrie(Ipv4Prefix[] subnets) {
        for (int i = 1; i < subnets.length; i++)
            if (subnets[i - 1].compareTo(subnets[i]) >= 0) throw new IllegalArgumentException("subnets must be ascending and distinct");
        this.subnets = subnets.clone();
        long nodes = 1;
        for (int s = 0; s < subnets.length; s++) nodes += subnets[s].length() - (s == 0 ? 0 : shared(subnets[s - 1], subnets[s]));
        int capacity = Integer.highestOneBit((int) Math.min(1 << 30, Math.max(16, nodes * 2)) - 1) << 1;
        table = new long[2 * capacity];
        mask = capacity - 1;
        for (int i = 0; i < table.length; i += 2) table[i] = EMPTY;
        // in pre-order, a node's first subnet is the first to pass it and its end follows the last one
        for (int s = 0; s < subnets.length; s++) {
            int address = subnets[s].address();
            for (int length = 0; length <= subnets[s].length(); length++) {
                long key = key(address & Ipv4Prefix.mask(length), length);
                int at = 2 * slot(key);
                if (table[at] == EMPTY) {
                    table[at] = key;
                    table[at + 1] = ((long) s << 32) | (s + 1);
                } else {
                    table[at + 1] = (table[at + 1] & 0xffffffff00000000L) | (s + 1);
                }
            }
        }
    }

    /** The depth of the deepest node on both paths; in pre-order a subnet shares no deeper node with any earlier one. */
    private static int shared(Ipv4Prefix a, Ipv4Prefix b) {
        return Math.min(Integer.numberOfLeadingZeros(a.address() ^ b.address()), Math.min(a.length(), b.length()));
    }

    private static long key(int address, int length) {
        return (Integer.toUnsignedLong(address) << 6) | length;
    }

    /** The slot holding {@code key}, or the free slot where it would go (linear probing). */
    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        int slot = (int) (h ^ (h >>> 32)) & mask;
        while (table[2 * slot] != key && table[2 * slot] != EMPTY) slot = (slot + 1) & mask;
        return slot;
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
        int at = 2 * slot(key(address & Ipv4Prefix.mask(length), length));
        return table[at] == EMPTY ? 0 : table[at + 1];
    }

    public static int first(long range) {
        return (int) (range >>> 32);
    }

    public static int end(long range) {
        return (int) range;
    }
}
