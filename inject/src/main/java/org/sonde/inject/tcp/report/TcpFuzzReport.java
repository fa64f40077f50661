package org.sonde.inject.tcp.report;

import static org.sonde.inject.tcp.report.TcpStudySummary.ms;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.inject.tcp.fuzz.TcpFuzzResult;
import org.sonde.inject.tcp.fuzz.TcpFuzzRun;
import org.sonde.inject.tcp.fuzz.TcpFuzzer;
import org.sonde.report.HtmlReport;
import org.sonde.report.ScatterChart;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;

/** A TCP fuzzing campaign: the anomaly and its minimal trigger first, then the score of every run. */
public final class TcpFuzzReport {
    private TcpFuzzReport() {}

    public static HtmlReport of(TcpFuzzResult r, String version) {
        HtmlReport report = HtmlReport.titled("Fuzzing Linux TCP for stalls").subtitle("Lumina's Algorithm 1 over a TCP test's events, kernel " + r.kernel())
                .meta("sonde", version).meta("seed", r.seed());
        Section s = report.section("Result");
        if (r.anomalyFound()) {
            s.verdict(Verdict.FAILURE, "Anomaly found at run " + r.trigger().run() + ": " + r.trigger().why());
            Map<String, Object> kv = new LinkedHashMap<>();
            kv.put("minimal trigger", String.join("; ", r.minimal()));
            kv.put("its run", r.minimalRun().why());
            kv.put("minimisation runs", r.minimisationRuns());
            kv.put("rerun", "sonde inject run " + TcpFuzzer.TRIGGER_FILE + " --target linux --out DIR");
            s.keyValues(kv);
        } else {
            s.verdict(Verdict.OK, "No anomaly within " + r.runs().size() + " runs: no connection took " + ms(r.stallThresholdNanos())
                    + " or longer, and every verdict passed.");
        }
        Section runs = report.section("Every run");
        ScatterChart chart = ScatterChart.titled("Score of each run").xAxis("run").yAxis("score");
        double[] x = r.runs().stream().mapToDouble(TcpFuzzRun::run).toArray();
        double[] y = r.runs().stream().mapToDouble(TcpFuzzRun::score).toArray();
        chart.series("score", x, y);
        runs.chart(chart);
        Table t = Table.of("run", "events", "score", "completion", "longest stall", "timeouts", "spurious", "anomaly");
        for (TcpFuzzRun run : r.runs()) {
            t.row(run.run() > 0 ? String.valueOf(run.run()) : "minimise " + -run.run(), String.join("; ", run.events()), String.format("%.0f", run.score()),
                    ms(run.completionNanos()), ms(run.stallNanos()), run.timeouts(), run.spurious(), run.why().isEmpty() ? "-" : run.why());
        }
        runs.table(t);
        report.attachJson(r);
        return report;
    }

    /** The campaign in a few lines for the terminal; {@code out} is where its files were written. */
    public static List<String> summary(TcpFuzzResult r, Path out) {
        List<String> o = new ArrayList<>();
        o.add(String.format("TCP stalls on linux (kernel %s, seed %d): %s after %d runs, %.1f s", r.kernel(), r.seed(),
                r.anomalyFound() ? "anomaly found" : "no anomaly", r.runs().size(), r.wallSeconds()));
        if (r.anomalyFound()) {
            o.add("  trigger: run " + r.trigger().run() + ", " + r.trigger().why());
            o.add("  minimal: " + String.join("; ", r.minimal()));
            o.add("    " + r.minimalRun().why());
            o.add("  rerun:   sonde inject run " + out.resolve(TcpFuzzer.TRIGGER_FILE) + " --target linux --out DIR");
        }
        o.add("  wrote " + out.resolve("fuzz.json") + " and " + out.resolve("report.html"));
        return o;
    }
}
