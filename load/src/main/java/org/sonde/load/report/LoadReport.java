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
        kv.put("transfer/s (measured)", LoadSummary.bytes(r.bytesReceivedPerSecond()) + "/s read, " + LoadSummary.bytes(r.bytesSentPerSecond()) + "/s written");
        // keepalive connections are held, not opened at a rate
        if (!r.keepalive()) kv.put("connections/s (measured)", r.connectionsPerSecond());
        boolean client = r.mode().equals("client");
        LoadResult.Latency l = r.latencyMicros();
        if (client) {
            kv.put("latency avg / stdev / max", LoadSummary.micros(l.mean()) + " / " + LoadSummary.micros(l.stdev()) + " / " + LoadSummary.micros(l.max()));
            kv.put("latency p50 / p75 / p90 / p99 / p99.9", LoadSummary.micros(l.p50()) + " / " + LoadSummary.micros(l.p75()) + " / "
                    + LoadSummary.micros(l.p90()) + " / " + LoadSummary.micros(l.p99()) + " / " + LoadSummary.micros(l.p999()));
        } else {
            kv.put("latency", "not measured on the server side (the client's report has it)");
        }
        kv.put("connections opened", r.connectionsOpened());
        kv.put("max concurrent", r.maxConcurrent());
        kv.put("seconds (measured)", r.seconds() + " (" + r.measuredSeconds() + ")");
        overview.keyValues(kv);
        if (r.perWorker().size() > 1) workers(report.section("Workers"), r, client);
        // the drain only finishes what is in flight: drawn with the measured seconds it reads as a collapse of the load
        List<Second> shown = r.perSecond().stream().filter(v -> !v.phase().equals(Phase.DRAIN.word())).toList();
        long drained = r.perSecond().size() - shown.size();
        // seconds before anything moved: the wait, or the workers not yet running (the clock starts when the test is
        // prepared); drawn as zeros they read as a second of load that got no answers
        int idle = 0;
        while (idle < shown.size() && untouched(shown.get(idle))) idle++;
        List<Second> s = shown.subList(idle, shown.size());
        double[] start = new double[s.size()];
        double[] responses = new double[s.size()];
        double[] opens = new double[s.size()];
        double[] end = new double[s.size()];
        double[] concurrent = new double[s.size()];
        double[] p99 = new double[s.size()];
        for (int i = 0; i < s.size(); i++) {
            Second v = s.get(i);
            start[i] = v.seconds() - 1;
            end[i] = v.seconds();
            responses[i] = Tallies.responses(client, v::get);
            opens[i] = v.get(Counter.SK_OPEN);
            concurrent[i] = v.skCon();
            p99[i] = v.p99Micros();
        }
        Section rates = report.section("Every second");
        List<String> left = new java.util.ArrayList<>();
        if (idle > 0) {
            left.add((idle == 1 ? "the first second" : "the first " + idle + " seconds") + " (phase " + shown.get(idle - 1).phase() + "), in which no counter moved: nothing was launched yet"
                    + " (the wait, or the workers starting: the clock runs from when the test is prepared)");
        }
        if (drained > 0) {
            left.add("the drain (" + seconds(drained) + " after the duration: no new connections or requests, in-flight requests complete)");
        }
        if (!left.isEmpty()) {
            rates.paragraph("Left out of these charts: " + String.join("; and ", left) + ". Every second is in the JSON (perSecond, with its phase).");
        }
        // a count per second holds over its second (a step from its start to its end), never a line joining two seconds
        rates.chart(LineChart.titled("Responses and new connections per second").series("responses (2XX, tcpRsp, answered datagrams)",
                        closed(start, end), closed(responses)).series("skOpen", closed(start, end), closed(opens)).step()
                .xAxis("seconds since the start").yAxis("per second"));
        rates.chart(LineChart.titled("Open connections (skCon) at the end of each second").series("skCon", end, concurrent).markers()
                .xAxis("seconds since the start").yAxis("connections"));
        if (client) {
            rates.chart(LineChart.titled("Latency p99 of each second").series("p99", closed(start, end), closed(p99)).step()
                    .xAxis("seconds since the start").yAxis("µs"));
        }
        report.attachJson(r).writeTo(target);
    }

    private static boolean untouched(Second s) {
        return s.skCon() == 0 && s.counters().values().stream().allMatch(v -> v == 0);
    }

    private static String seconds(long n) {
        return n + (n == 1 ? " second" : " seconds");
    }

    /** The seconds' starts with the last one's end appended, so the last step has its width. */
    private static double[] closed(double[] start, double[] end) {
        if (start.length == 0) return start;
        double[] x = java.util.Arrays.copyOf(start, start.length + 1);
        x[start.length] = end[end.length - 1];
        return x;
    }

    /** The values with the last repeated, to close the last step. */
    private static double[] closed(double[] v) {
        if (v.length == 0) return v;
        double[] y = java.util.Arrays.copyOf(v, v.length + 1);
        y[v.length] = v[v.length - 1];
        return y;
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
