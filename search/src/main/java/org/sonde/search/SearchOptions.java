package org.sonde.search;

/**
 * Settings of one search. Annealing: start temperature, cooling factor, iterations per temperature
 * and the floor below which the schedule starts again (the paper's "relaxed" temperature that lets
 * the search leave a stage however long it has run); {@code neighbourShare} of mutations step to a
 * neighbouring value, the rest jump; after a clear improvement, {@code repeatShare} of mutations
 * repeat it one step further (0: the paper's plain annealing). Diagnostic counters are ranked on {@code rankingPoints}
 * random points (the paper: 10). {@code bisectSteps} per bound in the MFS. {@code screen}: beyond the paper,
 * each annealing step draws that many mutants and measures the one a surrogate of the counter rates
 * best ({@link #SCREEN}); 0 is the paper's annealing, which measures every mutant it draws.
 */
public record SearchOptions(Method method, double budgetHours, long seed, double startTemperature, double cooling, int iterationsPerTemperature,
                            double minTemperature, double neighbourShare, double repeatShare, int rankingPoints, int bisectSteps, int screen) {
    /**
     * The mutants screened per annealing step by default: on f-like (seeds 1-10, 10 h) Collie found
     * 6.4 mechanisms per seed measuring every mutant, 7.2, 7.4, 7.7, 7.6, 8.2 and 8.0 screening 8,
     * 16, 32, 64, 128 and 256. Drawing and rating a mutant takes microseconds, an experiment 20-60 s.
     */
    public static final int SCREEN = 128;

    public SearchOptions {
        if (method == null) throw new IllegalArgumentException("method must be set");
        if (!(budgetHours > 0)) throw new IllegalArgumentException("budget must be positive");
        if (!(cooling > 0 && cooling < 1)) throw new IllegalArgumentException("cooling must be in (0, 1)");
        if (iterationsPerTemperature < 1 || rankingPoints < 2 || bisectSteps < 0 || screen < 0) throw new IllegalArgumentException("bad search settings");
    }

    public static SearchOptions defaults(Method method, double budgetHours, long seed) {
        return new SearchOptions(method, budgetHours, seed, 0.5, 0.9, 10, 0.01, 0.5, 0.5, 10, 3, SCREEN);
    }

    /** These settings with {@code n} mutants screened per annealing step (0: the paper's annealing). */
    public SearchOptions withScreen(int n) {
        return new SearchOptions(method, budgetHours, seed, startTemperature, cooling, iterationsPerTemperature, minTemperature, neighbourShare,
                repeatShare, rankingPoints, bisectSteps, n);
    }
}
