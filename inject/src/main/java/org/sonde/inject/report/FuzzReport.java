package org.sonde.inject.report;

import java.util.Locale;
import org.sonde.inject.fuzz.FuzzIteration;
import org.sonde.inject.fuzz.FuzzResult;
import org.sonde.report.HtmlReport;
import org.sonde.report.LineChart;
import org.sonde.report.Table;
import org.sonde.report.Verdict;

/**
 * The HTML report of a fuzzing search: the verdict with the trigger, the score of every evaluated
 * configuration, the runs that shaped the pool and the minimisation, and the triggering test. It
 * renders a {@link FuzzResult} only.
 */
public final class FuzzReport {
    private FuzzReport() {}

    public static HtmlReport of(FuzzResult r) {
        HtmlReport report = HtmlReport.titled("Fuzzing: " + r.target())
                .subtitle("Lumina's Algorithm 1, objective " + r.objective().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .meta("seed", r.seed()).meta("runs", r.runs()).meta("simulator runs", r.simulatorRuns())
                .meta("wall time", String.format("%.1f s", r.wallMillis() / 1000.0));
        var summary = report.section("Result");
        summary.verdict(r.anomalyFound() ? Verdict.FAILURE : Verdict.OK, r.anomalyFound()
                ? "Anomaly found: " + r.trigger().summary() + " (rerun " + r.triggerFile() + " with seed " + r.trigger().simSeed() + ")"
                : "No anomaly within the budget.");
        double[] scores = r.scoreHistory();
        double[] runs = new double[scores.length];
        for (int i = 0; i < runs.length; i++) runs[i] = i + 1;
        summary.chart(LineChart.titled("Score of every evaluated configuration").series("score", runs, scores).markers()
                .xAxis("run").yAxis("score"));
        Table table = Table.of("run", "phase", "configuration", "score", "innocent slowdown", "accepted", "anomaly");
        for (FuzzIteration i : r.history()) {
            if (!i.anomaly() && i.phase() != FuzzIteration.Phase.MINIMISATION && !i.accepted()) continue;
            table.row(i.run(), i.phase().name().toLowerCase(Locale.ROOT), i.summary(), String.format("%.2f", i.score().total()),
                    String.format("%.2f×", i.outcome().innocentMctInflation()), i.accepted(), i.anomaly());
        }
        report.section("Runs kept in the pool, the anomalous ones and the minimisation").table(table);
        if (r.triggerYaml() != null) report.section("The triggering test").preformatted(r.triggerYaml());
        report.attachJson(r);
        return report;
    }
}
