package org.sonde.search.space;

import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * What the search needs of a workload space: random points, one-dimension mutations (a step to a
 * neighbouring value or a jump), the repeat of a step that helped, and the point as a vector in
 * [0, 1] for the Gaussian-process baseline. Every point the space gives satisfies its constraints.
 */
public interface WorkloadSpace<P extends Workload> {
    P random(RandomGenerator rng);

    Step<P> mutate(P p, RandomGenerator rng, Move move);

    /** {@code last} (a step of this space from {@code before} to {@code p}) taken once more, or empty when it cannot be. */
    Optional<? extends Step<P>> repeat(P p, Step<P> last, P before);

    /** The point as features in [0, 1] (categorical ones one-hot, ordered ones by grid index). */
    double[] features(P p);
}
