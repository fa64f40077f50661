package org.sonde.capture.inspect;

import org.sonde.core.AtomicFiles;
import org.sonde.core.Json;
import org.sonde.core.config.Units;
import org.sonde.packet.Psn;
import org.sonde.packet.RoceOpcode;
import org.sonde.report.BarChart;
import org.sonde.report.CdfChart;
import org.sonde.report.HtmlReport;
import org.sonde.report.ScatterChart;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The HTML report of an inspection (and its JSON beside it, same name with .json). */
public final class InspectReport {
    static final int KEPT_PACKETS = 20_000;
    static final int KEPT_SIZES = 200_000;
    private static final int TABLE_ROWS = 500;
    private static final int PSN_QPS = 8;

    private InspectReport() {}

    /**
     * Writes the report of {@code inspection} (of the capture named {@code captureName}) to
     * {@code html} and its JSON beside it; {@code command} and {@code version} are shown under the title.
     */
    public static void write(Path html, String captureName, Inspection inspection, String command, String version) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("capture", captureName);
        json.put("totals", inspection.totals);
        json.put("firstPackets", inspection.firstPackets);
        AtomicFiles.write(jsonPath(html), out -> Json.mapper().writeValue(out, json));
        build(captureName, inspection, command, version).attachJson(json).writeTo(html);
    }

    /** Where the JSON of the report {@code html} goes: beside it, with .json for its extension. */
    public static Path jsonPath(Path html) {
        String name = html.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return html.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".json");
    }

    static HtmlReport build(String captureName, Inspection inspection, String command, String version) {
        HtmlReport report = HtmlReport.titled("Capture inspection")
                .subtitle(captureName)
                .meta("command", command)
                .meta("sonde", version);
        addSections(report, "", inspection);
        return report;
    }

    /** Adds the sections of one inspection to a report; {@code prefix} tells captures apart in a larger report. */
    public static void addSections(HtmlReport report, String prefix, Inspection inspection) {
        ProtocolTotals t = inspection.totals;
        Section summary = report.section(prefix + "Summary");
        if (t.allGood()) {
            summary.verdict(Verdict.OK, "Every packet decoded; every checksum and ICRC that could be checked is good.");
        } else {
            summary.verdict(Verdict.WARNING, t.malformed() + " malformed packets, " + t.getBadIpv4Checksums()
                    + " bad IPv4 header checksums, " + t.getBadL4Checksums() + " bad TCP/UDP/ICMP checksums, "
                    + t.getBadIcrcs() + " bad RoCE ICRCs.");
        }
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("packets", t.getPackets());
        kv.put("bytes", t.getBytes());
        // in the unit the span reads best in (107.257us, not 0.000107257 s), as the simulation's report writes times
        kv.put("duration", Units.formatNanos(Math.round(t.getDurationSeconds() * 1e9)));
        summary.keyValues(kv);

        Section protocols = report.section(prefix + "Protocols");
        protocols.chart(bars("Packets per protocol", t.getProtocols()));
        protocols.table(counts("protocol", t.getProtocols()));
        if (!t.getRoceOpcodes().isEmpty()) {
            Section roce = report.section(prefix + "RoCEv2 opcodes");
            roce.chart(bars("Packets per RoCEv2 opcode", t.getRoceOpcodes()));
            roce.table(counts("opcode", t.getRoceOpcodes()));
            ScatterChart psn = psnOverTime(inspection.firstPackets);
            if (psn != null) roce.chart(psn);
        }

        Section sizes = report.section(prefix + "Frame sizes");
        double[] samples = Arrays.copyOf(inspection.sizeSamples, inspection.sizeSampleCount);
        sizes.chart(CdfChart.titled("Frame length distribution").xAxis("frame length (bytes)").samples("frames", samples));
        if (inspection.sizeSampleCount < t.getPackets()) {
            sizes.paragraph("Distribution of the first " + inspection.sizeSampleCount + " frames.");
        }

        Section first = report.section(prefix + "Packets");
        Table table = Table.of("#", "time (s)", "protocol", "length", "summary").maxRows(TABLE_ROWS);
        for (PacketSummary s : inspection.firstPackets) {
            table.row(s.number(), s.time(), s.protocol(), s.length(), s.info());
        }
        first.table(table);
    }

    private static BarChart bars(String title, Map<String, ProtocolTotals.Count> counts) {
        String[] names = counts.keySet().toArray(String[]::new);
        double[] packets = counts.values().stream().mapToDouble(c -> c.packets).toArray();
        return BarChart.titled(title).categories(names).series("packets", packets).horizontal().valueAxis("packets");
    }

    private static Table counts(String what, Map<String, ProtocolTotals.Count> counts) {
        Table table = Table.of(what, "packets", "bytes");
        counts.forEach((k, c) -> table.row(k, c.packets, c.bytes));
        return table;
    }

    /**
     * PSN against time for the first few destination QPs, relative to each QP's first PSN (so that
     * QPs far apart in PSN space share one axis, and 24-bit wrap-around does not show as a cliff):
     * go-back-N retransmissions show as steps back.
     */
    private static ScatterChart psnOverTime(List<PacketSummary> packets) {
        Map<Integer, double[][]> byQp = new TreeMap<>();
        Map<Integer, Integer> sizes = new TreeMap<>();
        Map<Integer, Integer> firstPsn = new TreeMap<>();
        for (PacketSummary s : packets) {
            // a CNP's PSN field is not a sequence number (it is zero)
            if (s.bth() == null || s.bth().opcode() == RoceOpcode.CNP.code()) continue;
            int qp = s.bth().destQp();
            if (!byQp.containsKey(qp) && byQp.size() == PSN_QPS) continue;
            double[][] xy = byQp.computeIfAbsent(qp, q -> new double[2][16]);
            int n = sizes.merge(qp, 1, Integer::sum);
            if (n > xy[0].length) {
                xy[0] = Arrays.copyOf(xy[0], n * 2);
                xy[1] = Arrays.copyOf(xy[1], n * 2);
            }
            xy[0][n - 1] = s.time() * 1e6;
            xy[1][n - 1] = Psn.distance(firstPsn.computeIfAbsent(qp, q -> s.bth().psn()), s.bth().psn());
        }
        if (byQp.isEmpty()) return null;
        ScatterChart chart = ScatterChart.titled("PSN over time, per destination QP")
                .xAxis("time (µs)").yAxis("PSN − first PSN of the QP");
        byQp.forEach((qp, xy) -> {
            int n = sizes.get(qp);
            chart.series(String.format("QP 0x%06x", qp), Arrays.copyOf(xy[0], n), Arrays.copyOf(xy[1], n));
        });
        return chart;
    }
}
