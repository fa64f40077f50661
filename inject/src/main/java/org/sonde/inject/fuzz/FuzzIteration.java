package org.sonde.inject.fuzz;

/**
 * One evaluated config of the search.
 *
 * @param run         1-based number of the evaluation
 * @param phase       whether it was a random initial config or a mutant
 * @param simSeed     the simulator seed it ran with (rerun with {@code --seed})
 * @param summary     its traffic and events in a line
 * @param score       Δ and its terms
 * @param outcome     what the run measured
 * @param poolMedian  the pool's median score it was compared with (null while initialising)
 * @param accepted    whether it joined the pool
 * @param poolSize    the pool's size afterwards
 * @param anomaly     whether it met the target's anomaly rule
 */
public record FuzzIteration(int run, Phase phase, long simSeed, String summary, Score score, RunOutcome outcome, Double poolMedian,
                            boolean accepted, int poolSize, boolean anomaly) {
    public enum Phase { INITIAL, MUTANT, MINIMISATION }
}
