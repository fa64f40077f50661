package org.sonde.inject.fuzz;

import java.util.List;

/**
 * What a fuzzing campaign found.
 *
 * @param target         the target's name
 * @param objective      its objective
 * @param seed           the fuzz seed (simulator seeds derive from it)
 * @param anomalyFound   whether a run met the anomaly rule within the budget
 * @param runs           configs evaluated (the initial pool included, minimisation not)
 * @param simulatorRuns  injection tests run, baselines and minimisation included
 * @param wallMillis     wall time of the whole campaign
 * @param trigger        the anomalous run (after minimisation, if any), or null
 * @param triggerYaml    its test, to rerun with {@code sonde inject run FILE --seed=SIMSEED}, or null
 * @param triggerFile    that test's file in the output directory ({@link Fuzzer#TRIGGER_FILE}), or null
 * @param history        every evaluation in order, minimisation attempts last
 */
public record FuzzResult(String target, FuzzTarget.Objective objective, long seed, boolean anomalyFound, int runs, int simulatorRuns,
                         long wallMillis, FuzzIteration trigger, String triggerYaml, String triggerFile, List<FuzzIteration> history) {
    public FuzzResult {
        history = List.copyOf(history);
    }

    /** Δ of every evaluation, in order. */
    public double[] scoreHistory() {
        return history.stream().mapToDouble(i -> i.score().total()).toArray();
    }
}
