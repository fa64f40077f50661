package org.sonde.probe.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.probe.localize.Diagnosis;
import org.sonde.probe.localize.Method;
import org.sonde.probe.localize.Observation;
import org.sonde.probe.localize.Suspect;
import org.sonde.probe.sim.SimulationResult;
import org.sonde.probe.topology.Topology;
import org.sonde.report.BarChart;
import org.sonde.report.CdfChart;
import org.sonde.report.HtmlReport;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;

/**
 * The HTML reports of {@code sonde probe localize} (the topology with its links coloured by the
 * share of their probes that were bad and the suspects drawn thick, the suspects with their
 * evidence, the loss of every probe's path) and of {@code sonde probe simulate} (accuracy per
 * method, the plan's overhead).
 */
public final class ProbeReport {
    /** Paths listed in the loss table, worst first. */
    static final int PATHS_LISTED = 40;

    private ProbeReport() {}

    /** The localisation of one window; {@code command} is the command line that ran it, shown under the title. */
    public static HtmlReport localize(Diagnosis.Result r, String command) {
        Topology t = r.topology();
        HtmlReport report = HtmlReport.titled("Probe localisation, window " + r.window())
                .subtitle(t.describe()).meta("command", command);
        int links = t.links().size();
        int[] probes = new int[links], bad = new int[links];
        for (Observation o : r.observations()) {
            for (int l : distinct(o.path())) {
                probes[l]++;
                if (o.bad()) bad[l]++;
            }
        }
        Map<Integer, Integer> rank = new LinkedHashMap<>();
        for (int i = 0; i < r.suspects().size(); i++) rank.put(r.suspects().get(i).link(), i + 1);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("window", r.window());
        summary.put("probes", r.probes());
        summary.put("bad probes", r.badProbes());
        summary.put("bad agents set aside", r.badAgents().isEmpty() ? "none" : String.join(", ", r.badAgents()));
        summary.put("pings without a traced path", r.untracedPings());
        summary.put("method", r.method().word());
        // the verdict first, then the numbers behind it
        Section s = report.section("Summary");
        if (r.badProbes() == 0) {
            s.verdict(Verdict.OK, "No probe of the window was bad.");
        } else if (!r.suspects().isEmpty()) {
            Suspect first = r.suspects().getFirst();
            s.verdict(Verdict.FAILURE, "**" + t.link(first.link()).id() + "** is the top suspect: " + first.badProbes() + " of its " + first.probes() + " probes bad.");
        } else {
            s.verdict(Verdict.WARNING, r.badProbes() + " bad probes, and no link explains them.");
        }
        s.keyValues(summary);
        report.section("Links by suspicion")
                .paragraph("Each directed link is drawn on its right-hand side, coloured by the share of the probes through it that were bad; "
                        + "the suspects of " + r.method().word() + " are drawn thick; dashed links carried no probe.")
                .chart(TopologyDrawing.draw(t, "Links by the share of their probes that were bad", "share of probes bad", l -> new TopologyDrawing.Look(
                        probes[l] == 0 ? Double.NaN : (double) bad[l] / probes[l],
                        t.link(l).id() + ": " + bad[l] + " of " + probes[l] + " probes bad" + (rank.containsKey(l) ? "; suspect #" + rank.get(l) : ""),
                        rank.containsKey(l))));
        Table suspects = Table.of("rank", "link", r.method().word() + " score", "probes", "bad probes", "worst path", "its loss").whole(1);
        for (int i = 0; i < r.suspects().size(); i++) {
            Suspect x = r.suspects().get(i);
            Suspect.PathEvidence w = x.worst().isEmpty() ? null : x.worst().getFirst();
            suspects.row(i + 1, t.link(x.link()).id(), x.score(), x.probes(), x.badProbes(), w == null ? "" : path(t, w.source(), w.path()),
                    w == null ? "" : w.lost() + " of " + w.sent());
        }
        Section sus = report.section("Suspects").table(suspects);
        Table others = Table.of("method", "ranking");
        r.rankings().forEach((m, ids) -> others.row(m.word(), String.join("  ", ids)));
        sus.paragraph("Every method on the same probes:").table(others);
        List<Observation> byLoss = new ArrayList<>(r.observations());
        byLoss.sort(Comparator.comparingDouble(Observation::lossRatio).reversed().thenComparing(o -> !o.bad()));
        Table paths = Table.of("source", "target", "ports", "path", "sent", "lost", "loss %", "bad");
        for (Observation o : byLoss.subList(0, Math.min(PATHS_LISTED, byLoss.size()))) {
            paths.row(t.node(o.source()).name(), t.node(o.target()).name(), o.sourcePort() + " > " + o.destinationPort(), path(t, o.source(), o.path()),
                    o.sent(), o.lost(), 100 * o.lossRatio(), o.bad() ? "bad" : "");
        }
        double[] loss = new double[r.observations().size()];
        for (int i = 0; i < loss.length; i++) loss[i] = 100 * r.observations().get(i).lossRatio();
        report.section("Loss per path")
                .paragraph("The " + Math.min(PATHS_LISTED, byLoss.size()) + " probes that lost the largest share of their pings, of " + byLoss.size() + ".")
                .table(paths)
                .chart(CdfChart.titled("Loss per probe").samples("probes", loss).xAxis("pings lost (%)"));
        report.attachJson(r.toMap());
        return report;
    }

