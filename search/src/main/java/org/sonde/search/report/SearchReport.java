package org.sonde.search.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sonde.report.HtmlReport;
import org.sonde.report.LineChart;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;
import org.sonde.search.Comparison;
import org.sonde.search.Found;
import org.sonde.search.SearchJson;
import org.sonde.search.SearchResult;
import org.sonde.search.mfs.Feature;
import org.sonde.search.mfs.Mfs;
import org.sonde.search.mfs.Range;
import org.sonde.search.mfs.TrafficCondition;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.QpType;

/**
 * HTML reports of a search (the anomalies with their MFSs in the columns of the paper's Table 2,
 * and the anomalies found over the target's clock) and of a comparison (time to the N-th anomaly
 * per method, the paper's Figs. 4-5). They only render results; nothing runs here.
 */
public final class SearchReport {
    private SearchReport() {}

    public static HtmlReport of(SearchResult r, String version) {
        HtmlReport report = HtmlReport.titled("Anomaly search on " + r.target())
                .subtitle("Collie (Kong et al., NSDI 2022): " + r.method().cliName() + ", seed " + r.seed() + ", " + r.budgetHours() + " h budget"
                        + (r.method().annealing() ? screening(r.screen()) : ""))
                .meta("sonde", version).meta("seed", r.seed());
        Section s = report.section("Summary");
        s.verdict(r.anomalies().isEmpty() ? Verdict.OK : Verdict.FAILURE, r.anomalies().isEmpty() ? "No anomaly in the budget."
                : r.anomalies().size() + " anomalies" + (r.target().startsWith("sim:") ? ", " + r.firstHitHours().size() + " distinct ground-truth mechanisms." : "."));
        if (r.target().startsWith("remote:")) {
            s.verdict(Verdict.INFO, "The target is a real testbed: times are hours of wall time, and there is no ground truth behind the anomalies.");
        }
        boolean linux = r.target().equals("linux") || r.target().startsWith("linux:");
        // MFSs of another space than RDMA's: listed in their own words, not in Table 2's columns
        boolean otherSpaceMfs = linux || r.anomalies().stream().anyMatch(f -> f.mfs() != null && !(f.mfs() instanceof Mfs));
        if (linux) {
            s.verdict(Verdict.INFO, "The target is the Linux kernel's TCP stack in two network namespaces: times are hours of wall time, every "
                    + "anomaly is what the kernel did, and there is no ground truth. MFSs are in the TCP dimensions.");
        }
        if (r.target().startsWith("sim:")) {
            s.verdict(Verdict.INFO, "The target is a simulated RDMA subsystem whose profile models the paper's published anomalies, not "
                    + "any vendor's hardware. The mechanism column is the simulator's ground truth, for evaluation; the search never reads it.");
        }
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("experiments", r.experiments() + r.mfsExperiments());
        kv.put("of which for MFSs", r.mfsExperiments());
        kv.put("points skipped inside MFSs", r.skipped());
        kv.put("target clock used", String.format(Locale.ROOT, "%.2f h", r.usedHours()));
        if (!r.counterOrder().isEmpty()) kv.put("diagnostic counters by std/mean", String.join(", ", r.counterOrder()));
        kv.put("wall time", String.format(Locale.ROOT, "%.2f s", r.wallSeconds()));
        s.keyValues(kv);

        Section t = report.section("Anomalies and their minimal feature sets (Table 2's columns)");
        t.paragraph("Ranges are the values each feature was seen to reproduce the anomaly in; an empty cell is a feature the anomaly does not need.");
        // what each anomaly is in one table, its features in another, and only the features some anomaly needs: fifteen columns
        // side by side do not fit the page
        Table what = Table.of("#", "found at (h)", "symptom", "MFS tests", "mechanism (the simulator's ground truth)");
        String[] features = {"direction", "transport", "MTU", "WQE batch", "SGE", "WQ depth", "message pattern", "QPs", "MRs", "memory"};
        List<String[]> rows = new ArrayList<>();
        Table otherSpace = Table.of("#", "minimal feature set");
        int k = 0;
        for (Found f : r.anomalies()) {
            k++;
            what.row(k, String.format(Locale.ROOT, "%.2f", f.foundAtHours()), f.symptom().jsonName(), f.mfs() == null ? 0 : f.mfs().experiments(),
                    f.mechanism() == null ? "" : f.mechanism());
            if (otherSpaceMfs) {
                otherSpace.row(k, f.mfs() == null ? "(no MFS)" : f.mfs().describe());
                continue;
            }
            Mfs m = (Mfs) f.mfs();
            String[] row = new String[features.length];
            java.util.Arrays.fill(row, "");
            if (m == null) {
                row[0] = "(no MFS)";
                rows.add(row);
                continue;
            }
            List<String[]> cols = new ArrayList<>();
            for (TrafficCondition c : m.traffics()) cols.add(columns(c));
            for (int i = 0; i < features.length - 1; i++) {
                List<String> parts = new ArrayList<>();
                for (String[] c : cols) parts.add(c[i]);
                row[i + 1] = parts.stream().allMatch(String::isEmpty) ? "" : String.join(" / ", parts);
            }
            row[0] = m.modes().isEmpty() ? "any" : String.join(", ", m.modes().stream().map(x -> x.name().toLowerCase(Locale.ROOT).replace('_', '-')).sorted().toList());
            rows.add(row);
        }
        t.table(what);
        if (otherSpace.size() > 0) t.table(otherSpace);
        List<Integer> needed = new ArrayList<>();
        List<String> unneeded = new ArrayList<>();
        for (int i = 0; i < features.length; i++) {
            int col = i;
            if (rows.stream().anyMatch(x -> !x[col].isEmpty())) needed.add(i);
            else unneeded.add(features[i]);
        }
        if (!rows.isEmpty()) {
            List<String> headers = new ArrayList<>(List.of("#"));
            needed.forEach(i -> headers.add(features[i]));
            Table table = Table.of(headers.toArray(String[]::new));
            for (int a = 0; a < rows.size(); a++) {
                Object[] cells = new Object[headers.size()];
                cells[0] = a + 1;
                for (int j = 0; j < needed.size(); j++) cells[j + 1] = rows.get(a)[needed.get(j)];
                table.row(cells);
            }
            t.table(table);
            if (!unneeded.isEmpty()) t.paragraph("No anomaly needs " + String.join(", ", unneeded) + ": those columns are left out.");
        }

        perftest(report, r);

        if (!r.anomalies().isEmpty()) {
            Section c = report.section("Anomalies over the target's clock");
            double[] x = new double[r.anomalies().size() + 1], y = new double[x.length];
            for (int i = 0; i < r.anomalies().size(); i++) {
                x[i + 1] = r.anomalies().get(i).foundAtHours();
                y[i + 1] = i + 1;
            }
            LineChart chart = LineChart.titled("Anomalies reported").xAxis("hours").yAxis("anomalies").step();
            chart.series(r.method().cliName(), x, y);
            c.chart(chart);
        }
        report.attachJson(SearchJson.toMap(r));
        return report;
    }

