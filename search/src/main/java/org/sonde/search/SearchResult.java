package org.sonde.search;

import java.util.List;
import java.util.Map;

/**
 * What a search did: the anomalies it reported, the experiments it spent (searching, building
 * MFSs, and points skipped because an MFS covered them), the diagnostic counters in the order it
 * optimised them, and, on a simulated target, when each ground-truth mechanism was first hit by a
 * search experiment (hours; MFS experiments do not count). {@code screen}: the mutants the annealing
 * screened per step ({@link SearchOptions#screen}).
 */
public record SearchResult(String target, Method method, long seed, double budgetHours, int screen, double usedHours, int experiments, int mfsExperiments,
                           int skipped, List<String> counterOrder, List<Found> anomalies, Map<String, Double> firstHitHours, double wallSeconds) {
    public SearchResult {
        counterOrder = List.copyOf(counterOrder);
        anomalies = List.copyOf(anomalies);
        firstHitHours = Map.copyOf(firstHitHours);
    }

    /** Hours until the n-th distinct mechanism was hit (1-based), or NaN when fewer were. */
    double hoursToMechanisms(int n) {
        List<Double> t = firstHitHours.values().stream().sorted().toList();
        return n <= t.size() ? t.get(n - 1) : Double.NaN;
    }
}
