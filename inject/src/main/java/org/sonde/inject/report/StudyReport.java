package org.sonde.inject.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.sonde.inject.study.CnpPacingRun;
import org.sonde.inject.study.EtsRun;
import org.sonde.inject.study.EtsSetting;
import org.sonde.inject.study.Finding;
import org.sonde.inject.study.Findings;
import org.sonde.inject.study.LatencySweep;
import org.sonde.inject.study.NoisyNeighbourRun;
import org.sonde.inject.study.StudyResult;
import org.sonde.inject.study.TimeoutScheduleRun;
import org.sonde.report.BarChart;
import org.sonde.report.CdfChart;
import org.sonde.report.HtmlReport;
import org.sonde.report.LineChart;
import org.sonde.report.ScatterChart;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;
import org.sonde.core.config.Units;
import org.sonde.sim.rdma.Verb;

/**
 * The study's HTML report: Lumina's Figs. 8–11 redone on the NIC profiles, the CNP and retransmission
 * timeout measurements, and the findings table with a verdict per row. It only renders a
 * {@link StudyResult}; nothing is simulated or measured here.
 */
public final class StudyReport {
    private StudyReport() {}

    /** The report of {@code r}, with its result attached as JSON; {@code version} is Sonde's, shown under the title. */
    public static HtmlReport of(StudyResult r, String version) {
        HtmlReport report = HtmlReport.titled("Lumina §6 on simulated NIC profiles")
                .subtitle("Figs. 8–11 and the hidden behaviours of Yu et al., SIGCOMM 2023, redone through Sonde's injection pipeline")
                .meta("sonde", version)
                .meta("seed", r.plan().seed());
        summary(report, r);
        findings(report, r.findings());
        latency(report, r.latency(), "Fig. 8: NAK generation latency", LatencySweep.Point::nakGenerationNanos);
        latency(report, r.latency(), "Fig. 9: NAK reaction latency", LatencySweep.Point::nakReactionNanos);
        ets(report, r.ets());
        noisyNeighbour(report, r.noisyNeighbour());
        cnp(report, r.cnp());
        timeouts(report, r.timeouts());
        report.attachJson(r);
        return report;
    }

    private static void summary(HtmlReport report, StudyResult r) {
        Section s = report.section("Summary");
        long failed = r.findings().stream().filter(f -> !f.pass()).count();
        s.verdict(failed == 0 ? Verdict.OK : Verdict.FAILURE, failed == 0
                ? "Every one of the " + r.findings().size() + " measurements matches what its profile specifies."
                : failed + " of " + r.findings().size() + " measurements differ from what their profile specifies.");
        s.verdict(Verdict.INFO, "The profiles are models of the behaviours Lumina published for the ConnectX-4 Lx, ConnectX-5, "
                + "ConnectX-6 Dx and E810 (see the profiles' README for each number's source), not of vendor firmware; 'neutral' follows "
                + "the specifications. This study checks that Sonde's injector and analyzers recover those behaviours from packet traces, "
                + "as Lumina would on the real NICs.");
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("profiles", String.join(", ", r.plan().profiles()));
        kv.put("relative PSNs dropped (Figs. 8–9)", String.join(", ", r.plan().relativePsns().stream().map(String::valueOf).toList()));
        kv.put("Fig. 10 profiles", String.join(", ", r.plan().etsProfiles()));
        kv.put("Fig. 11 dropping QPs", String.join(", ", r.plan().droppingQps().stream().map(String::valueOf).toList()));
        kv.put("wall time", String.format("%.1f s", r.wallSeconds()));
        s.keyValues(kv);
    }

    private static void findings(HtmlReport report, List<Finding> findings) {
        Section s = report.section("Findings (Table 2 and §6.3)");
        s.paragraph("Each row compares what the profile specifies with what the analyzers measured on the run's trace and counters.");
        Table t = Table.of("behaviour", "paper", "profile", "expected", "measured", "verdict", "how");
        for (Finding f : findings) {
            t.row(f.behaviour(), f.section(), f.profile(), f.expected(), f.measured(), f.pass() ? "✓ pass" : "✗ FAIL", f.note());
        }
        s.table(t);
    }

