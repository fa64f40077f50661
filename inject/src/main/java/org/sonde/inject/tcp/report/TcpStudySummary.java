package org.sonde.inject.tcp.report;

import java.util.ArrayList;
import java.util.List;
import org.sonde.inject.tcp.study.TcpStudyResult;
import org.sonde.inject.tcp.study.TcpStudyRun;

/** The TCP study as a few lines for the terminal: the medians per scenario and congestion control, and the failed runs. */
public final class TcpStudySummary {
    private TcpStudySummary() {}

    public static List<String> lines(TcpStudyResult r) {
        List<String> o = new ArrayList<>();
        long failed = r.runs().stream().filter(x -> !x.pass()).count();
        o.add(String.format("TCP study on linux (kernel %s, seed %d): %d runs in %.1f s, %s", r.kernel(), r.plan().seed(), r.runs().size(),
                r.wallSeconds(), failed == 0 ? "every verdict passed" : failed + " FAILED"));
        o.add(String.format("  %-20s %-6s %12s %12s  %-22s %12s %12s", "scenario", "cc", "completion", "added", "recovered by", "after", "stall"));
        for (TcpStudyResult.Summary x : r.summary()) {
            o.add(String.format("  %-20s %-6s %12s %12s  %-22s %12s %12s", x.scenario().word(), x.congestionControl(), ms(x.completionNanos()),
                    x.addedNanos() == null ? "-" : String.format("%.1f ms", x.addedNanos() / 1e6), x.recoveries().isEmpty() ? "-" : x.recoveries(),
                    ms(x.recoveryNanos()), ms(x.stallNanos())));
        }
        for (TcpStudyRun x : r.runs()) {
            if (!x.pass()) o.add("  FAIL " + x.directory() + ": " + String.join("; ", x.verdicts()));
        }
        return o;
    }

    /** A measured time in ms, "-" where there is none (null). */
    static String ms(Long nanos) {
        return nanos == null ? "-" : String.format("%.1f ms", nanos / 1e6);
    }
}
