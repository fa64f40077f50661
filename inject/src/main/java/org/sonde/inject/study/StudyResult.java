package org.sonde.inject.study;

import java.util.List;

/** Everything a study run produced; {@code wallSeconds} is the time it took. */
public record StudyResult(StudyPlan plan, List<LatencySweep> latency, List<EtsRun> ets, List<NoisyNeighbourRun> noisyNeighbour,
                         List<CnpPacingRun> cnp, List<TimeoutScheduleRun> timeouts, List<Finding> findings, double wallSeconds) {
    public StudyResult {
        latency = List.copyOf(latency);
        ets = List.copyOf(ets);
        noisyNeighbour = List.copyOf(noisyNeighbour);
        cnp = List.copyOf(cnp);
        timeouts = List.copyOf(timeouts);
        findings = List.copyOf(findings);
    }

    public boolean pass() {
        return findings.stream().allMatch(Finding::pass);
    }
}
