package org.sonde.inject.tcp.study;

import java.util.List;
import org.sonde.core.UsageException;

/**
 * What the study runs: every scenario with every congestion control, {@code repetitions} times
 * (seeds {@code seed}, {@code seed + 1}, ...).
 */
public record TcpStudyPlan(List<String> congestionControls, List<TcpScenario> scenarios, int repetitions, long seed) {
    public static final List<String> CONGESTION_CONTROLS = List.of("reno", "cubic", "bbr");

    public TcpStudyPlan {
        congestionControls = List.copyOf(congestionControls);
        scenarios = List.copyOf(scenarios);
        if (congestionControls.isEmpty()) throw new UsageException("the study needs a congestion control", "give e.g. reno,cubic,bbr");
        if (repetitions < 1) throw new UsageException("--repetitions must be at least 1, got " + repetitions, null);
    }

    /** Every scenario, three times each. */
    public static TcpStudyPlan full(List<String> congestionControls, long seed) {
        return new TcpStudyPlan(congestionControls, List.of(TcpScenario.values()), 3, seed);
    }

    /** Every scenario once: for CI. */
    public static TcpStudyPlan quick(List<String> congestionControls, long seed) {
        return new TcpStudyPlan(congestionControls, List.of(TcpScenario.values()), 1, seed);
    }

    public int runCount() {
        return congestionControls.size() * scenarios.size() * repetitions;
    }
}
