package org.sonde.inject.tcp.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.tcp.TcpConnectionResult;
import org.sonde.inject.tcp.TcpPacketInfo;
import org.sonde.inject.tcp.TcpRun;
import org.sonde.inject.tcp.TcpStateSample;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.inject.tcp.analyze.TcpAnalysis;
import org.sonde.inject.tcp.analyze.TcpAnalysisJson;
import org.sonde.inject.tcp.analyze.TcpAnalyzer;
import org.sonde.report.EventWindow;
import org.sonde.report.HtmlReport;
import org.sonde.report.LineChart;
import org.sonde.report.ScatterChart;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;
import org.sonde.sim.stats.RunStatistics;

/**
 * The HTML report of one TCP test: the verdict first (with the first failing check's reason),
 * each connection's sequence numbers over time with the injected events marked, the recovery of
 * every lost transmission, the ECN responses, SACK honesty, and the trace's integrity against both
 * hosts' counters.
 */
public final class TcpReport {
    /** Connections drawn; the rest are in the tables. */
    static final int CONNECTIONS_PLOTTED = 4;
    /** Client data segments drawn on either side of the injected events when zooming in on them. */
    static final int CONTEXT_SEGMENTS = 20;

    private TcpReport() {}

    public static void write(TcpRun run, TcpAnalysis analysis, Path target, String version) {
        of(run, analysis, version).writeTo(target);
    }

    static HtmlReport of(TcpRun run, TcpAnalysis a, String version) {
        HtmlReport report = HtmlReport.titled("TCP injection test " + run.test().name())
                .subtitle("on " + run.target() + " (kernel " + run.kernel() + ")").meta("sonde", version);
        Section summary = report.section("Verdict");
        summary.verdict(a.pass() ? Verdict.OK : Verdict.FAILURE, a.pass() ? "Every check passed." : firstFailure(a));
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("connections complete", run.connections().stream().filter(TcpConnectionResult::complete).count() + " of " + run.connections().size());
        kv.put("packets at the injector", run.trace().entries().size());
        kv.put("events applied", run.trace().entries().stream().filter(e -> e.event() != InjectedEvent.NONE).count());
        kv.put("trace integrity", a.integrity().pass() ? "complete" : "INCOMPLETE");
        kv.put("recoveries", a.recoveries().size() + " (" + a.recoveries().stream().filter(TcpAnalysis.Recovery::pass).count() + " pass)");
        kv.put("spurious retransmissions", a.spurious().size());
        kv.put("ECN marks", a.ecn().size() + " (" + a.ecn().stream().filter(TcpAnalysis.EcnResponse::pass).count() + " pass)");
        if (!a.zeroWindows().isEmpty()) {
            kv.put("zero windows", a.zeroWindows().size() + " (" + a.zeroWindows().stream().filter(TcpAnalysis.ZeroWindow::pass).count() + " pass)");
        }
        kv.put("acknowledgements", a.acks().stream().mapToInt(TcpAnalysis.AckPolicy::acks).sum() + " ("
                + a.acks().stream().mapToInt(TcpAnalysis.AckPolicy::delayed).sum() + " delayed"
                + (a.acks().stream().allMatch(TcpAnalysis.AckPolicy::pass) ? ")" : ", SOME LATE)"));
        kv.put("SACK blocks", a.sack().blocksChecked() + (a.sack().pass() ? ", all over delivered bytes" : ", SOME OVER LOST BYTES"));
        kv.put("congestion control", run.test().traffic().congestionControl());
        run.test().sysctls().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(s -> kv.put(s.getKey(), s.getValue()));
        summary.keyValues(kv);

        timelines(report, run.trace());
        if (!run.clientStates().isEmpty()) windows(report, run);
        recoveries(report, a.recoveries());
        if (!a.spurious().isEmpty()) spurious(report, a.spurious());
        if (!a.ecn().isEmpty()) ecn(report, a.ecn());
        if (!a.zeroWindows().isEmpty()) zeroWindows(report, a.zeroWindows());
        acks(report, a.acks());
        Section sack = report.section("SACK blocks");
        sack.verdict(a.sack().pass() ? Verdict.OK : Verdict.FAILURE, a.sack().blocksChecked() + " blocks compared with the bytes that reached the receiver");
        a.sack().problems().forEach(sack::paragraph);
        integrity(report, run, a.integrity());
        report.attachJson(TcpAnalysisJson.toJson(a));
        return report;
    }

