package org.sonde.inject.tcp.study;

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
     * The medians are null where no run had the value (a connection, a watched loss, a stall).
     *
     * @param recoveries     the kinds of recovery seen, e.g. "rack x3"; empty without
     * @param addedNanos     median completion time less the baseline's median with the same congestion control
     *                       (negative when within the baseline's noise); null without a baseline
     */
    public record Summary(TcpScenario scenario, String congestionControl, int runs, Long completionNanos, Long addedNanos, String recoveries,
                          Long recoveryNanos, Long stallNanos) {}

    /** The median of the values that are there (not null), null when there are none (the lower of the middle two for an even count). */
    static Long median(java.util.stream.Stream<Long> values) {
        long[] v = values.filter(java.util.Objects::nonNull).mapToLong(Long::longValue).sorted().toArray();
        return v.length == 0 ? null : v[(v.length - 1) / 2];
    }
}
