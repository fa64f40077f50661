package org.sonde.atpg.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.dataplane.model.Network;
import org.sonde.report.BarChart;
import org.sonde.report.HtmlReport;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;
import org.sonde.atpg.Localizer;
import org.sonde.atpg.Performance;
import org.sonde.atpg.SuiteFiles;
import org.sonde.atpg.Suite;
import org.sonde.atpg.TestPacket;

/** HTML reports of test packet generation: a suite's coverage and packets, and a localisation. */
public final class AtpgReport {
    private AtpgReport() {}

    private static final int TABLE_ROWS = 200;

    /**
     * The report of {@code suite}, selected from {@code network} (read from {@code source}) with the
     * given seconds per phase; {@code command} and {@code version} are shown under the title. Ports are
     * written {@code device:port}, headers as their named fields (addresses dotted), paths as arrows.
     */
    public static HtmlReport suite(Network network, String source, Suite suite, Map<String, Double> phases, String command, String version) {
        HtmlReport report = HtmlReport.titled("ATPG test suite").subtitle(source)
                .meta("command", command)
                .meta("sonde", version);
        Suite.Summary s = suite.summary();
        Section summary = report.section("Coverage");
        String kind = suite.cover().name().toLowerCase();
        // the percentage is of what a packet could test, not of everything on a path: say both
        summary.verdict(s.coverage() >= 1.0 ? Verdict.OK : Verdict.WARNING, String.format(
                "%,d regular packets test %s%,d of the %,d %s a candidate packet can test (%.2f%%); %,d reserved packets kept for localisation.",
                s.regularPackets(), s.coverage() >= 1.0 ? "all " : "", Math.round(s.coverage() * s.testable()), s.testable(), kind,
                100 * s.coverage(), s.reservedPackets()));
        if (!suite.unobserved().isEmpty())
            summary.paragraph(String.format("%d %s lie on paths, but no packet tried notices their loss: another copy of the"
                    + " packet (a broadcast, or an overlapping rule in a model without shadowing) still reaches the same exits. %s",
                    suite.unobserved().size(), suite.cover().name().toLowerCase(),
                    suite.unobserved().size() <= 20 ? "They are: " + String.join(", ", suite.unobserved()) + "." : "They are listed in suite.json."));
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("candidate packets", s.totalPackets());
        kv.put("rules covered / on candidate paths", s.coveredRules() + " / " + s.reachableRules());
        kv.put("links covered / on candidate paths", s.coveredLinks() + " / " + s.reachableLinks());
        kv.put("expected-absent packets", s.expectDropPackets());
        kv.put("reachable port pairs", s.reachablePortPairs());
        kv.put("unverified paths", s.unverifiedPaths());
        summary.keyValues(kv);

        // a suite selected without timing its phases (a Java caller's) has no chart to draw
        if (!phases.isEmpty()) report.section("Time per phase").chart(BarChart.titled("Seconds per phase").categories(phases.keySet().toArray(String[]::new))
                .series("seconds", phases.values().stream().mapToDouble(Double::doubleValue).toArray()).horizontal().valueAxis("s"));

        Map<Integer, Integer> perPort = new TreeMap<>();
        suite.tests().forEach(t -> perPort.merge(t.ingress(), 1, Integer::sum));
        Section ports = report.section("Packets per ingress port");
        ports.chart(BarChart.titled("Regular packets per ingress port")
                .categories(perPort.keySet().stream().map(p -> network.portName(p)).toArray(String[]::new))
                .series("packets", perPort.values().stream().mapToDouble(Integer::doubleValue).toArray()).valueAxis("packets"));

        Section tests = report.section("Regular packets");
        Table table = Table.of("id", "ingress", "header", "expected exits (copies)", "rules and links on its path").maxRows(TABLE_ROWS);
        for (TestPacket t : suite.tests()) {
            String exits = t.expectDrop() ? "dropped" : String.join(", ", t.arrivals().entrySet().stream()
                    .map(e -> network.portName(e.getKey()) + (e.getValue() > 1 ? " ×" + e.getValue() : "")).toList());
            table.row(t.id(), network.portName(t.ingress()), network.layout().text(t.header()), exits, String.join(" → ", t.rules()));
        }
        tests.table(table);
        return report.attachJson(SuiteFiles.summaryDocument(s, phases));
    }

    /** Test ids as a list to read, {@code none} for none. */
    private static String tests(List<String> ids) {
        return ids.isEmpty() ? "none" : String.join(", ", ids);
    }

