package org.sonde.inject.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.inject.analyze.Analysis;
import org.sonde.inject.analyze.CnpResult;
import org.sonde.inject.analyze.CounterResult;
import org.sonde.inject.analyze.GbnResult;
import org.sonde.inject.analyze.LossLatency;
import org.sonde.inject.analyze.QpGbnStats;
import org.sonde.inject.analyze.Reason;
import org.sonde.inject.mirror.TraceDecoder;
import org.sonde.inject.model.IntegrityResult;
import org.sonde.inject.model.RunCounters;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.study.RunTimeline;
import org.sonde.inject.testbed.InjectionResult;
import org.sonde.report.BarChart;
import org.sonde.report.CdfChart;
import org.sonde.report.HtmlReport;
import org.sonde.report.ScatterChart;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;
import org.sonde.core.config.Units;

/**
 * The HTML report of one {@code sonde inject run}: the QPs' packets over time with the injected events,
 * NAKs and CNPs marked, the retransmission latency breakdown, CNP intervals, the go-back-N verdict with
 * its reasons, trace integrity and the counter checks. It renders the run's records only.
 */
public final class InjectReport {
    /** Timelines drawn; beyond this many QPs the rest are in the tables only. */
    static final int QPS_PLOTTED = 4;
    static final int POINTS_PER_CHART = 20_000;
    static final int LOSSES_PLOTTED = 60;
    static final int TABLE_ROWS = 200;

    private InjectReport() {}

    /**
     * Writes the report of {@code run} to {@code target}, its timeline read from the run's trace;
     * {@code version} is Sonde's. The trace is named relative to the report, which stays right when
     * the directory moves (a command writes into a staging directory that replaces its output whole).
     */
    public static void write(String testName, InjectionResult run, Path target, String version) {
        Path trace = target.toAbsolutePath().getParent().relativize(run.trace().toAbsolutePath());
        of(testName, run, RunTimeline.of(run.metadata(), TraceDecoder.read(run.trace())), trace.toString(), version).writeTo(target);
    }

    static HtmlReport of(String testName, InjectionResult run, RunTimeline timeline, String traceName, String version) {
        Map<String, Object> facts = qpFacts(run.metadata());
        facts.put("injection entries", run.plan().entries().size());
        facts.put("messages completed / not", run.traffic().messagesCompleted() + " / " + run.traffic().messagesNotCompleted());
        facts.put("failed QPs", run.traffic().failedQps());
        facts.put("last completion", Units.formatNanos(run.traffic().lastCompletionNanos()));
        return of("Injection test " + testName, run.metadata(), run.analysis(), facts, timeline, run.counters(), traceName, version);
    }

    /**
     * The report of a capture analysed offline ({@code sonde inject analyze}): the same sections as a
     * run's but for what only a run knows (its plan, its traffic's completions, the NICs' raw counters).
     *
     * @param timeline the capture's packets over time ({@code CaptureAnalysis} keeps it when asked)
     */
    public static HtmlReport ofCapture(String capture, TestMetadata metadata, Analysis analysis, long packets, boolean mirrored,
                                       RunTimeline timeline, String version) {
        Map<String, Object> facts = qpFacts(metadata);
        facts.put("packets", packets);
        facts.put("trace", mirrored ? "with Lumina's mirror metadata" : "plain capture (losses inferred from the go-back-N restarts)");
        return of("Injection analysis", metadata, analysis, facts, timeline, null, capture, version);
    }

    private static Map<String, Object> qpFacts(TestMetadata qps) {
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("QPs", qps.qps().size());
        kv.put("messages per QP × size", qps.messagesPerQp() + " × " + qps.messageSize() + " B (MTU " + qps.mtu() + ")");
        return kv;
    }

    /** @param counters the run's raw NIC counters, or null for a capture (its counter checks, if any, are in the analysis) */
    private static HtmlReport of(String title, TestMetadata qps, Analysis analysis, Map<String, Object> facts, RunTimeline timeline,
                                 RunCounters counters, String traceName, String version) {
        HtmlReport report = HtmlReport.titled(title)
                .subtitle(traceName)
                .meta("sonde", version);
        summary(report, facts, analysis);
        timelines(report, timeline, qps);
        gbn(report, analysis.gbn(), qps);
        latency(report, analysis.latency().losses(), qps);
        cnp(report, analysis.cnp(), timeline.cnpGapsNanos());
        integrity(report, analysis.integrity());
        counters(report, analysis.counters(), counters);
        return report;
    }