    private static void latency(HtmlReport report, List<LatencySweep> sweeps, String title, Function<LatencySweep.Point, Long> field) {
        if (sweeps.isEmpty()) return;
        Section s = report.section(title);
        s.paragraph("One 100 KB message per point on one QP, one packet dropped at the relative PSN on the x axis. Latencies are switch "
                + "timestamps less the testbed's turnaround (data → ACK, READ request → response), the paper's \"pre-measuring the RTT\". "
                + "Log scale: zero latencies (neutral) are not drawn.");
        for (Verb verb : List.of(Verb.WRITE, Verb.READ)) {
            ScatterChart chart = ScatterChart.titled(title.substring(title.indexOf(':') + 2) + ", " + verb).xAxis("relative PSN of the dropped packet")
                    .yAxis("latency (µs)").logY();
            for (LatencySweep sweep : sweeps) {
                if (sweep.verb() != verb) continue;
                List<LatencySweep.Point> points = sweep.points().stream().filter(p -> field.apply(p) != null).toList();
                chart.series(sweep.profile(), points.stream().mapToDouble(LatencySweep.Point::relativePsn).toArray(),
                        points.stream().mapToDouble(p -> field.apply(p) / 1e3).toArray());
            }
            s.chart(chart);
        }
    }

    private static void ets(HtmlReport report, List<EtsRun> runs) {
        if (runs.isEmpty()) return;
        Section s = report.section("Fig. 10: ETS goodput of two QPs");
        s.paragraph("Two QPs WRITE 20 × 1 MB each, DCQCN on. Settings 1–2: QP0 in traffic class 3, QP1 in class 4, two ETS classes of 50 %; "
                + "setting 3: both in class 3. Settings 2–3 mark one in 50 of QP0's packets. A work-conserving scheduler lets QP1 use what "
                + "DCQCN leaves of QP0's share; the paper's CX6 Dx held it to " + String.format("%.0f", Findings.etsShareGbps(runs.getFirst()))
                + " Gb/s.");
        for (String profile : runs.stream().map(EtsRun::profile).distinct().toList()) {
            List<EtsRun> mine = runs.stream().filter(r -> r.profile().equals(profile)).toList();
            BarChart bars = BarChart.titled("Goodput, " + profile).categories(mine.stream().map(r -> r.setting().label).toArray(String[]::new))
                    .valueAxis("Gb/s");
            for (int qp = 0; qp < 2; qp++) {
                int q = qp;
                bars.series("QP" + qp, mine.stream().mapToDouble(r -> r.goodputGbps().get(q)).toArray());
            }
            s.chart(bars);
            EtsRun marked = mine.stream().filter(r -> r.setting() == EtsSetting.MULTI_QUEUE_ECN).findFirst().orElse(null);
            if (marked != null) s.chart(timeline("Goodput over time, " + profile + ", " + marked.setting().label, marked));
        }
    }

    private static LineChart timeline(String title, EtsRun run) {
        LineChart chart = LineChart.titled(title).xAxis("time (ms)").yAxis("Gb/s");
        List<List<Double>> perQp = run.timeline().gbpsPerQp();
        for (int qp = 0; qp < perQp.size(); qp++) {
            List<Double> bins = perQp.get(qp);
            double[] x = new double[bins.size()];
            for (int i = 0; i < x.length; i++) x[i] = (i + 1) * run.timeline().binNanos() / 1e6;
            chart.series("QP" + qp, x, bins.stream().mapToDouble(Double::doubleValue).toArray());
        }
        return chart.step();
    }