    /**
     * The report of localisation {@code l} of the results {@code r} (emulated or live) of the suite
     * {@code suiteName}: the suspects first, then the failed tests with what was observed, then with
     * trains the performance tests' figures per link.
     */
    public static HtmlReport localization(String suiteName, Localizer.Localization l, SuiteFiles.ResultsFile r, String command) {
        HtmlReport report = HtmlReport.titled("ATPG fault localisation").subtitle(suiteName)
                .meta("command", command)
                .meta("faults injected", r.faults().isEmpty() ? "none" : String.join(", ", r.faults()))
                .meta("latency threshold", r.latencyThresholdMs() + " ms");
        Section s = report.section("Suspects");
        s.verdict(l.suspects().isEmpty() ? Verdict.OK : Verdict.WARNING, l.suspects().isEmpty()
                ? "No suspects: every test passed or every failure was explained away."
                : l.suspects().size() + " suspects after the four steps (suspects after each: "
                        + String.join(" → ", l.afterStep().stream().map(String::valueOf).toList()) + ").");
        if (l.partial())
            s.paragraph("Every element of the failing tests is also exercised by a passing test: the fault affects only part of"
                    + " the headers through an element (a missing rule whose traffic partly falls to an equivalent rule, a narrowed"
                    + " ACL entry), so passes cannot clear suspects. The suspects are the elements most failing tests exercise.");
        Table table = Table.of("suspect", "failing tests implicating it", "reserved tests convicting it").maxRows(TABLE_ROWS);
        l.evidence().forEach((id, e) -> table.row(id, tests(e.implicatedBy()), tests(e.convictedBy())));
        s.table(table);
        if (!l.indistinguishable().isEmpty()) {
            Table groups = Table.of("indistinguishable suspects").maxRows(TABLE_ROWS);
            l.indistinguishable().forEach(g -> groups.row(String.join(", ", g)));
            s.table(groups);
        }
        Section results = report.section("Failed tests");
        long regular = r.results().stream().filter(x -> !x.reserved()).count();
        long regularFailed = r.results().stream().filter(x -> !x.reserved() && !x.pass()).count();
        results.paragraph(r.failed() + " of " + r.results().size() + " tests failed: " + regularFailed + " of " + regular + " regular, "
                + (r.failed() - regularFailed) + " of " + (r.results().size() - regular) + " reserved"
                + (r.train() > 1 ? "; each test's frame was sent " + r.train() + " times back to back" : "") + ".");
        Table failed = Table.of("test", "kind", "observed exit: latency (ms)", "why").maxRows(TABLE_ROWS);
        r.results().stream().filter(x -> !x.pass()).forEach(x -> failed.row(x.id(), x.reserved() ? "reserved" : "regular",
                x.observed().isEmpty() ? "none" : String.join(", ", x.observed().entrySet().stream()
                        .map(e -> e.getKey() + ": " + String.format(java.util.Locale.ROOT, "%.3f", e.getValue())).toList()), x.reason()));
        if (r.failed() > 0) results.table(failed);
        if (!r.links().isEmpty()) {
            Section perf = report.section("Performance tests per link");
            perf.paragraph(r.trains().size() + " trains of " + r.train() + " frames (ATPG's performance tests): a link's latency is at most"
                    + " the least first-copy latency of the trains over it, and it carries at least the greatest of their bottleneck rates."
                    + " Links none of whose trains was limited show no rate.");
            Table links = Table.of("link", "latency at most (ms)", "rate at least (bit/s)", "trains over it").maxRows(TABLE_ROWS);
            for (Performance.LinkFigures f : r.links())
                links.row(f.link(), String.format(java.util.Locale.ROOT, "%.3f", f.latencyMs()),
                        f.rateBps() == null ? "not limited" : String.format(java.util.Locale.ROOT, "%,.0f", f.rateBps()), f.tests().size());
            perf.table(links);
            List<Performance.LinkFigures> limited = r.links().stream().filter(f -> f.rateBps() != null).toList();
            if (!limited.isEmpty()) {
                perf.chart(BarChart.titled("Rate at least, per link (bit/s)").categories(limited.stream().map(Performance.LinkFigures::link)
                        .toArray(String[]::new)).series("bit/s", limited.stream().mapToDouble(Performance.LinkFigures::rateBps).toArray())
                        .valueAxis("bit/s").logScale().horizontal());
            }
        }
        if (!r.classes().isEmpty()) {
            Section priority = report.section("Strict priority per link");
            priority.paragraph("ATPG's priority test: a slowed link with strict priority serves the frames of its high class first."
                    + " With the low class congested (its trains waiting at the link), the high class's tests should keep their latency"
                    + " and the low class's take the wait; a high class as slow as the rest means the link does not honour the priority.");
            Table classes = Table.of("link", "class", "match", "tests over it", "worst latency (ms)").maxRows(TABLE_ROWS);
            for (Performance.ClassFigures c : r.classes())
                classes.row(c.link(), c.high() ? "high" : "low", c.match(), c.tests().size(),
                        c.worstMs() == null ? "none arrived" : String.format(java.util.Locale.ROOT, "%.3f", c.worstMs()));
            priority.table(classes);
            List<Performance.ClassFigures> arrived = r.classes().stream().filter(c -> c.worstMs() != null).toList();
            if (!arrived.isEmpty()) {
                priority.chart(BarChart.titled("Worst latency per link and class (ms)").categories(arrived.stream()
                        .map(c -> c.link() + (c.high() ? " high" : " low")).toArray(String[]::new))
                        .series("ms", arrived.stream().mapToDouble(Performance.ClassFigures::worstMs).toArray()).valueAxis("ms").horizontal());
            }
        }
        return report.attachJson(l);
    }
}
