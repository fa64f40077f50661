package org.sonde.dataplane.report;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.reach.ReachOptions;
import org.sonde.dataplane.reach.ReachResult;
import org.sonde.dataplane.reach.ReachResult.Loop;
import org.sonde.dataplane.reach.ReachResult.PairReach;
import org.sonde.report.BarChart;
import org.sonde.report.CdfChart;
import org.sonde.report.HtmlReport;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;

/**
 * The HTML report of all-pairs reachability ({@code sonde reach --report}): the loops and the count
 * of reachable pairs first, then destinations per source (a chart and a table), the loops with their
 * paths, and the pairs. Ports are {@code device:port}, headers named fields with dotted addresses.
 * Long lists are cut in the page; the whole result is the command's {@code --json}.
 */
public final class ReachReport {
    /** Up to this many sources get a bar each; more are drawn as a distribution. */
    static final int BARS = 40;
    static final int SOURCE_ROWS = 100;
    static final int LOOP_ROWS = 50;
    static final int PAIR_ROWS = 200;
    /** Destinations named in a source's row; the rest are counted. */
    static final int NAMED_DESTINATIONS = 4;

    private ReachReport() {}

    /**
     * What one source reaches, as the report's embedded data holds it.
     *
     * @param port         the source, {@code device:port}
     * @param destinations how many ports some header from it leaves by
     * @param paths        how many paths arrive at them
     */
    public record SourceReach(int source, String port, int destinations, long paths) {}

    /**
     * The report's embedded data: the verdict's numbers and every source's counts (the pairs, with their
     * headers and histories, are the command's {@code --json}).
     */
    public record Summary(int sources, int pairs, long pairsBackToTheSourcesOwnOutput, int destinations, long paths, int loops,
                          long rulesExercised, int rules, long aclEntriesExercised, int aclEntries, int linksExercised, int links, String injected,
                          List<SourceReach> perSource) {
        public Summary {
            perSource = List.copyOf(perSource);
        }
    }

    /**
     * The report of {@code r}, computed over {@code network} (read from {@code model}) with {@code options};
     * {@code command} and {@code version} are shown under the title.
     */
    public static HtmlReport of(Network network, String model, ReachOptions options, ReachResult r, String command, String version) {
        Summary s = summary(network, options, r);
        HtmlReport report = HtmlReport.titled("Reachability").subtitle(model)
                .meta("command", command)
                .meta("sonde", version);
        Section verdict = report.section("Verdict");
        String reach = String.format("%,d reachable (source, destination) port pairs from %,d source ports, reaching %,d distinct ports",
                s.pairs(), s.sources(), s.destinations());
        if (r.loops().isEmpty()) {
            verdict.verdict(Verdict.OK, "No forwarding loop. " + reach + ".");
        } else {
            Loop first = r.loops().getFirst();
            verdict.verdict(Verdict.FAILURE, String.format("%,d forwarding %s: headers from %s come back to %s%s. %s.", r.loops().size(),
                    r.loops().size() == 1 ? "loop" : "loops", network.portName(first.source()), network.portName(first.port()),
                    r.loops().size() == 1 ? "" : " (and more below)", reach));
        }
        // what the numbers are of: pairs of ports, for the injected headers, over the model as read
        verdict.paragraph("A pair counts when some header injected at the source (" + s.injected() + ") leaves the model by the destination"
                + " port; a loop is a path that comes back to a port carrying headers it carried there before. Headers that no rule"
                + " forwards end where they are: this analysis says where headers go, not where they are dropped.");
        Map<String, Object> kv = new LinkedHashMap<>();
        kv.put("model", network.toString());
        kv.put("injected headers", s.injected());
        kv.put("source ports", String.format("%,d of %,d ports", s.sources(), network.ports().size()));
        kv.put("reachable pairs", s.pairsBackToTheSourcesOwnOutput() == 0 ? String.format("%,d", s.pairs())
                : String.format("%,d (and %,d from a port to its own output copy, which hassel does not count)", s.pairs(),
                        s.pairsBackToTheSourcesOwnOutput()));
        kv.put("paths", String.format("%,d", s.paths()));
        kv.put("rules exercised", String.format("%,d of %,d", s.rulesExercised(), s.rules()));
        // ACL entries are steps of a path like rules, counted apart; each ACL ends in its implicit deny
        if (s.aclEntries() > 0) kv.put("ACL entries exercised", String.format("%,d of %,d (implicit denies included)", s.aclEntriesExercised(), s.aclEntries()));
        kv.put("links exercised", String.format("%,d of %,d", s.linksExercised(), s.links()));
        kv.put("loops", String.format("%,d", s.loops()));
        kv.put("time", String.format("%.2f s compiling the rule tables%s, %.2f s searching", r.timings().compileMillis() / 1e3,
                r.timings().freshAlgebras() == 0 ? "" : String.format(" (again %d times, to free the search's memory)", r.timings().freshAlgebras()),
                r.timings().searchMillis() / 1e3));
        verdict.keyValues(kv);

        perSource(report, network, s, r);
        loops(report, network, r);
        pairs(report, network, r);
        return report.attachJson(s);
    }