    private static void noisyNeighbour(HtmlReport report, List<NoisyNeighbourRun> runs) {
        if (runs.isEmpty()) return;
        Section s = report.section("Fig. 11: noisy neighbour");
        s.paragraph("36 QPs READ ten 20 KB messages each at 40 Gb/s; the fifth data packet of every message is dropped on the first i QPs. "
                + "Mean message completion time, posting to completion as the traffic generator saw it, of the innocent QPs and of those with "
                + "drops (log scale). The switch cannot see packets a NIC discards: the trace's sign of them is an innocent QP re-requesting "
                + "responses the switch had delivered.");
        for (String profile : runs.stream().map(NoisyNeighbourRun::profile).distinct().toList()) {
            List<NoisyNeighbourRun> mine = runs.stream().filter(r -> r.profile().equals(profile)).toList();
            s.chart(BarChart.titled("Mean MCT, " + profile).categories(mine.stream().map(r -> "i = " + r.droppingQps()).toArray(String[]::new))
                    .series("innocent", mine.stream().mapToDouble(r -> micros(r.innocentMctNanos())).toArray())
                    .series("with drops", mine.stream().mapToDouble(r -> micros(r.droppedMctNanos())).toArray())
                    .valueAxis("µs").logScale());
        }
        Table t = Table.of("profile", "i", "innocent MCT", "MCT with drops", "innocent MCT in the trace", "rx_discards_phy",
                "innocent QPs re-requesting delivered responses", "innocent retransmissions", "local_ack_timeout_err", "incomplete");
        for (NoisyNeighbourRun r : runs) {
            t.row(r.profile(), r.droppingQps(), nanos(r.innocentMctNanos()), nanos(r.droppedMctNanos()), nanos(r.innocentTraceMctNanos()),
                    r.rxDiscardsPhy(), r.innocentQpsOffTrace(), r.innocentRetransmissions(), r.localAckTimeouts(), r.incomplete());
        }
        s.table(t);
    }

    /** A mean MCT in µs, NaN (not drawn) when the group was empty (null). */
    private static double micros(Double nanos) {
        return nanos == null ? Double.NaN : nanos / 1e3;
    }

    private static String nanos(Double nanos) {
        return nanos == null ? "–" : Units.formatNanos(Math.round(nanos));
    }

    private static void cnp(HtmlReport report, List<CnpPacingRun> runs) {
        if (runs.isEmpty()) return;
        Section s = report.section("§6.3: CNP pacing");
        s.paragraph("Two WRITE QPs with every data packet ECN-marked and the reaction points off. The CNP analyzer replays every rate-limiter "
                + "scope and interval against the trace; the gaps are those between consecutive CNPs of the inferred scope.");
        Table t = Table.of("profile", "CNPs", "ECN-marked", "inferred scope", "consistent scopes", "smallest gap", "counters off");
        CdfChart cdf = CdfChart.titled("Gaps between CNPs of one scope").xAxis("gap (µs)").logX();
        for (CnpPacingRun r : runs) {
            t.row(r.profile(), r.cnps(), r.ecnMarked(), Objects.toString(r.inferredScope(), "–"), r.consistentScopes().toString(),
                    r.minGapNanos() == null ? "–" : Units.formatNanos(r.minGapNanos()),
                    r.counterMismatches().stream().map(c -> c.counter() + " " + (c.actual() == null ? "missing" : c.actual()) + " (trace " + c.expected() + ")").toList().toString());
            cdf.samples(r.profile(), r.gapsNanos().stream().mapToDouble(g -> g / 1e3).toArray());
        }
        s.table(t);
        s.chart(cdf);
    }

    private static void timeouts(HtmlReport report, List<TimeoutScheduleRun> runs) {
        if (runs.isEmpty()) return;
        Section s = report.section("§6.3: adaptive retransmission timeouts");
        s.paragraph("Timeout 14 (4.096 µs · 2^14 = 67.1 ms); the last packet of the only message is dropped 7 times. The latency analyzer "
                + "measures each timeout from the previous transmission of the packet.");
        LineChart chart = LineChart.titled("Timeout before each retry").xAxis("retry").yAxis("timeout (ms)").markers();
        for (TimeoutScheduleRun r : runs) {
            String label = r.profile() + ", adaptive " + (r.adaptive() ? "on" : "off");
            double[] x = new double[r.timeoutsNanos().size()];
            for (int i = 0; i < x.length; i++) x[i] = i + 1;
            chart.series(label, x, r.timeoutsNanos().stream().mapToDouble(n -> n / 1e6).toArray());
        }
        s.chart(chart);
    }
}
