package org.sonde.search;

/**
 * Settings of one search. Annealing: start temperature, cooling factor, iterations per temperature
 * and the floor below which the schedule starts again (the paper's "relaxed" temperature that lets
 * the search leave a stage however long it has run); {@code neighbourShare} of mutations step to a
 * neighbouring value, the rest jump; after a clear improvement, {@code repeatShare} of mutations
 * repeat it one step further (0: the paper's plain annealing). Diagnostic counters are ranked on {@code rankingPoints}
 * random points (the paper: 10). {@code bisectSteps} per bound in the MFS.
 */
public record SearchOptions(Method method, double budgetHours, long seed, double startTemperature, double cooling, int iterationsPerTemperature,
                            double minTemperature, double neighbourShare, double repeatShare, int rankingPoints, int bisectSteps) {
    public SearchOptions {
        if (method == null) throw new IllegalArgumentException("method must be set");
        if (!(budgetHours > 0)) throw new IllegalArgumentException("budget must be positive");
        if (!(cooling > 0 && cooling < 1)) throw new IllegalArgumentException("cooling must be in (0, 1)");
        if (iterationsPerTemperature < 1 || rankingPoints < 2 || bisectSteps < 0) throw new IllegalArgumentException("bad search settings");
    }

    public static SearchOptions defaults(Method method, double budgetHours, long seed) {
        return new SearchOptions(method, budgetHours, seed, 0.5, 0.9, 10, 0.01, 0.5, 0.5, 10, 3);
    }
}
