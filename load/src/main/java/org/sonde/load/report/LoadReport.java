package org.sonde.load.report;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.Second;
import org.sonde.load.stats.Tallies;
import org.sonde.report.HtmlReport;
import org.sonde.report.LineChart;
import org.sonde.report.Section;
import org.sonde.report.Verdict;

/** The HTML report of a load test: the verdict, the totals, and each second as charts. */
public final class LoadReport {
    private LoadReport() {}

    public static void write(Path target, String command, LoadResult r) {
        HtmlReport report = HtmlReport.titled("Sonde load test")
                .subtitle(r.mode() + (r.interrupted() ? ", stopped early" : ""))
                .meta("command", command);
        Section overview = report.section("Overview");
        overview.verdict(r.failed() ? Verdict.FAILURE : Verdict.OK, r.failed()
                ? "Errors: " + r.errorSummary() + "."
                : "No error counter is non-zero.");
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("requests", r.requests());
        kv.put("responses 2XX", r.responses2xx());
        kv.put("requests/s (measured)", r.requestsPerSecond());
        kv.put("connections/s (measured)", r.connectionsPerSecond());
        kv.put("latency p50 / p99 / p99.9 (µs)", r.latencyMicros().p50() + " / " + r.latencyMicros().p99() + " / " + r.latencyMicros().p999());
        kv.put("connections opened", r.connectionsOpened());
        kv.put("max concurrent", r.maxConcurrent());
        kv.put("seconds (measured)", r.seconds() + " (" + r.measuredSeconds() + ")");
        overview.keyValues(kv);
        List<Second> s = r.perSecond();
        double[] x = new double[s.size()];
        double[] responses = new double[s.size()];
        double[] opens = new double[s.size()];
        double[] concurrent = new double[s.size()];
        double[] p99 = new double[s.size()];
        for (int i = 0; i < x.length; i++) {
            Second v = s.get(i);
            x[i] = v.seconds();
            responses[i] = Tallies.responses(r.mode().equals("client"), v::get);
            opens[i] = v.get(Counter.SK_OPEN);
            concurrent[i] = v.skCon();
            p99[i] = v.p99Micros();
        }
        Section rates = report.section("Every second");
        rates.chart(LineChart.titled("Responses and new connections per second").series("responses (2XX, tcpRsp, answered datagrams)", x, responses)
                .series("skOpen", x, opens).xAxis("seconds").yAxis("per second"));
        rates.chart(LineChart.titled("Open connections (skCon)").series("skCon", x, concurrent).xAxis("seconds").yAxis("connections"));
        rates.chart(LineChart.titled("Latency p99").series("p99", x, p99).xAxis("seconds").yAxis("µs"));
        report.attachJson(r).writeTo(target);
    }
}