    public static void writeLocalize(Diagnosis.Result r, String command, Path html) {
        localize(r, command).writeTo(html);
    }

    /** The accuracy of seeded trials; {@code command} is the command line that ran them, shown under the title. */
    public static HtmlReport simulate(SimulationResult r, String command) {
        HtmlReport report = HtmlReport.titled("Probe simulation: " + r.topology())
                .subtitle(r.options().trials() + " trials of " + r.options().failures() + " failed link(s)").meta("command", command);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("links (fabric)", r.links() + " (" + r.fabricLinks() + ")");
        summary.put("agent pairs probing", r.pairs());
        summary.put("probes per round", r.probesPerRound());
        summary.put("busiest router, probes per round", r.maxRouterProbes());
        summary.put("coverage", 100 * r.coverage() + " %");
        summary.put("loss of a failed link", r.options().lossRate());
        summary.put("pings per probe", r.options().pings());
        SimulationResult.Accuracy main = r.main();
        // lead with the finding: how often the reported method named the failed link(s), and whether every link was probed
        report.section("Plan and trials").verdict(r.coverage() >= 1 ? Verdict.OK : Verdict.WARNING, String.format(
                "%s ranked the failed link%s first in %.1f %% of %,d trials and within the top 3 in %.1f %%; %,d probes per round cover %.0f %% of the links.",
                r.options().method().word(), r.options().failures() > 1 ? "s" : "", 100 * main.top1(), r.options().trials(), 100 * main.top3(),
                r.probesPerRound(), 100 * r.coverage())).keyValues(summary);
        Table acc = Table.of("method", "top 1 (%)", "top 2 (%)", "top 3 (%)");
        List<String> names = new ArrayList<>();
        double[] top1 = new double[Method.values().length], top3 = new double[Method.values().length];
        int i = 0;
        for (Method m : Method.values()) {
            SimulationResult.Accuracy a = r.accuracy().get(m);
            acc.row(m.word() + (m == r.options().method() ? " (reported)" : ""), 100 * a.top1(), 100 * a.top2(), 100 * a.top3());
            names.add(m.word());
            top1[i] = 100 * a.top1();
            top3[i++] = 100 * a.top3();
        }
        report.section("Accuracy")
                .paragraph("The share of trials whose failed links all rank within the top k suspects, for every method on the same probes.")
                .table(acc)
                .chart(BarChart.titled("Accuracy by method").categories(names.toArray(String[]::new)).series("top 1", top1).series("top 3", top3)
                        .valueAxis("trials (%)"));
        report.attachJson(r.toMap());
        return report;
    }

    private static String path(Topology t, int source, int[] links) {
        StringBuilder sb = new StringBuilder(t.node(source).name());
        for (int l : links) sb.append(' ').append(t.node(t.link(l).to()).name());
        return sb.toString();
    }

    private static int[] distinct(int[] path) {
        return java.util.Arrays.stream(path).distinct().toArray();
    }
}