    private static String firstFailure(TcpAnalysis a) {
        if (!a.integrity().pass()) return "The trace is incomplete: " + a.integrity().problems().getFirst();
        for (TcpAnalysis.Recovery r : a.recoveries()) {
            if (!r.pass()) return "Connection " + r.connection() + ", segment " + r.segment() + " (transmission " + r.iteration() + "): " + r.reason();
        }
        for (TcpAnalysis.EcnResponse e : a.ecn()) {
            if (!e.pass()) return "Connection " + e.connection() + ", ECN mark on segment " + e.segment() + ": " + e.reason();
        }
        for (TcpAnalysis.ZeroWindow z : a.zeroWindows()) {
            if (!z.pass()) return "Connection " + z.connection() + ", zero window: " + z.reason();
        }
        for (TcpAnalysis.AckPolicy k : a.acks()) {
            if (!k.pass()) return "Connection " + k.connection() + ", acknowledgements: " + k.reason();
        }
        return a.sack().problems().isEmpty() ? "A check failed." : a.sack().problems().getFirst();
    }

    /** Per connection: the client's segments (new, sent again, lost, marked) and the server's acknowledgement number, over time. */
    private static void timelines(HtmlReport report, TcpTrace trace) {
        List<TcpTrace.Entry> e = trace.entries();
        if (e.isEmpty()) return;
        long t0 = e.getFirst().timeNanos();
        Section s = report.section("Sequence numbers over time");
        s.paragraph("Relative sequence numbers (the first data byte is 1) of the client's segments at the injector, and the server's"
                + " acknowledgement number; lost segments and marked ones are series of their own.");
        int connections = e.stream().mapToInt(x -> x.info().connection()).max().orElse(0);
        for (int c = 1; c <= Math.min(connections, CONNECTIONS_PLOTTED); c++) {
            int connection = c;
            List<TcpTrace.Entry> own = e.stream().filter(x -> x.info().connection() == connection).toList();
            s.chart(sequenceChart("Connection " + c, own, t0));
            // in a long transfer the events are a few points among thousands: zoom in on them and the recovery
            var window = EventWindow.around(new EventWindow.Points() {
                @Override
                public int size() {
                    return own.size();
                }

                @Override
                public boolean isEvent(int i) {
                    return isData(own.get(i)) && own.get(i).event() != InjectedEvent.NONE;
                }

                @Override
                public boolean isPacket(int i) {
                    return isData(own.get(i));
                }

                @Override
                public long sequence(int i) {
                    return isData(own.get(i)) ? own.get(i).info().relSeq() : Long.MAX_VALUE;
                }
            }, CONTEXT_SEGMENTS);
            if (window.isEmpty() || own.isEmpty()) continue;
            long from = own.get(window.get()[0]).timeNanos(), to = own.get(window.get()[1]).timeNanos();
            if (to - from >= (own.getLast().timeNanos() - own.getFirst().timeNanos()) / 2) continue;
            s.chart(sequenceChart(String.format("Connection %d around the injected events (%.3f–%.3f ms)", c, (from - t0) / 1e6, (to - t0) / 1e6),
                    own.stream().filter(x -> x.timeNanos() >= from && x.timeNanos() <= to).toList(), t0));
        }
        if (connections > CONNECTIONS_PLOTTED) s.paragraph((connections - CONNECTIONS_PLOTTED) + " more connections are in the tables only.");
    }

    private static boolean isData(TcpTrace.Entry x) {
        return x.info().fromClient() && x.info().dataBytes() > 0;
    }

    /** One connection's segments by relative sequence number over time, lost, re-sent and marked ones apart, with the server's ACKs. */
    private static ScatterChart sequenceChart(String title, List<TcpTrace.Entry> entries, long t0) {
        Series fresh = new Series(), again = new Series(), lost = new Series(), marked = new Series(), acks = new Series();
        for (TcpTrace.Entry x : entries) {
            TcpPacketInfo p = x.info();
            double ms = (x.timeNanos() - t0) / 1e6;
            if (isData(x)) {
                Series into = !x.delivered() ? lost : x.event() == InjectedEvent.ECN ? marked : p.iteration() > 1 ? again : fresh;
                into.add(ms, p.relSeq());
            } else if (!p.fromClient() && p.relAck() > 0) {
                acks.add(ms, p.relAck());
            }
        }
        ScatterChart chart = ScatterChart.titled(title).xAxis("time (ms)").yAxis("relative sequence number");
        fresh.addTo(chart, "segment");
        again.addTo(chart, "sent again");
        lost.addTo(chart, "lost (dropped or corrupted)");
        marked.addTo(chart, "CE-marked");
        acks.addTo(chart, "server's acknowledgement");
        return chart;
    }

