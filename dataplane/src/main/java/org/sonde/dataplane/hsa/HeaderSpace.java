package org.sonde.dataplane.hsa;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.HeaderLayout;

/**
 * An immutable set of packet headers of one {@link HeaderAlgebra}, represented by a BDD node.
 *
 * <p>Because the BDD is canonical, two spaces of the same algebra are equal exactly when they
 * hold the same headers, and {@link #equals} is a node-id comparison.
 */
public final class HeaderSpace {

    private final HeaderAlgebra algebra;
    private final int node;

    HeaderSpace(HeaderAlgebra algebra, int node) {
        this.algebra = algebra;
        this.node = node;
    }

    /** The algebra this space belongs to. */
    public HeaderAlgebra algebra() {
        return algebra;
    }

    /** The BDD node id, stable for the life of the algebra. */
    public int node() {
        return node;
    }

    /** Headers in both. */
    public HeaderSpace intersect(HeaderSpace other) {
        return algebra.wrap(bdd().and(node, same(other)));
    }

    /** Headers in either. */
    public HeaderSpace union(HeaderSpace other) {
        return algebra.wrap(bdd().or(node, same(other)));
    }

    /**
     * The union of {@code spaces} (none if empty), merged pairwise in rounds: each round halves
     * the list, so large sets are built from balanced halves instead of grown one space at a time.
     */
    public static HeaderSpace unionAll(HeaderAlgebra algebra, Collection<HeaderSpace> spaces) {
        List<HeaderSpace> round = new ArrayList<>(spaces);
        if (round.isEmpty()) return algebra.none();
        while (round.size() > 1) {
            List<HeaderSpace> next = new ArrayList<>((round.size() + 1) / 2);
            for (int i = 0; i + 1 < round.size(); i += 2) next.add(round.get(i).union(round.get(i + 1)));
            if (round.size() % 2 == 1) next.add(round.getLast());
            round = next;
        }
        return round.getFirst();
    }

    /** Headers in this one but not in {@code other}. */
    public HeaderSpace minus(HeaderSpace other) {
        return algebra.wrap(bdd().diff(node, same(other)));
    }

    /** Headers not in this one. */
    HeaderSpace complement() {
        return algebra.wrap(bdd().not(node));
    }

    /** Whether there is no header. */
    public boolean isEmpty() {
        return node == Bdd.FALSE;
    }

    /** Whether every header is in. */
    public boolean isAll() {
        return node == Bdd.TRUE;
    }

    /** Whether every header of {@code other} is in this one. */
    public boolean contains(HeaderSpace other) {
        return bdd().implies(same(other), node);
    }

    /** Whether the two share a header. */
    public boolean overlaps(HeaderSpace other) {
        return !bdd().implies(node, bdd().not(same(other)));
    }

    /** Whether {@code header} is in. */
    public boolean contains(Header header) {
        algebra.requireLayout(header);
        return bdd().evaluate(node, header.toAssignment());
    }

    /** The exact number of concrete headers. */
    public BigInteger count() {
        return bdd().satCount(node);
    }

    /**
     * The smallest header in, comparing field by field in layout order (deterministic), or empty.
     */
    public Optional<Header> pick() {
        return isEmpty()
                ? Optional.empty()
                : Optional.of(Header.fromAssignment(layout(), bdd().pickSmallest(node)));
    }

    /** A header drawn uniformly from this space with {@code random}, or empty. */
    public Optional<Header> pick(Random random) {
        return isEmpty()
                ? Optional.empty()
                : Optional.of(Header.fromAssignment(layout(), bdd().pickRandom(node, random)));
    }

    /**
     * Every header that agrees with one in this space on all fields except {@code fields}
     * (existential quantification of those fields).
     */
    public HeaderSpace forget(String... fields) {
        int total = 0;
        for (String name : fields) {
            total += algebra.field(name).widthBits();
        }
        int[] vars = new int[total];
        int k = 0;
        for (String name : fields) {
            HeaderField f = algebra.field(name);
            int first = algebra.firstVar(f);
            for (int i = 0; i < f.widthBits(); i++) {
                vars[k++] = first + i;
            }
        }
        return algebra.wrap(bdd().exists(node, bdd().varSet(vars)));
    }

    /** The headers of this space after setting {@code field} to {@code value}. */
    public HeaderSpace set(String field, long value) {
        return rewrite(field, algebra.field(field).fullMask(), value);
    }

    /**
     * The headers of this space after setting the bits of {@code field} selected by {@code mask}
     * to those of {@code value}, keeping the others.
     */
    public HeaderSpace rewrite(String field, long mask, long value) {
        return algebra.rewrite(field, mask, value).apply(this);
    }

    /**
     * hassel's masked rewrite over the whole header, {@code new = (old & mask) | rewrite}: {@code
     * mask} has 0 at rewritten bits and 1 at kept bits; {@code rewrite} gives the new value of each
     * rewritten bit (its characters at kept bits are ignored). Both are in hassel's text order.
     * A bit no field covers must be kept.
     */
    public HeaderSpace rewriteHassel(String mask, String rewrite) {
        return algebra.hasselRewrite(mask, rewrite).apply(this);
    }

    private int same(HeaderSpace other) {
        if (other.algebra != algebra) {
            throw new IllegalArgumentException("header spaces of different algebras");
        }
        return other.node;
    }

    private Bdd bdd() {
        return algebra.bdd();
    }

    private HeaderLayout layout() {
        return algebra.layout();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HeaderSpace s && s.algebra == algebra && s.node == node;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(algebra) * 31 + node;
    }

    @Override
    public String toString() {
        return "HeaderSpace[" + count() + " headers, node " + node + "]";
    }
}
