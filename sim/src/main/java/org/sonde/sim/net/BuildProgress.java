package org.sonde.sim.net;

/**
 * Told how far building or routing a network has got, so that a large one does not build in silence
 * (a dumbbell of 100,000 pairs takes seconds). Called often: an implementation must be cheap.
 */
@FunctionalInterface
public interface BuildProgress {
    BuildProgress NONE = (done, total) -> {};

    /** {@code done} of {@code total} steps (hosts added, hosts routed) so far. */
    void update(long done, long total);
}
