package org.sonde.replay.diagnose;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.report.HtmlReport;
import org.sonde.report.ScatterChart;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;

/**
 * The HTML report of a capture's diagnosis: the slow flows by size and cause (DETER's Tables 2–3), the
 * retransmissions by cause, and for the slowest flows their sequence and acknowledgement numbers over time with the
 * retransmissions and the packets each diagnosis cites marked, so the pattern behind a cause (a burst then a 40 ms
 * wait, duplicate ACKs without a retransmission) can be seen.
 */
public final class DiagnosisReport {
    /** Flows drawn, slowest first; the rest are in the tables and the JSON. */
    static final int FLOWS_PLOTTED = 6;

    private DiagnosisReport() {}

    /** Writes the report of {@code d}, reading {@code capture} again for the packets of the flows it draws. */
    public static void write(CaptureDiagnosis d, Path capture, Path target, String command, String version) {
        of(d, capture, command, version).writeTo(target);
    }

    static HtmlReport of(CaptureDiagnosis d, Path capture, String command, String version) {
        HtmlReport report = HtmlReport.titled("TCP diagnosis").subtitle(d.capture()).meta("command", command).meta("sonde", version);
        addTo(report, d, capture);
        report.attachJson(d.toJson());
        return report;
    }

    /**
     * Adds the diagnosis's sections to {@code report}: a summary with the verdict, the slow flows by size, the
     * retransmissions by cause, and the slowest flows drawn from {@code capture} (read again for their packets).
     */
    public static void addTo(HtmlReport report, CaptureDiagnosis d, Path capture) {
        List<FlowDiagnosis> slow = d.flows().stream().filter(f -> !f.slowdowns().isEmpty())
                .sorted(Comparator.comparingLong(DiagnosisReport::cost).reversed()).toList();
        Section summary = report.section("Diagnosis");
        long retransmissions = d.flows().stream().mapToLong(f -> f.retransmissions().size()).sum();
        summary.verdict(slow.isEmpty() ? Verdict.OK : Verdict.WARNING, slow.isEmpty()
                ? "No flow shows a cause of delay."
                : slow.size() + " of " + d.flows().size() + " flows show a cause of delay; the slowest is " + slow.getFirst().src() + " -> "
                + slow.getFirst().dst() + " (" + slow.getFirst().slowdowns().getFirst().kind() + ").");
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("frames", d.totals().frames());
        kv.put("TCP packets", d.totals().tcpPackets());
        kv.put("flows (one direction of a connection)", d.flows().size());
        kv.put("retransmissions", retransmissions);
        summary.keyValues(kv);

        Set<SlowdownKind> named = EnumSet.noneOf(SlowdownKind.class);
        for (FlowDiagnosis f : d.flows()) f.transfers().forEach(x -> x.slowdowns().forEach(w -> named.add(w.kind())));
        Section table = report.section("Slow flows by size");
        table.paragraph("In the form of DETER's Tables 2–3: the flows that carried data, by size, and how many name each cause"
                + " (a flow may name several); first the tail of each size, the tenth that took longest, then all of them. A flow"
                + " here is a transfer: on a persistent connection each request or response counts alone.");
        for (boolean tail : new boolean[] {true, false}) {
            List<String> headers = new ArrayList<>(List.of(tail ? "flow size (tail)" : "flow size (all)", "flows", "slow"));
            named.forEach(k -> headers.add(k.name()));
            Table t = Table.of(headers.toArray(String[]::new));
            for (CaptureDiagnosis.SizeRow row : d.bySize()) {
                List<Object> cells = new ArrayList<>(List.of(row.label(), tail ? row.tailFlows() : row.flows(), tail ? row.slowTailFlows() : row.slowFlows()));
                named.forEach(k -> cells.add((tail ? row.tailByKind() : row.byKind()).get(k)));
                t.row(cells.toArray());
            }
            table.table(t);
        }

        Section causes = report.section("Retransmissions by cause");
        Table byCause = Table.of("cause", "retransmissions");
        for (RetransmissionKind k : RetransmissionKind.values()) {
            long n = d.flows().stream().mapToLong(f -> f.kindCounts().get(k)).sum();
            if (n > 0) byCause.row(k.name(), n);
        }
        causes.table(byCause);

        if (!slow.isEmpty()) plots(report, slow.subList(0, Math.min(FLOWS_PLOTTED, slow.size())), capture);
    }

    private static long cost(FlowDiagnosis f) {
        return f.slowdowns().stream().mapToLong(Slowdown::costNanos).sum();
    }