    /** Per connection: the client's congestion window and slow-start threshold over time, from its kernel's tcp_info. */
    private static void windows(HtmlReport report, TcpRun run) {
        long t0 = run.trace().entries().isEmpty() ? run.clientStates().getFirst().timeNanos() : run.trace().entries().getFirst().timeNanos();
        Section s = report.section("Congestion window (tcp_info)");
        s.paragraph("The client's congestion window and slow-start threshold as its kernel reported them (sock_diag, what ss -ti reads,"
                + " sampled every millisecond), on the time axis of the sequence plots; a sample is drawn where a figure changed.");
        int connections = run.clientStates().stream().mapToInt(TcpStateSample::connection).max().orElse(0);
        for (int c = 1; c <= Math.min(connections, CONNECTIONS_PLOTTED); c++) {
            int conn = c;
            List<TcpStateSample> x = run.clientStates().stream().filter(v -> v.connection() == conn).toList();
            if (x.isEmpty()) continue;
            double[] ms = x.stream().mapToDouble(v -> (v.timeNanos() - t0) / 1e6).toArray();
            LineChart chart = LineChart.titled("Connection " + c).xAxis("time (ms)").yAxis("segments").step()
                    .series("cwnd", ms, x.stream().mapToDouble(TcpStateSample::cwnd).toArray());
            List<TcpStateSample> limited = x.stream().filter(v -> v.ssthresh() >= 0).toList();
            if (!limited.isEmpty()) {
                chart.series("ssthresh", limited.stream().mapToDouble(v -> (v.timeNanos() - t0) / 1e6).toArray(),
                        limited.stream().mapToDouble(TcpStateSample::ssthresh).toArray());
            }
            s.chart(chart);
        }
        Table states = Table.of("connection", "congestion state", "entered at", "cwnd", "ssthresh", "RTO");
        int[] previous = new int[connections + 1];
        java.util.Arrays.fill(previous, -1);
        for (TcpStateSample v : run.clientStates()) {
            if (v.caState() == previous[v.connection()]) continue;
            previous[v.connection()] = v.caState();
            states.row(v.connection(), TcpStateSample.caStateName(v.caState()), ms(v.timeNanos() - t0), v.cwnd(), v.ssthresh() < 0 ? "-" : v.ssthresh(),
                    String.format("%.1f ms", v.rtoMicros() / 1e3));
        }
        s.table(states);
    }

    private static void recoveries(HtmlReport report, List<TcpAnalysis.Recovery> recoveries) {
        Section s = report.section("Recovery of lost transmissions");
        if (recoveries.isEmpty()) {
            s.paragraph("No data segment was lost.");
            return;
        }
        s.paragraph("Latency is split into detection (the lost transmission to the acknowledgement that showed the hole, or the whole"
                + " wait of a timer), reaction (that acknowledgement to the retransmission) and repair (the retransmission to the"
                + " acknowledgement covering it), all at the injector.");
        Table t = Table.of("connection", "segment", "transmission lost", "found by", "latency", "detection", "reaction", "repair",
                "acknowledgements showing the hole", "verdict", "why");
        for (TcpAnalysis.Recovery r : recoveries) {
            t.row(r.connection(), r.segment(), r.iteration(), r.kind().word(), ms(r.latencyNanos()), ms(r.split().detectionNanos()),
                    ms(r.split().reactionNanos()), ms(r.split().repairNanos()), r.duplicateAcks(), r.pass() ? "pass" : "FAIL", r.reason());
        }
        s.table(t);
    }

    private static void zeroWindows(HtmlReport report, List<TcpAnalysis.ZeroWindow> zero) {
        Table t = Table.of("connection", "at", "closed for", "probes", "each after", "data past the window", "new data after reopening", "verdict", "why");
        for (TcpAnalysis.ZeroWindow z : zero) {
            t.row(z.connection(), ms(z.atNanos()), z.durationNanos() < 0 ? "never reopened" : ms(z.durationNanos()), z.probeAfterNanos().size(),
                    String.join(", ", z.probeAfterNanos().stream().map(TcpReport::ms).toList()), z.dataBeyondWindow(), ms(z.resumeNanos()),
                    z.pass() ? "pass" : "FAIL", z.reason());
        }
        Section s = report.section("Zero windows and persist probes");
        s.paragraph("The receiver advertised no room; the sender must wait one RTO before probing and back off between probes (RFC 1122 §4.2.2.17).");
        s.table(t);
    }

