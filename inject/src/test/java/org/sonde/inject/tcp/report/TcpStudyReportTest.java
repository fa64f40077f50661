package org.sonde.inject.tcp.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.inject.tcp.study.TcpScenario;
import org.sonde.inject.tcp.study.TcpStudyPlan;
import org.sonde.inject.tcp.study.TcpStudyResult;
import org.sonde.inject.tcp.study.TcpStudyRun;

class TcpStudyReportTest {
    private static TcpStudyRun run(TcpScenario s) {
        return new TcpStudyRun(s, "cubic", 1, 100_000_000L, null, null, null, null, true, List.of(), s.word());
    }

    @Test
    void aNegativeMedianIsDrawnBelowZeroAndAnAbsentOneAsNone() {
        TcpStudyPlan plan = new TcpStudyPlan(List.of("cubic"), List.of(TcpScenario.BASELINE, TcpScenario.LOSS, TcpScenario.TAIL_LOSS), 1, 1);
        // LOSS finished 56 ms faster than the baseline's median (a real difference); TAIL_LOSS has no completion to compare
        List<TcpStudyResult.Summary> summary = List.of(
                new TcpStudyResult.Summary(TcpScenario.BASELINE, "cubic", 1, 100_000_000L, 0L, "", null, null),
                new TcpStudyResult.Summary(TcpScenario.LOSS, "cubic", 1, 44_000_000L, -56_040_000L, "", null, 20_000_000L),
                new TcpStudyResult.Summary(TcpScenario.TAIL_LOSS, "cubic", 1, null, null, "", null, 30_000_000L));
        TcpStudyResult r = new TcpStudyResult(plan, "6.18", List.of(run(TcpScenario.BASELINE), run(TcpScenario.LOSS), run(TcpScenario.TAIL_LOSS)),
                summary, 1.0);
        String html = TcpStudyReport.of(r, "test").render();
        String added = html.substring(html.indexOf("Completion time added to the baseline"), html.indexOf("Longest stall of the sender (median)</"));
        assertThat(added).contains(TcpScenario.LOSS.word() + "&#10;cubic: -56").doesNotContain("cubic: 0<");
        assertThat(added).containsPattern("class=\"value absent\"[^>]*>none<");
        // labelled to 0.1 ms, as the table writes it
        assertThat(added).contains(">-56<").doesNotContain("-56.04");
    }
}
