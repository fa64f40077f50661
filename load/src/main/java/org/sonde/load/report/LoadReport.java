package org.sonde.load.report;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.engine.Phase;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.Second;
import org.sonde.load.stats.Tallies;
import org.sonde.report.HtmlReport;
import org.sonde.report.LineChart;
import org.sonde.report.Section;
import org.sonde.report.Table;
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
        kv.put("bytes/s read / written (measured)", r.bytesReceivedPerSecond() + " / " + r.bytesSentPerSecond());
        // keepalive connections are held, not opened at a rate
        if (!r.keepalive()) kv.put("connections/s (measured)", r.connectionsPerSecond());
        boolean client = r.mode().equals("client");
        LoadResult.Latency l = r.latencyMicros();
        if (client) {
            kv.put("latency avg / stdev / max (µs)", l.mean() + " / " + l.stdev() + " / " + l.max());
            kv.put("latency p50 / p75 / p90 / p99 / p99.9 (µs)", l.p50() + " / " + l.p75() + " / " + l.p90() + " / " + l.p99() + " / " + l.p999());
        } else {
            kv.put("latency", "not measured on the server side (the client's report has it)");
        }
        kv.put("connections opened", r.connectionsOpened());
        kv.put("max concurrent", r.maxConcurrent());
        kv.put("seconds (measured)", r.seconds() + " (" + r.measuredSeconds() + ")");
        overview.keyValues(kv);
        if (r.perWorker().size() > 1) workers(report.section("Workers"), r, client);
        // the drain only finishes what is in flight: drawn with the measured seconds it reads as a collapse of the load
        List<Second> s = r.perSecond().stream().filter(v -> !v.phase().equals(Phase.DRAIN.word())).toList();
        long drained = r.perSecond().size() - s.size();
        double[] x = new double[s.size()];
        double[] responses = new double[s.size()];
        double[] opens = new double[s.size()];
        double[] concurrent = new double[s.size()];
        double[] p99 = new double[s.size()];
        for (int i = 0; i < x.length; i++) {
            Second v = s.get(i);
            x[i] = v.seconds();
            responses[i] = Tallies.responses(client, v::get);
            opens[i] = v.get(Counter.SK_OPEN);
            concurrent[i] = v.skCon();
            p99[i] = v.p99Micros();
        }
        Section rates = report.section("Every second");
        if (drained > 0) {
            rates.paragraph("The drain (" + drained + (drained == 1 ? " second" : " seconds")
                    + " after the duration: no new connections or requests, in-flight requests complete) is left out of these charts;"
                    + " its seconds are in the JSON (perSecond, phase \"drain\").");
        }
        rates.chart(LineChart.titled("Responses and new connections per second").series("responses (2XX, tcpRsp, answered datagrams)", x, responses)
                .series("skOpen", x, opens).xAxis("seconds").yAxis("per second"));
        rates.chart(LineChart.titled("Open connections (skCon)").series("skCon", x, concurrent).xAxis("seconds").yAxis("connections"));
        if (client) rates.chart(LineChart.titled("Latency p99").series("p99", x, p99).xAxis("seconds").yAxis("µs"));
        report.attachJson(r).writeTo(target);
    }

    /** Each worker's share: connections, requests, errors, frames, and frames the fanout brought it for another worker. */
    private static void workers(Section section, LoadResult r, boolean client) {
        Table t = Table.of("worker", "skOpen", "requests", "responses", "skErr", "pktRx", "pktTx", "imissed", "wrongWorker");
        for (int i = 0; i < r.perWorker().size(); i++) {
            Map<String, Long> w = r.perWorker().get(i);
            t.row(i, w.get(Counter.SK_OPEN.dperfName()), Tallies.requests(client, c -> w.get(c.dperfName())), Tallies.responses(client, c -> w.get(c.dperfName())),
                    w.get(Counter.SK_ERR.dperfName()), w.get(Counter.PKT_RX.dperfName()), w.get(Counter.PKT_TX.dperfName()),
                    w.get(Counter.IMISSED.dperfName()), w.get(Counter.WRONG_WORKER.dperfName()));
        }
        section.paragraph("One worker per CPU of the 'cpu' line. With the user-space engine each has its own raw socket in a fanout group that"
                + " hands it the frames of its own connections: wrongWorker counts frames that reached a worker not owning their connection.");
        section.table(t);
    }
}