    private static void summary(HtmlReport report, Map<String, Object> facts, Analysis a) {
        Section s = report.section("Summary");
        s.verdict(a.pass() ? Verdict.OK : Verdict.FAILURE, a.pass() ? "Every check passed." : failures(a));
        Map<String, Object> kv = new LinkedHashMap<>(facts);
        kv.put("trace integrity", a.integrity() == null ? "not checked" : a.integrity().pass() ? "complete" : "INCOMPLETE");
        kv.put("go-back-N", a.gbn().pass() ? "pass" : "FAIL");
        kv.put("CNP", a.cnp().pass() ? "pass" : "FAIL");
        kv.put("counters", a.counters() == null ? "not checked" : a.counters().pass() ? "pass" : "FAIL");
        s.keyValues(kv);
    }

    /** The failed checks with their numbers and the first reason, so the banner says what broke. */
    private static String failures(Analysis a) {
        List<String> failed = new ArrayList<>();
        String first = null;
        if (a.integrity() != null && !a.integrity().pass()) {
            failed.add("trace integrity (" + a.integrity().reasons().size() + " problems)");
            first = a.integrity().reasons().getFirst();
        }
        if (!a.gbn().pass()) {
            failed.add("go-back-N (" + violations(a.gbn().reasons().size() + a.gbn().omittedReasons()) + ")");
            if (first == null && !a.gbn().reasons().isEmpty()) first = a.gbn().reasons().getFirst().text(a.firstQpNumber());
        }
        if (!a.cnp().pass()) {
            failed.add("CNP (" + violations(a.cnp().reasons().size() + a.cnp().omittedReasons()) + ")");
            if (first == null && !a.cnp().reasons().isEmpty()) first = a.cnp().reasons().getFirst().text(a.firstQpNumber());
        }
        if (a.counters() != null && !a.counters().pass()) {
            failed.add("counters (" + a.counters().reasons().size() + " mismatches)");
            if (first == null && !a.counters().reasons().isEmpty()) first = a.counters().reasons().getFirst();
        }
        return "Failed: " + String.join(", ", failed) + "." + (first == null ? "" : " First: " + first);
    }

    private static void timelines(HtmlReport report, RunTimeline timeline, TestMetadata qps) {
        Section s = report.section("Packets over time");
        s.paragraph("Each QP's data packets by PSN relative to its first data PSN, as they passed the injecting switch, with the injected "
                + "events, NAKs, READ requests and CNPs (placed at the QP's latest data PSN) marked. ACKs are not drawn.");
        List<RunTimeline.Qp> drawn = timeline.qps().subList(0, Math.min(QPS_PLOTTED, timeline.qps().size()));
        // every chart has a series for every kind any of them shows, so a colour means one kind in all of them
        java.util.Set<RunTimeline.Kind> kinds = java.util.EnumSet.noneOf(RunTimeline.Kind.class);
        drawn.forEach(qp -> qp.marks().forEach(m -> kinds.add(m.kind())));
        for (RunTimeline.Qp qp : drawn) {
            s.chart(psnChart(qps.qpName(qp.qp()), qp.marks(), kinds));
            // over a long run the events are a few points among thousands: zoom in on them and the recovery
            var window = qp.aroundEvents();
            long span = qp.marks().isEmpty() ? 0 : qp.marks().getLast().atNanos() - qp.marks().getFirst().atNanos();
            if (window.isPresent() && window.get().toNanos() - window.get().fromNanos() < span / 2) {
                RunTimeline.Window w = window.get();
                s.chart(psnChart(String.format("%s around the injected events (%.1f–%.1f µs)", qps.qpName(qp.qp()), w.fromNanos() / 1e3, w.toNanos() / 1e3),
                        qp.marks().stream().filter(m -> w.contains(m.atNanos())).toList(), kinds));
            }
        }
        if (timeline.qps().size() > QPS_PLOTTED) s.paragraph((timeline.qps().size() - QPS_PLOTTED) + " more QPs are not drawn.");
    }