    /** Each MFS as the perftest command lines that reproduce it, and what perftest cannot express of it. */
    private static void perftest(HtmlReport report, SearchResult r) {
        if (r.anomalies().stream().allMatch(f -> f.perftest() == null)) return;
        Section p = report.section("Reproducing each MFS with perftest");
        p.paragraph("A point inside each MFS, simplified towards what perftest runs, as perftest command lines (servers first, then the clients, "
                + "which take the server's address last). perftest sends one message shape per run; what it has no flag for is listed with the reason. "
                + (r.target().startsWith("remote:") ? "" : "$DEV, $GID, $A_ADDR and $B_ADDR are shell variables to set for a testbed."));
        Table cmds = Table.of("#", "host", "role", "command");
        Table gaps = Table.of("#", "cannot express", "value", "why");
        int k = 0;
        for (Found f : r.anomalies()) {
            k++;
            if (f.perftest() == null) continue;
            for (var c : f.perftest().compiled().commands()) cmds.row(k, c.host(), c.role(), c.line());
            for (var g : f.perftest().compiled().cannotExpress()) gaps.row(k, g.feature(), g.value(), g.reason());
        }
        p.table(cmds);
        long exact = r.anomalies().stream().filter(f -> f.perftest() != null && f.perftest().compiled().exact()).count();
        p.paragraph(exact + " of " + r.anomalies().stream().filter(f -> f.perftest() != null).count() + " MFSs are reproduced exactly by perftest.");
        if (exact < r.anomalies().stream().filter(f -> f.perftest() != null).count()) p.table(gaps);
    }

