package org.sonde.inject.fuzz;

/** Told about every evaluated config, in order, as soon as it is scored. */
@FunctionalInterface
public interface ProgressListener {
    ProgressListener NONE = iteration -> {};

    void onIteration(FuzzIteration iteration);
}
