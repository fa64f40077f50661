package org.sonde.verify.report;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sonde.report.BarChart;
import org.sonde.report.HtmlReport;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;
import org.sonde.verify.check.Violation;
import org.sonde.verify.check.ViolationType;
import org.sonde.verify.gen.Truth;
import org.sonde.verify.run.VerificationResult;

/** HTML report of {@code sonde verify check}: the verdict, the violations, where the time went. */
public final class VerifyReport {
    private static final int TABLE_ROWS = 500;

    private VerifyReport() {}

    /**
     * The report of checking {@code snapshot}: {@code r} after {@code readSeconds} of reading and
     * {@code seconds} in all; {@code json} (see {@link CheckJson}) is embedded, {@code command} and
     * {@code version} are shown under the title.
     */
    public static HtmlReport check(String snapshot, VerificationResult r, double readSeconds, double seconds, String command, String version, Object json) {
        return check(snapshot, r, readSeconds, seconds, null, command, version, json);
    }

    /** As {@link #check(String, VerificationResult, double, double, String, String, Object)}, with the comparison with truth.json when not null. */
    public static HtmlReport check(String snapshot, VerificationResult r, double readSeconds, double seconds, Truth.Score truth,
            String command, String version, Object json) {
        HtmlReport report = HtmlReport.titled("Forwarding verification").subtitle(snapshot)
                .meta("command", command)
                .meta("sonde", version);
        Section summary = report.section("Verdict");
        summary.verdict(r.violations().isEmpty() ? Verdict.OK : Verdict.FAILURE, r.violations().isEmpty()
                ? "No violation: every subnet's forwarding graph passes " + checksText(r) + "."
                : r.violations().size() + " violations: " + ViolationCounts.text(r.violations()) + ".");
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("switches", r.switches());
        kv.put("rules", r.rules());
        kv.put("subnets", r.subnets());
        kv.put("(subnet, rule) pairs shuffled", r.pairs());
        kv.put("backend", r.backend());
        kv.put("checks", checksText(r));
        kv.put("seconds", String.format("%.2f", seconds));
        summary.keyValues(kv);
        if (truth != null) {
            summary.paragraph(truth.text() + ".");
            if (!truth.missed().isEmpty()) {
                Table missed = Table.of("missed", "subnet", "switches", "fault").maxRows(TABLE_ROWS);
                truth.missed().forEach(p -> missed.row(p.type().word(), p.subnet(), String.join(" ", p.switches()), p.fault()));
                summary.table(missed);
            }
        }

        Section times = report.section("Time per phase");
        times.paragraph("read: the snapshot from disk; setup: the subnet trie (Spark: the session, the broadcasts and the rules"
                + " shipped to the mappers); map: rules to the subnets they match; shuffle: the pairs grouped by subnet;"
                + " reduce: one forwarding graph per subnet, checked.");
        times.chart(BarChart.titled("Seconds per phase").categories("read", "setup", "map", "shuffle", "reduce")
                .series("seconds", new double[] {readSeconds, r.times().setupSeconds(), r.times().mapSeconds(),
                        r.times().shuffleSeconds(), r.times().reduceSeconds()}).horizontal().valueAxis("s"));

        if (!r.violations().isEmpty()) {
            Map<ViolationType, Integer> counts = ViolationCounts.of(r.violations());
            Section kinds = report.section("Violations by type");
            kinds.chart(BarChart.titled("Violations").categories(counts.keySet().stream().map(ViolationType::word).toArray(String[]::new))
                    .series("violations", counts.values().stream().mapToDouble(Integer::doubleValue).toArray()).valueAxis("violations"));
            Section list = report.section("Violations");
            Table table = Table.of("type", "subnet", "where", "why").maxRows(TABLE_ROWS);
            for (Violation v : r.violations()) table.row(v.type().word(), v.subnet(), v.where(), v.why());
            list.table(table);
        }
        return report.attachJson(json);
    }

    private static String checksText(VerificationResult r) {
        return String.join(", ", r.checks().stream().sorted().map(c -> c.word()).toList());
    }
}
