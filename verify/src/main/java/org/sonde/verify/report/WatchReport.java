package org.sonde.verify.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.report.HtmlReport;
import org.sonde.report.LineChart;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;
import org.sonde.verify.check.Violation;
import org.sonde.verify.stable.Watcher;

/**
 * HTML report of {@code sonde verify watch}: the verdict at the end of the stream, the violations
 * over the stable states, each state with what appeared and cleared, and the violations left.
 */
public final class WatchReport {
    private static final int TABLE_ROWS = 500;

    private WatchReport() {}

    /**
     * The report of a watch of {@code snapshot} gathered in {@code watch}: {@code initialViolations}
     * after the initial check, {@code now} at the end; {@code json} (what {@link WatchJson#of} gave) is embedded.
     */
    public static HtmlReport of(WatchJson watch, String snapshot, long epsilonMs, long events, int initialViolations,
                                double initialSeconds, List<Violation> now, String command, String version, Object json) {
        HtmlReport report = HtmlReport.titled("Forwarding verification over routing events").subtitle(snapshot)
                .meta("command", command)
                .meta("sonde", version);
        List<Watcher.StableState> states = watch.stableStates;
        Section verdict = report.section("Verdict");
        verdict.verdict(now.isEmpty() ? Verdict.OK : Verdict.FAILURE, now.isEmpty()
                ? "No violation after the last stable state."
                : now.size() + (now.size() == 1 ? " violation" : " violations") + " after the last stable state: " + ViolationCounts.text(now) + ".");
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("events received", events);
        kv.put("stable states", states.size());
        kv.put("ε", epsilonMs + " ms");
        kv.put("violations after the initial check", initialViolations);
        kv.put("initial check", String.format("%.2f s", initialSeconds));
        kv.put("per update: map, reduce", String.format("%.2f µs, %.3f ms (means)", watch.updateMapMicrosMean(), watch.updateReduceMillisMean()));
        verdict.keyValues(kv);

        if (!states.isEmpty()) {
            Section over = report.section("Violations over the stable states");
            double[] t = new double[states.size()], v = new double[states.size()];
            for (int i = 0; i < states.size(); i++) {
                t[i] = states.get(i).stableAtNanos() / 1e9;
                v[i] = states.get(i).violations();
            }
            over.chart(LineChart.titled("Violations after each stable state").xAxis("stable at (s, events' clock)").yAxis("violations")
                    .series("violations", t, v).step().markers());
            Table table = Table.of("stable at (s)", "events", "late", "subnets checked", "appeared", "cleared", "violations").maxRows(TABLE_ROWS);
            for (Watcher.StableState st : states) {
                table.row(String.format("%.3f", st.stableAtNanos() / 1e9), st.events(), st.late(), st.affectedSubnets(),
                        st.appeared().size(), st.cleared().size(), st.violations());
            }
            over.table(table);
        }
        if (!now.isEmpty()) {
            Section list = report.section("Violations at the end");
            Table table = Table.of("type", "subnet", "where", "why").maxRows(TABLE_ROWS);
            for (Violation x : now) table.row(x.type().word(), x.subnet(), x.where(), x.why());
            list.table(table);
        }
        return report.attachJson(json);
    }
}
