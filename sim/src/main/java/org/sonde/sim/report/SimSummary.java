package org.sonde.sim.report;

import java.util.List;
import org.sonde.sim.stats.RunStatistics;

/** The lines {@code sonde sim run} prints: the run, then its flows led by their losses, in one time unit. */
public final class SimSummary {
    private SimSummary() {}

    /** {@code 1,494 packets dropped at ports, 1,495 retransmissions}. */
    public static String losses(RunStatistics s) {
        return String.format("%,d packets dropped at ports, %,d retransmissions", s.drops(), s.retransmissions());
    }

    /** The summary of run {@code s} with {@code seed}, which took {@code wallSeconds}. */
    public static List<String> lines(RunStatistics s, long seed, double wallSeconds) {
        TimeScale run = TimeScale.forSpan(s.simulatedNanos());
        String first = String.format("%s (seed %d): %s %s simulated, %,d events in %.2f s (%,.0f events/s)", s.scenario(), seed,
                run.text(s.simulatedNanos()), run.label(), s.events(), wallSeconds, s.events() / wallSeconds);
        long[] fct = s.completionTimes();
        String flows = String.format("  flows: %d finished, %d unfinished; %s", fct.length, s.unfinished(), losses(s));
        if (fct.length > 0) {
            TimeScale u = TimeScale.forSpan(fct[fct.length - 1]);
            flows += String.format("; FCT p50 %s, p99 %s, max %s %s", u.text(RunStatistics.percentile(fct, 0.5)),
                    u.text(RunStatistics.percentile(fct, 0.99)), u.text(fct[fct.length - 1]), u.label());
        }
        return List.of(first, flows);
    }
}