    /** The verdict's numbers, with each source's, in the order of the options' sources. */
    static Summary summary(Network network, ReachOptions options, ReachResult r) {
        long uTurns = r.pairsBackToTheSourcesOwnOutput(options.outputTwins());
        Map<Integer, int[]> destinations = new LinkedHashMap<>();
        Map<Integer, long[]> paths = new LinkedHashMap<>();
        for (int source : options.sources()) {
            destinations.put(source, new int[1]);
            paths.put(source, new long[1]);
        }
        TreeSet<Integer> reached = new TreeSet<>();
        for (PairReach p : r.pairs()) {
            if (options.outputTwins().getOrDefault(p.source(), Integer.MIN_VALUE) == p.destination()) continue;
            destinations.computeIfAbsent(p.source(), k -> new int[1])[0]++;
            paths.computeIfAbsent(p.source(), k -> new long[1])[0] += p.paths();
            reached.add(p.destination());
        }
        List<SourceReach> perSource = new ArrayList<>();
        destinations.forEach((source, d) -> perSource.add(new SourceReach(source, network.portName(source), d[0], paths.get(source)[0])));
        return new Summary(options.sources().size(), (int) (r.pairs().size() - uTurns), uTurns, reached.size(), r.paths(), r.loops().size(),
                r.exercisedRules().size() - r.aclEntriesExercised(), network.ruleCount(), r.aclEntriesExercised(),
                network.acls().stream().mapToInt(a -> a.entriesWithImplicitDeny().size()).sum(), r.exercisedLinks().size(), network.links().size(),
                network.layout().text(options.initial()), perSource);
    }

    private static void perSource(HtmlReport report, Network network, Summary s, ReachResult r) {
        Section sec = report.section("Destinations per source");
        List<SourceReach> all = s.perSource();
        long none = all.stream().filter(x -> x.destinations() == 0).count();
        sec.paragraph(none == 0 ? "Every source reaches at least one port."
                : String.format("%,d of %,d sources reach no port: nothing injected there is forwarded.", none, all.size()));
        if (all.size() <= BARS) {
            sec.chart(BarChart.titled("Ports reached from each source").categories(all.stream().map(SourceReach::port).toArray(String[]::new))
                    .series("destination ports", all.stream().mapToDouble(SourceReach::destinations).toArray()).horizontal()
                    .valueAxis("destination ports"));
        } else {
            // a bar per source would not fit: the distribution says how evenly the sources reach
            sec.chart(CdfChart.titled("Ports reached per source, over the " + String.format("%,d", all.size()) + " sources")
                    .samples("sources", all.stream().mapToDouble(SourceReach::destinations).toArray()).xAxis("destination ports reached"));
        }
        Map<Integer, List<Integer>> reached = new LinkedHashMap<>();
        for (PairReach p : r.pairs()) reached.computeIfAbsent(p.source(), k -> new ArrayList<>()).add(p.destination());
        Table t = Table.of("source", "ports reached", "paths", "reached, e.g.").maxRows(SOURCE_ROWS).whole(0)
                .caption(all.size() > SOURCE_ROWS ? String.format("The first %d of %,d sources; every pair is in the --json output.", SOURCE_ROWS, all.size()) : "");
        for (SourceReach x : all) {
            List<Integer> d = reached.getOrDefault(x.source(), List.of());
            String named = String.join(", ", d.stream().limit(NAMED_DESTINATIONS).map(network::portName).toList());
            t.row(x.port(), x.destinations(), x.paths(), d.size() > NAMED_DESTINATIONS ? named + String.format(" and %,d more", d.size() - NAMED_DESTINATIONS) : named);
        }
        sec.table(t);
    }

    private static void loops(HtmlReport report, Network network, ReachResult r) {
        if (r.loops().isEmpty()) return;
        Section sec = report.section("Loops");
        sec.paragraph("Each loop: where its headers were injected, the port they came back to, one such header as it arrived the second"
                + " time, and the rules and links from the source up to the revisit.");
        Table t = Table.of("source", "back at", "header, e.g.", "path").maxRows(LOOP_ROWS).whole(0, 1)
                .caption(r.loops().size() > LOOP_ROWS ? String.format("The first %d of %,d loops; all of them are in the --json output.", LOOP_ROWS, r.loops().size()) : "");
        for (Loop l : r.loops()) {
            t.row(network.portName(l.source()), network.portName(l.port()), network.layout().text(l.example()), String.join(" → ", l.history()));
        }
        sec.table(t);
    }

    private static void pairs(HtmlReport report, Network network, ReachResult r) {
        if (r.pairs().isEmpty()) return;
        Section sec = report.section("Reachable pairs");
        int width = network.layout().widthBits();
        sec.paragraph("Per pair, how many distinct headers of the " + width + "-bit header arrive (from 2^20 on as powers of two)"
                + ", over how many paths, and one of them as it arrives.");
        Table t = Table.of("source", "destination", "headers", "paths", "header, e.g.").maxRows(PAIR_ROWS).whole(0, 1)
                .caption(r.pairs().size() > PAIR_ROWS ? String.format("The first %d of %,d pairs; all of them are in the --json output.", PAIR_ROWS, r.pairs().size()) : "");
        for (PairReach p : r.pairs()) {
            t.row(network.portName(p.source()), network.portName(p.destination()), headers(p.headers()), p.paths(), network.layout().text(p.example()));
        }
        sec.table(t);
    }

    /**
     * A count of headers: in full below 2^20, else as a power of two with one decimal ({@code 2^93.4}), which is how header
     * spaces compare; one decimal always, so that 2^32 beside 2^32 + 65,536 does not read as two kinds of number.
     */
    static Object headers(BigInteger n) {
        if (n == null) return "not counted";
        if (n.bitLength() <= 20) return n.longValue();
        double log2 = n.bitLength() - 1 + Math.log(n.shiftRight(n.bitLength() - 53).doubleValue() / (1L << 52)) / Math.log(2);
        return String.format("2^%.1f", log2);
    }
}