    /** The packets of one drawn flow: its data segments and the ACKs coming back, relative to its first sequence number. */
    private static final class Series {
        final FlowDiagnosis flow;
        final Set<Long> retransmitted = new HashSet<>(), cited = new HashSet<>();
        final List<double[]> data = new ArrayList<>(), resent = new ArrayList<>(), acks = new ArrayList<>(), marked = new ArrayList<>();
        long base = -1;

        Series(FlowDiagnosis flow) {
            this.flow = flow;
            flow.retransmissions().forEach(r -> retransmitted.add(r.frame()));
            flow.slowdowns().forEach(w -> cited.addAll(w.evidence().frames()));
        }

        /** Whether the flow was diagnosed from packets of this capture interface (always, in a capture of one). */
        boolean readAt(int interfaceId) {
            return flow.capturedAt() == null || flow.capturedAt().interfaceId() == interfaceId;
        }
    }

    private static void plots(HtmlReport report, List<FlowDiagnosis> flows, Path capture) {
        Map<List<Endpoint>, Series> byDirection = new HashMap<>();
        for (FlowDiagnosis f : flows) byDirection.put(List.of(f.src(), f.dst()), new Series(f));
        long[] epoch = {-1};
        new TcpCaptureReader().read(capture, (p, interfaceId, direction) -> {
            if (epoch[0] < 0) epoch[0] = p.timeNanos();
            double ms = (p.timeNanos() - epoch[0]) / 1e6;
            Series out = byDirection.get(List.of(p.src(), p.dst()));
            if (out != null && !out.readAt(interfaceId)) out = null;
            Series back = byDirection.get(List.of(p.dst(), p.src()));
            if (back != null && !back.readAt(interfaceId)) back = null;
            if (out != null) {
                if (out.base < 0) out.base = p.seq();
                double seq = (p.seq() - out.base) & 0xFFFF_FFFFL;
                if (p.sequenceLength() > 0) (out.retransmitted.contains(p.frame()) ? out.resent : out.data).add(new double[] {ms, seq});
                if (out.cited.contains(p.frame())) out.marked.add(new double[] {ms, seq});
            }
            if (back != null && back.base >= 0 && p.has(TcpPacket.ACK)) {
                double ack = (p.ack() - back.base) & 0xFFFF_FFFFL;
                back.acks.add(new double[] {ms, ack});
                if (back.cited.contains(p.frame())) back.marked.add(new double[] {ms, ack});
            }
        });
        Section s = report.section("The slowest flows");
        s.paragraph("Sequence numbers of each flow's segments (relative to its first) and the acknowledgement number coming back,"
                + " over the capture's time; retransmissions and the packets each diagnosis cites are series of their own.");
        for (FlowDiagnosis f : flows) {
            Series x = byDirection.get(List.of(f.src(), f.dst()));
            StringBuilder why = new StringBuilder();
            for (Slowdown w : f.slowdowns()) {
                why.append(String.format(java.util.Locale.ROOT, "%s (%.3f ms): %s ", w.kind(), w.costNanos() / 1e6, w.evidence().text()));
            }
            s.paragraph(f.src() + " -> " + f.dst() + ", " + f.dataBytes() + " bytes. " + why.toString().strip());
            if (f.transfers().size() > 1) {
                StringBuilder parts = new StringBuilder(f.transfers().size() + " transfers:");
                for (Transfer t : f.transfers()) {
                    parts.append(String.format(java.util.Locale.ROOT, " %d..%d (%.3f ms%s);", t.startSeq(), t.endSeq(), t.durationNanos() / 1e6,
                            t.slowdowns().isEmpty() ? "" : ", " + String.join(", ", t.slowdowns().stream().map(w -> w.kind().name()).toList())));
                }
                s.paragraph(parts.toString());
            }
            ScatterChart chart = ScatterChart.titled(f.src() + " -> " + f.dst()).xAxis("time (ms)").yAxis("relative sequence number");
            add(chart, "data", x.data);
            add(chart, "retransmitted", x.resent);
            add(chart, "ACK", x.acks);
            add(chart, "cited by the diagnosis", x.marked);
            s.chart(chart);
        }
    }

    private static void add(ScatterChart chart, String name, List<double[]> points) {
        if (points.isEmpty()) return;
        double[] xs = new double[points.size()], ys = new double[points.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = points.get(i)[0];
            ys[i] = points.get(i)[1];
        }
        chart.series(name, xs, ys);
    }
}