    private static void acks(HtmlReport report, List<TcpAnalysis.AckPolicy> acks) {
        Table t = Table.of("connection", "acknowledgements", "at once", "delayed", "stretched", "longest wait", "out of order", "answered late", "verdict", "why");
        for (TcpAnalysis.AckPolicy k : acks) {
            t.row(k.connection(), k.acks(), k.immediate(), k.delayed(), k.stretch(), ms(k.maxDelayNanos()), k.outOfOrder(), k.late(),
                    k.pass() ? "pass" : "FAIL", k.reason());
        }
        Section s = report.section("Delayed acknowledgements");
        s.paragraph("Data may wait for a second full-sized segment or the delayed-ACK timer (Linux: 40 to 200 ms; RFC 1122: never more than"
                + " 500 ms); a segment out of order, or one filling a hole, is acknowledged at once (RFC 5681 §4.2).");
        s.table(t);
    }

    private static String ms(long nanos) {
        return nanos < 0 ? "-" : TcpAnalyzer.ms(nanos);
    }

    private static void spurious(HtmlReport report, List<TcpAnalysis.Spurious> spurious) {
        Table t = Table.of("connection", "segment", "transmission", "sent by", "after the delivered one", "cause");
        for (TcpAnalysis.Spurious r : spurious) {
            t.row(r.connection(), r.segment(), r.iteration(), r.kind().word(), String.format("%.3f ms", r.afterNanos() / 1e6), r.cause());
        }
        Section s = report.section("Spurious retransmissions");
        s.paragraph("Segments sent again although the receiver had them.");
        s.table(t);
    }

    private static void ecn(HtmlReport report, List<TcpAnalysis.EcnResponse> ecn) {
        Table t = Table.of("connection", "segment marked", "ECN negotiated", "echo after", "CWR after the echo", "verdict", "why");
        for (TcpAnalysis.EcnResponse r : ecn) {
            t.row(r.connection(), r.segment(), r.negotiated() ? "yes" : "no", r.echoNanos() < 0 ? "-" : String.format("%.3f ms", r.echoNanos() / 1e6),
                    r.cwrNanos() < 0 ? "-" : String.format("%.3f ms", r.cwrNanos() / 1e6), r.pass() ? "pass" : "FAIL", r.reason());
        }
        report.section("ECN (RFC 3168)").table(t);
    }

    private static void integrity(HtmlReport report, TcpRun run, TcpAnalysis.Integrity integrity) {
        Section s = report.section("Trace integrity");
        s.verdict(integrity.pass() ? Verdict.OK : Verdict.FAILURE, integrity.pass()
                ? "The trace holds every packet the hosts sent and received, by their own counters."
                : String.join("; ", integrity.problems()));
        Table figures = Table.of("figure", "value");
        integrity.figures().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(f -> figures.row(f.getKey(), f.getValue()));
        s.table(figures);
        Table connections = Table.of("connection", "client port", "bytes sent", "bytes the server read", "intact", "time", "error");
        for (TcpConnectionResult c : run.connections()) {
            connections.row(c.connection(), c.localPort(), c.bytesSent(), c.bytesReceivedByServer(), c.intact() ? "yes" : "NO",
                    String.format("%.3f ms", c.durationNanos() / 1e6), c.error() == null ? "" : c.error());
        }
        s.table(connections);
        long[] added = run.addedNanos().clone();
        if (added.length > 0) {
            Arrays.sort(added);
            s.paragraph(String.format("The injector added %.1f µs per packet at the median (p99 %.1f µs), from the middle box's kernel receiving it"
                    + " to the verdict.", RunStatistics.percentile(added, 0.5) / 1e3, RunStatistics.percentile(added, 0.99) / 1e3));
        }
    }

    /** Points of one series, added in order. */
    private static final class Series {
        private final List<double[]> points = new ArrayList<>();

        void add(double x, double y) {
            points.add(new double[] {x, y});
        }

        /** Added even when empty, so that a colour means one kind of point in every connection's chart. */
        void addTo(ScatterChart chart, String name) {
            chart.series(name, points.stream().mapToDouble(p -> p[0]).toArray(), points.stream().mapToDouble(p -> p[1]).toArray());
        }
    }
}
