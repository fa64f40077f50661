package org.sonde.inject.tcp.fuzz;

import java.util.List;

/**
 * A campaign: every run, the first anomalous one, and its minimised form.
 *
 * @param trigger          the first anomalous run, null when the budget ran out first
 * @param minimal          the minimised trigger's events (a subset of the trigger's that is still anomalous), empty without
 * @param minimalRun       the minimised trigger's own run, null without
 * @param minimisationRuns runs spent minimising
 */
public record TcpFuzzResult(String kernel, long seed, long stallThresholdNanos, List<TcpFuzzRun> runs, TcpFuzzRun trigger, List<String> minimal,
                            TcpFuzzRun minimalRun, int minimisationRuns, double wallSeconds) {
    public TcpFuzzResult {
        runs = List.copyOf(runs);
        minimal = List.copyOf(minimal);
    }

    public boolean anomalyFound() {
        return trigger != null;
    }
}