    /** transport, MTU, batch, SGE, WQ depth, pattern, QPs, MRs, memory (and two spare) of one traffic's condition. */
    private static String[] columns(TrafficCondition c) {
        String[] out = new String[11];
        java.util.Arrays.fill(out, "");
        String type = names(c, Feature.QP_TYPE, v -> QpType.values()[v].name());
        String op = names(c, Feature.OPCODE, v -> Opcode.values()[v].name());
        out[0] = (type + " " + op).strip();
        out[1] = names(c, Feature.MTU, v -> String.valueOf(v));
        out[2] = range(c.ranges().get(Feature.BATCH));
        out[3] = range(c.ranges().get(Feature.SGES));
        List<String> wq = new ArrayList<>();
        if (c.ranges().containsKey(Feature.SEND_DEPTH)) wq.add("send " + range(c.ranges().get(Feature.SEND_DEPTH)));
        if (c.ranges().containsKey(Feature.RECV_DEPTH)) wq.add("recv " + range(c.ranges().get(Feature.RECV_DEPTH)));
        if (c.ranges().containsKey(Feature.RECV_BATCH)) wq.add("recv batch " + range(c.ranges().get(Feature.RECV_BATCH)));
        out[4] = String.join(", ", wq);
        List<String> pat = new ArrayList<>();
        if (c.minRequestBytes() != null && c.minRequestBytes().equals(c.maxRequestBytes())) pat.add("all " + bytes(c.minRequestBytes()));
        else {
            if (c.minRequestBytes() != null) pat.add("smallest " + bytes(c.minRequestBytes()));
            if (c.maxRequestBytes() != null) pat.add("largest " + bytes(c.maxRequestBytes()));
        }
        out[5] = String.join(", ", pat);
        out[6] = range(c.ranges().get(Feature.QPS));
        List<String> mrs = new ArrayList<>();
        if (c.ranges().containsKey(Feature.SENDER_MRS)) mrs.add("sender " + range(c.ranges().get(Feature.SENDER_MRS)));
        if (c.ranges().containsKey(Feature.RECEIVER_MRS)) mrs.add("receiver " + range(c.ranges().get(Feature.RECEIVER_MRS)));
        out[7] = String.join(", ", mrs);
        List<String> mem = new ArrayList<>();
        String sm = names(c, Feature.SENDER_MEMORY, v -> Memory.values()[v].name().toLowerCase(Locale.ROOT).replace('_', '-'));
        String rm = names(c, Feature.RECEIVER_MEMORY, v -> Memory.values()[v].name().toLowerCase(Locale.ROOT).replace('_', '-'));
        if (c.offSocket()) mem.add("either end off the NIC's socket");
        if (!sm.isEmpty()) mem.add("sender " + sm);
        if (!rm.isEmpty()) mem.add("receiver " + rm);
        out[8] = String.join(", ", mem);
        return out;
    }

