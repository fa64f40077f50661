package org.sonde.inject.tcp.study;

import java.util.Arrays;
import java.util.List;

/** Every run of a study and, per scenario and congestion control, the medians. */
public record TcpStudyResult(TcpStudyPlan plan, String kernel, List<TcpStudyRun> runs, List<Summary> summary, double wallSeconds) {
    public TcpStudyResult {
        runs = List.copyOf(runs);
        summary = List.copyOf(summary);
    }

    public boolean pass() {
        return runs.stream().allMatch(TcpStudyRun::pass);
    }

    /**
     * The medians of a scenario's runs with one congestion control.
     *
     * @param recoveries     the kinds of recovery seen, e.g. "rack x3"; empty without
     * @param addedNanos     median completion time less the baseline's median with the same congestion control
     *                       (negative when within the baseline's noise); null without a baseline
     */
    public record Summary(TcpScenario scenario, String congestionControl, int runs, long completionNanos, Long addedNanos, String recoveries,
                          long recoveryNanos, long stallNanos) {}

    /** The median of values, -1 when there are none (the lower of the middle two for an even count). */
    static long median(long[] values) {
        long[] v = Arrays.stream(values).filter(x -> x >= 0).sorted().toArray();
        return v.length == 0 ? -1 : v[(v.length - 1) / 2];
    }
}