    /** A QP's marks by PSN over time, one series per kind of {@code kinds} (empty where this QP has none). */
    private static ScatterChart psnChart(String title, List<RunTimeline.Mark> marks, java.util.Set<RunTimeline.Kind> kinds) {
        Map<RunTimeline.Kind, double[][]> byKind = new EnumMap<>(RunTimeline.Kind.class);
        Map<RunTimeline.Kind, Integer> counts = new EnumMap<>(RunTimeline.Kind.class);
        kinds.forEach(k -> counts.put(k, 0));
        marks.forEach(m -> counts.merge(m.kind(), 1, Integer::sum));
        counts.forEach((k, n) -> byKind.put(k, new double[2][n]));
        Map<RunTimeline.Kind, Integer> filled = new EnumMap<>(RunTimeline.Kind.class);
        for (RunTimeline.Mark m : marks) {
            int i = filled.merge(m.kind(), 1, Integer::sum) - 1;
            byKind.get(m.kind())[0][i] = m.atNanos() / 1e3;
            byKind.get(m.kind())[1][i] = m.relativePsn();
        }
        ScatterChart chart = ScatterChart.titled(title).xAxis("time (µs)").yAxis("relative PSN").maxPoints(POINTS_PER_CHART);
        byKind.forEach((k, xy) -> chart.series(k.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '), xy[0], xy[1]));
        return chart;
    }

    /** "1 violation", "3 violations". */
    private static String violations(long n) {
        return n + (n == 1 ? " violation" : " violations");
    }

    private static void gbn(HtmlReport report, GbnResult g, TestMetadata qps) {
        Section s = report.section("Go-back-N (" + g.mode() + ")");
        s.verdict(g.pass() ? Verdict.OK : Verdict.FAILURE, g.pass() ? "Every QP's sender and receiver followed go-back-N."
                : violations(g.reasons().size() + g.omittedReasons()) + ".");
        if (!g.reasons().isEmpty()) {
            Table r = Table.of("QP", "sequence", "PSN", "violation").maxRows(TABLE_ROWS);
            for (Reason x : g.reasons()) r.row(x.qp() < 0 ? "" : x.qp() + qps.firstQpNumber(), x.sequence() < 0 ? "end of trace" : x.sequence(),
                    x.psn() < 0 ? "" : x.psn(), x.what());
            s.table(r);
        }
        Table t = Table.of("QP", "verb", "NAK retransmissions", "timeout retransmissions", "RNR", "corrupt", "out of sequence", "duplicates")
                .maxRows(TABLE_ROWS);
        for (QpGbnStats q : g.qps()) {
            t.row(q.qp() + qps.firstQpNumber(), q.verb(), q.nakRetransmissions(), q.timeoutRetransmissions(), q.rnrRetransmissions(), q.corruptDataPackets(),
                    q.outOfSequence(), q.duplicates());
        }
        s.table(t);
    }

    private static void latency(HtmlReport report, List<LossLatency> losses, TestMetadata qps) {
        Section s = report.section("Retransmission latency");
        if (losses.isEmpty()) {
            s.paragraph("No data packet was lost.");
            return;
        }
        s.paragraph("Per lost packet (paper Fig. 5): NAK generation (first delivered packet after the loss → NAK or READ re-request), NAK "
                + "reaction (NAK → retransmission) or the timeout, all at the switch, so they include the testbed's round trip.");
        List<LossLatency> drawn = losses.subList(0, Math.min(LOSSES_PLOTTED, losses.size()));
        s.chart(BarChart.titled("Latency breakdown per loss").categories(drawn.stream().map(l -> qps.qpName(l.qp()) + " PSN " + l.psn()).toArray(String[]::new))
                .series("NAK generation", drawn.stream().mapToDouble(l -> micros(l.nakGenerationNanos())).toArray())
                .series("NAK reaction", drawn.stream().mapToDouble(l -> micros(l.nakReactionNanos())).toArray())
                .series("timeout", drawn.stream().mapToDouble(l -> micros(l.timeoutNanos())).toArray())
                .valueAxis("µs").logScale());
        Table t = Table.of("QP", "PSN", "recovery", "NAK generation", "NAK reaction", "timeout", "retransmission").maxRows(TABLE_ROWS);
        for (LossLatency l : losses) {
            t.row(l.qp() + qps.firstQpNumber(), l.psn(), l.recovery(), nanos(l.nakGenerationNanos()), nanos(l.nakReactionNanos()), nanos(l.timeoutNanos()),
                    nanos(l.retransmissionNanos()));
        }
        s.table(t);
    }

    private static double micros(long nanos) {
        return nanos < 0 ? Double.NaN : nanos / 1e3;
    }

    private static String nanos(long nanos) {
        return nanos < 0 ? "–" : Units.formatNanos(nanos);
    }

    private static void cnp(HtmlReport report, CnpResult c, List<Long> gapsNanos) {
        Section s = report.section("CNPs");
        s.verdict(c.pass() ? Verdict.OK : Verdict.FAILURE, c.cnps() + " CNPs for " + c.ecnMarkedDataPackets() + " ECN-marked data packets and "
                + c.naks() + " NAKs; " + c.misdirectedCnps() + " misdirected, " + c.strayCnps() + " stray.");
        c.reasons().forEach(r -> s.paragraph(r.what()));
        if (c.inferred() != null) {
            s.paragraph("Best-fitting rate limiter: " + c.inferred().scope() + ", more than " + Units.formatNanos(c.inferred().minIntervalNanos())
                    + " between CNPs" + (c.inferred().nakTriggers() ? ", NAKs trigger CNPs" : "") + " (mismatch " + c.inferred().mismatch()
                    + "); consistent scopes: " + c.inferred().consistentScopes() + ".");
        }
        Table t = Table.of("scope", "verdict", "expected", "actual", "intervals", "min", "p50", "max");
        for (CnpResult.Scope x : c.scopes()) {
            t.row(x.scope(), x.pass() ? "✓" : "✗", x.expected(), x.actual(), x.intervals().count(), nanos(x.intervals().min()),
                    nanos(x.intervals().p50()), nanos(x.intervals().max()));
        }
        s.table(t);
        if (!gapsNanos.isEmpty()) {
            s.chart(CdfChart.titled("Gaps between consecutive CNPs to the same QP").xAxis("gap (µs)").logX()
                    .samples("per QP", gapsNanos.stream().mapToDouble(g -> g / 1e3).toArray()));
        }
    }

    private static void integrity(HtmlReport report, IntegrityResult i) {
        Section s = report.section("Trace integrity");
        if (i == null) {
            s.paragraph("Not checked.");
            return;
        }
        s.verdict(i.pass() ? Verdict.OK : Verdict.FAILURE, (i.pass() ? "The trace is complete: " : "The trace is incomplete: ")
                + i.tracePackets() + " packets.");
        i.reasons().forEach(s::paragraph);
    }

    private static void counters(HtmlReport report, CounterResult c, RunCounters counters) {
        if (c == null && counters == null) return;
        Section s = report.section("Counters");
        if (c != null) {
            s.verdict(c.pass() ? Verdict.OK : Verdict.FAILURE, c.pass() ? "Every counter agrees with the trace." : String.join("; ", c.reasons()));
            c.notes().forEach(n -> s.verdict(Verdict.INFO, n));
            Table t = Table.of("NIC", "counter", "trace", "counter delta", "status");
            for (CounterResult.Check x : c.checks()) t.row(x.nic(), x.counter(), x.expected(), x.actual() == null ? "–" : x.actual(), x.status());
            s.table(t);
        }
        if (counters == null) return;
        Table raw = Table.of("NIC", "counter", "delta").maxRows(TABLE_ROWS).caption("Non-zero counter deltas of the run");
        new TreeMap<>(counters.requesterNic()).forEach((k, v) -> {
            if (v != 0) raw.row("requester", k, v);
        });
        new TreeMap<>(counters.responderNic()).forEach((k, v) -> {
            if (v != 0) raw.row("responder", k, v);
        });
        s.table(raw);
    }
}