    private static String names(TrafficCondition c, Feature f, java.util.function.IntFunction<String> name) {
        var s = c.allowed().get(f);
        if (s == null) return "";
        return String.join("|", s.stream().sorted().map(v -> name.apply(v.intValue())).toList());
    }

    private static String range(Range r) {
        if (r == null) return "";
        return r.lo() == r.hi() ? String.valueOf(r.lo()) : r.lo() + "–" + r.hi();
    }

    private static String bytes(Range r) {
        return r.lo() == r.hi() ? human(r.lo()) : human(r.lo()) + "–" + human(r.hi());
    }

    private static String human(long b) {
        if (b >= 1 << 20 && b % (1 << 20) == 0) return (b >> 20) + " MB";
        if (b >= 1024 && b % 1024 == 0) return (b >> 10) + " KB";
        return b + " B";
    }

    public static HtmlReport of(Comparison c, String version) {
        HtmlReport report = HtmlReport.titled("Search methods compared on " + c.target())
                .subtitle("Time to the N-th distinct anomaly, " + c.seeds() + " seeds, " + c.budgetHours() + " h each (Collie Figs. 4-5)"
                        + screening(c.screen()))
                .meta("sonde", version);
        Section v = report.section("Verdict");
        // a comparison has no pass or fail: the finding is which method found the most, and the others beside it
        List<Comparison.MethodSummary> ranked = new ArrayList<>(c.methods());
        ranked.sort(java.util.Comparator.comparingDouble(Comparison.MethodSummary::meanFound).reversed());
        if (!ranked.isEmpty()) {
            v.verdict(Verdict.INFO, String.format(Locale.ROOT, "Most distinct anomalies per seed: %s, %.1f on average over %d seeds%s.",
                    ranked.getFirst().method().cliName(), ranked.getFirst().meanFound(), c.seeds(), ranked.size() == 1 ? ""
                            : "; " + String.join(", ", ranked.subList(1, ranked.size()).stream()
                                    .map(m -> String.format(Locale.ROOT, "%s %.1f", m.method().cliName(), m.meanFound())).toList())));
        }
        Section s = report.section("Mean hours to the N-th distinct mechanism");
        s.paragraph("Over the seeds that reached N; the table gives the standard deviation and how many seeds did.");
        LineChart chart = LineChart.titled("Time to N anomalies").xAxis("N").yAxis("hours (mean over seeds reaching N)").markers();
        Table t = Table.of("method", "found per seed", "mean found", "hours to N (mean ± sd, seeds)", "MFSs", "MFS precision", "MFS recall");
        for (Comparison.MethodSummary m : c.methods()) {
            double[] x = new double[m.timeToN().size()], y = new double[x.length];
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < x.length; i++) {
                Comparison.TimeToN row = m.timeToN().get(i);
                x[i] = row.n();
                y[i] = row.meanHours();
                b.append(String.format(Locale.ROOT, "%sN=%d: %.2f ± %.2f (%d)", i == 0 ? "" : "; ", row.n(), row.meanHours(), row.sdHours(), row.seedsReaching()));
            }
            if (x.length > 0) chart.series(m.method().cliName(), x, y);
            t.row(m.method().cliName(), String.join(", ", m.found().stream().map(String::valueOf).toList()), String.format(Locale.ROOT, "%.1f", m.meanFound()), b.toString(), m.mfsCount(),
                    Double.isNaN(m.mfsPrecision()) ? "" : String.format(Locale.ROOT, "%.2f", m.mfsPrecision()),
                    Double.isNaN(m.mfsRecall()) ? "" : String.format(Locale.ROOT, "%.2f", m.mfsRecall()));
        }
        s.chart(chart);
        s.table(t);
        report.attachJson(SearchJson.toMap(c));
        return report;
    }

    private static String screening(int screen) {
        return screen == 0 ? ", annealing measures every mutant (--screen 0)" : ", annealing screens " + screen + " mutants per step";
    }
}
