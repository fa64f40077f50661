package org.sonde.inject.fuzz;

import java.time.Duration;

/**
 * When the fuzzer gives up (Algorithm 1's "timeout"): after {@code maxRuns} evaluated configs
 * (the initial pool included; each also needs a baseline run unless cached) or once {@code maxWallTime}
 * has passed, whichever comes first. A wall-time limit makes where the search stops depend on the
 * machine; a run limit alone keeps it a function of the seed.
 */
public record FuzzBudget(int maxRuns, Duration maxWallTime) {
    public FuzzBudget {
        if (maxRuns < 1) throw new IllegalArgumentException("the budget needs at least one run, got " + maxRuns);
        if (maxWallTime.isNegative() || maxWallTime.isZero()) throw new IllegalArgumentException("the wall-time budget must be positive");
    }

    /** A run limit only. */
    public static FuzzBudget runs(int maxRuns) {
        return new FuzzBudget(maxRuns, Duration.ofDays(365));
    }
}
