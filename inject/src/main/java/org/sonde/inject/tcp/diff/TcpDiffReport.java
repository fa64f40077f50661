package org.sonde.inject.tcp.diff;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.report.HtmlReport;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;
import org.sonde.inject.tcp.analyze.TcpAnalyzer;

/**
 * The HTML report of a comparison: the verdict and the counts per category, every difference, and
 * per connection the aligned packets side by side (the first {@value #ROWS} rows of each direction).
 */
final class TcpDiffReport {
    static final int ROWS = 400;

    private TcpDiffReport() {}

    public static void write(String test, TcpDiffRun.Outcome o, Path target, String version) {
        of(test, o, version).writeTo(target);
    }

    static HtmlReport of(String test, TcpDiffRun.Outcome o, String version) {
        TcpDiff.Result r = o.result();
        HtmlReport report = HtmlReport.titled("TCP differences: " + test).subtitle(r.leftLabel() + " against " + r.rightLabel()).meta("sonde", version);
        Section s = report.section("Verdict");
        s.verdict(r.same() ? Verdict.OK : Verdict.WARNING, r.same() ? "The runs agree: same packets in the test's terms, same verdicts, times within the tolerance."
                : r.differences().size() + " differences.");
        Map<String, Object> kv = new LinkedHashMap<>();
        r.counts().forEach((c, n) -> kv.put(c.word(), n));
        kv.put("tolerance", TcpAnalyzer.ms(r.tolerance().absoluteNanos()) + " or " + Math.round(r.tolerance().relative() * 100) + "%");
        if (o.model() != null) {
            kv.put("model's links", String.format("%.0f Gb/s, %.1f µs each", o.model().linkRateBps() / 1e9, o.model().linkDelayNanos() / 1e3));
        }
        s.keyValues(kv);
        o.notes().forEach(n -> s.paragraph("Note: " + n));
        if (!r.same()) {
            Table t = Table.of("category", "connection", "where", r.leftLabel(), r.rightLabel());
            for (TcpDiff.Difference d : r.differences()) t.row(d.category().word(), d.connection() == 0 ? "" : d.connection(), d.where(), d.left(), d.right());
            report.section("Differences").table(t);
        }
        for (TcpDiff.Alignment a : r.alignments()) {
            Section c = report.section("Connection " + a.connection());
            c.table(rows("client's packets", r, a.client()));
            c.table(rows("server's packets", r, a.server()));
        }
        report.attachJson(TcpDiffJson.toJson(test, o));
        return report;
    }

    private static Table rows(String caption, TcpDiff.Result r, List<TcpDiff.Row> rows) {
        Table t = Table.of("", r.leftLabel() + " #", r.leftLabel(), r.rightLabel() + " #", r.rightLabel());
        for (TcpDiff.Row row : rows) {
            t.row(row.matched() ? "=" : row.left() != null ? "<" : ">", row.left() == null ? "" : row.left().sequence(),
                    row.left() == null ? "" : row.left().toString(), row.right() == null ? "" : row.right().sequence(),
                    row.right() == null ? "" : row.right().toString());
        }
        return t.caption(caption + ": = aligned, < only on " + r.leftLabel() + ", > only on " + r.rightLabel()).maxRows(ROWS);
    }
}
