package org.sonde.search;

import java.util.Locale;

/**
 * The search methods: Collie (simulated annealing with MFS, on diagnostic or performance counters),
 * and the baselines of §7.2: Bayesian optimisation with MFS, annealing without MFS, a mutation
 * random walk, i.i.d. random points.
 */
public enum Method {
    /** SA + MFS on diagnostic counters ranked by variability: Collie. */
    COLLIE(true, true, true),
    /** SA + MFS on the performance counter: Collie (Perf). */
    COLLIE_PERF(true, true, false),
    /** SA on diagnostic counters without MFS: SA (Diag). */
    SA(true, false, true),
    /** SA on the performance counter without MFS: SA (Perf). */
    SA_PERF(true, false, false),
    /**
     * Bayesian optimisation of the diagnostic counters in the same order (a Gaussian process with a
     * Matérn 5/2 kernel, upper confidence bound with κ = 2.576), with MFS, as the paper's BO baseline.
     */
    BO(false, true, true),
    /** Mutations always accepted, no MFS. */
    WALK(false, false, false),
    /** I.i.d. uniform points, no MFS: random input generation. */
    RANDOM(false, false, false);

    private final boolean annealing;
    private final boolean mfs;
    private final boolean diagnostic;

    Method(boolean annealing, boolean mfs, boolean diagnostic) {
        this.annealing = annealing;
        this.mfs = mfs;
        this.diagnostic = diagnostic;
    }

    public boolean annealing() {
        return annealing;
    }

    public boolean mfs() {
        return mfs;
    }

    public boolean diagnostic() {
        return diagnostic;
    }

    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Method parse(String s) {
        for (Method m : values()) if (m.cliName().equals(s.strip().toLowerCase(Locale.ROOT))) return m;
        return null;
    }
}
