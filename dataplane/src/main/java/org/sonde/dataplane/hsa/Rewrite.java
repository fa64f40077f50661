package org.sonde.dataplane.hsa;

/**
 * A header rewrite compiled once for one algebra: the BDD of the rewritten variables and of their
 * new values, so applying it to a space costs one quantification and one conjunction. Forwarding
 * applies each rule's rewrite to many spaces; building the two BDDs per application was a fifth
 * of Internet2's reachability.
 */
public final class Rewrite {
    private final HeaderAlgebra algebra;
    private final int[] vars;
    private final boolean[] newValues;
    /** The rewritten variables as a {@link Bdd#varSet}, or -1 for a rewrite of no bit. */
    private final int varSet;
    /** Their new values as a {@link Bdd#cube}. */
    private final int values;

    Rewrite(HeaderAlgebra algebra, int[] vars, boolean[] values) {
        this.algebra = algebra;
        this.vars = vars.clone();
        this.newValues = values.clone();
        Bdd bdd = algebra.bdd();
        this.varSet = vars.length == 0 ? -1 : bdd.varSet(vars);
        this.values = vars.length == 0 ? Bdd.TRUE : bdd.cube(vars, values);
    }

    /** The headers of {@code space} after the rewrite: its rewritten bits forgotten, then pinned. */
    public HeaderSpace apply(HeaderSpace space) {
        if (space.algebra() != algebra) throw new IllegalArgumentException("space of another algebra");
        if (space.isEmpty() || varSet < 0) return space;
        Bdd bdd = algebra.bdd();
        return algebra.wrap(bdd.and(bdd.exists(space.node(), varSet), values));
    }

    /**
     * This rewrite, then {@code next}, as one rewrite: a bit both write ends with {@code next}'s
     * value, and forgetting it once is the same as forgetting it twice.
     */
    public Rewrite then(Rewrite next) {
        if (next.algebra != algebra) throw new IllegalArgumentException("rewrite of another algebra");
        java.util.TreeMap<Integer, Boolean> merged = new java.util.TreeMap<>();
        for (int i = 0; i < vars.length; i++) merged.put(vars[i], newValues[i]);
        for (int i = 0; i < next.vars.length; i++) merged.put(next.vars[i], next.newValues[i]);
        int[] v = new int[merged.size()];
        boolean[] b = new boolean[merged.size()];
        int k = 0;
        for (var e : merged.entrySet()) {
            v[k] = e.getKey();
            b[k++] = e.getValue();
        }
        return new Rewrite(algebra, v, b);
    }
}
