package org.sonde.inject.tcp.report;

import static org.sonde.inject.tcp.report.TcpStudySummary.ms;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.inject.tcp.study.TcpScenario;
import org.sonde.inject.tcp.study.TcpStudyResult;
import org.sonde.inject.tcp.study.TcpStudyResult.Summary;
import org.sonde.inject.tcp.study.TcpStudyRun;
import org.sonde.report.BarChart;
import org.sonde.report.HtmlReport;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;

/** The TCP study's report: the medians per scenario and congestion control, the charts, every run. */
public final class TcpStudyReport {
    private TcpStudyReport() {}

    public static HtmlReport of(TcpStudyResult r, String version) {
        HtmlReport report = HtmlReport.titled("Lumina §6 for Linux TCP: recovery by congestion control")
                .subtitle("reno, cubic and bbr between two network namespaces, through Sonde's netfilter-queue injector")
                .meta("sonde", version).meta("kernel", r.kernel()).meta("seed", r.plan().seed());
        Section s = report.section("Summary");
        long failed = r.runs().stream().filter(x -> !x.pass()).count();
        s.verdict(failed == 0 ? Verdict.OK : Verdict.FAILURE, failed == 0
                ? "Every run delivered its message and passed every analyzer's verdict."
                : failed + " of " + r.runs().size() + " runs failed a verdict or did not deliver (see the runs below).");
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("congestion controls", String.join(", ", r.plan().congestionControls()));
        kv.put("message", TcpScenario.SEGMENTS + " segments of 1,448 bytes, a 100-byte answer");
        kv.put("repetitions", r.plan().repetitions());
        kv.put("wall time", String.format("%.1f s", r.wallSeconds()));
        s.keyValues(kv);
        Table scenarios = Table.of("scenario", "what is injected");
        for (TcpScenario x : r.plan().scenarios()) scenarios.row(x.word(), x.description);
        s.table(scenarios);

        Section medians = report.section("Medians per scenario and congestion control");
        Table t = Table.of("scenario", "congestion control", "runs", "completion", "added to the baseline", "recovered by", "recovery latency",
                "longest stall");
        for (Summary x : r.summary()) {
            t.row(x.scenario().word(), x.congestionControl(), x.runs(), ms(x.completionNanos()), ms(x.addedNanos()),
                    x.recoveries().isEmpty() ? "-" : x.recoveries(), ms(x.recoveryNanos()), ms(x.stallNanos()));
        }
        medians.table(t);
        List<TcpScenario> shown = r.plan().scenarios().stream().filter(x -> x != TcpScenario.BASELINE).toList();
        medians.chart(chart("Completion time added to the baseline (median)", r, shown, Summary::addedNanos));
        medians.chart(chart("Longest stall of the sender (median)", r, r.plan().scenarios(), x -> x.stallNanos()));

        Section runs = report.section("Every run");
        Table all = Table.of("scenario", "congestion control", "repetition", "completion", "recovered by", "after", "longest stall", "ended by",
                "verdict", "files");
        for (TcpStudyRun x : r.runs()) {
            all.row(x.scenario().word(), x.congestionControl(), x.repetition(), ms(x.completionNanos()), x.recovery() == null ? "-" : x.recovery(),
                    ms(x.recoveryNanos()), ms(x.stallNanos()), java.util.Objects.toString(x.stallEndedBy(), "-"), x.pass() ? "pass" : "FAIL: " + String.join("; ", x.verdicts()),
                    x.directory());
        }
        runs.table(all);
        report.attachJson(r);
        return report;
    }

    private static BarChart chart(String title, TcpStudyResult r, List<TcpScenario> scenarios, java.util.function.Function<Summary, Long> value) {
        BarChart c = BarChart.titled(title).categories(scenarios.stream().map(TcpScenario::word).toArray(String[]::new)).valueAxis("ms");
        for (String cc : r.plan().congestionControls()) {
            // a median below zero is real (faster than the baseline) and drawn below zero; a missing one is "none", not a zero bar;
            // to 0.1 ms as the table has them, so the bars' labels read the same
            List<Double> v = scenarios.stream().map(s -> r.summary().stream().filter(x -> x.scenario() == s && x.congestionControl().equals(cc))
                    .map(value).filter(java.util.Objects::nonNull).findFirst().map(n -> Math.round(n / 1e5) / 10.0).orElse(null)).toList();
            c.series(cc, v);
        }
        return c;
    }
}
