package org.sonde.cli.probe;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.cli.DurationOption;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.ReportMeta;
import org.sonde.core.AtomicFiles;
import org.sonde.core.UsageException;
import org.sonde.probe.localize.BadAgents;
import org.sonde.probe.localize.Method;
import org.sonde.probe.localize.ProbeRecord;
import org.sonde.probe.plan.CoverPolicy;
import org.sonde.probe.plan.Strategy;
import org.sonde.probe.report.ProbeReport;
import org.sonde.probe.sim.PathDynamics;
import org.sonde.probe.sim.Simulation;
import org.sonde.probe.sim.SimulationOptions;
import org.sonde.probe.sim.SimulationResult;
import org.sonde.probe.spark.ProbeResults;
import org.sonde.probe.topology.Topology;
import org.sonde.spark.SparkMaster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde probe simulate}: localisation accuracy in seeded trials (§3.6). */
@Command(name = "simulate",
        header = "Plan probes, fail links in seeded trials and score the localisation (Tables 3.x).",
        mixinStandardHelpOptions = true,
        description = {
                "Plans probes for the topology, then runs seeded trials: each with a fresh ECMP hash function,",
                "--failures lossy router-to-router links, one window of probes along their hashed paths, and",
                "localisation by every method on the same probes. Accuracy is the share of trials whose failed",
                "links all rank within the top 1, 2, 3 suspects (and the top 0.5/1/2 %% of links).",
                "",
                "--json writes {\"trials\":T,\"accuracy\":{\"top1\":x,\"top2\":y,\"top3\":z,\"topPercent\":{...}},",
                "\"methods\":{...},\"probesPerRound\":n,\"maxRouterProbesPerRound\":m,\"pairs\":p,\"coverage\":c,...}."
        },
        footerHeading = "%nExample:%n",
        footer = {"  sonde probe simulate --topology idn --failures 1 --trials 1000 --alpha 2 --seed 1 --json sim.json",
                "  sonde probe simulate --topology fattree:16 --trials 1 --pings 300 --records records.parquet"})
final class SimulateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--topology", required = true, paramLabel = "SPEC", description = TopologyOption.DESCRIPTION)
    String topology;

    @Option(names = "--failures", defaultValue = "1", paramLabel = "F", description = "Failed links per trial. Default: ${DEFAULT-VALUE}.")
    int failures;

    @Option(names = "--trials", defaultValue = "1000", paramLabel = "T", description = "Default: ${DEFAULT-VALUE}.")
    int trials;

    @Option(names = "--alpha", defaultValue = "2", paramLabel = "A", description = "MSC-alpha. Default: ${DEFAULT-VALUE}.")
    int alpha;

    @Option(names = "--inflation", defaultValue = "2", paramLabel = "F", description = "Tuples per pair over its paths. Default: ${DEFAULT-VALUE}.")
    double inflation;

    @Option(names = "--strategy", defaultValue = "msc", paramLabel = "msc|all-pairs|random-pairs|single-path",
            description = "Which pairs probe; single-path: all pairs, one tuple each, localised on one assumed path. Default: ${DEFAULT-VALUE}.")
    String strategy;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--loss", defaultValue = "0.05", paramLabel = "SHARE", description = "Packets a failed link drops. Default: ${DEFAULT-VALUE}.")
    double loss;

    @Option(names = "--pings", defaultValue = "100", paramLabel = "N", description = "Pings per probe in the window. Default: ${DEFAULT-VALUE}.")
    int pings;

    @Option(names = "--false-negatives", defaultValue = "0", paramLabel = "SHARE", description = "Bad probes relabelled good. Default: ${DEFAULT-VALUE}.")
    double falseNegatives;

    @Option(names = "--bad-agents", defaultValue = "0", paramLabel = "SHARE", description = "Probability that an agent is bad. Default: ${DEFAULT-VALUE}.")
    double badAgents;

    @Option(names = "--no-agent-filter", description = "Do not set bad agents' probes aside.")
    boolean noFilter;

    @Option(names = "--path-changes", paramLabel = "N", description = "Each probe changes path N times within the window, to a random path of its"
            + " pair, and a bad probe blames every path it took (Table 3.7). Default: none.")
    Integer pathChanges;

    @Option(names = "--path-lifetime", paramLabel = DurationOption.LABEL, converter = DurationOption.Minutes.class,
            description = "Paths live for exponential lifetimes of this median (e.g. 15m) and each ping is put on the path the probe's last"
                    + " traceroute saw (Table 3.8; with --traceroute-period). Default: paths do not change.")
    Long pathLifetimeNanos;

    @Option(names = "--traceroute-period", defaultValue = "0s", paramLabel = DurationOption.LABEL, converter = DurationOption.MinutesOrZero.class,
            description = "With --path-lifetime: each probe is traced this often, e.g. 5m (0s: every ping on its real path). Default: 0s.")
    long traceroutePeriodNanos;

    @Option(names = "--window", defaultValue = "60m", paramLabel = DurationOption.LABEL, converter = DurationOption.Minutes.class,
            description = "With --path-lifetime: the aggregation window the pings spread over (the dissertation's deployment: an hour)."
                    + " Default: 60m.")
    long windowNanos;

    @Option(names = "--method", defaultValue = "sherlock", paramLabel = "sherlock|tomography|007|netbouncer",
            description = "The method reported as accuracy (all are measured). Default: ${DEFAULT-VALUE}.")
    String method;

    @Option(names = "--records", paramLabel = "FILE",
            description = "Also write the per-probe records live agents would write in the first trial (its failed links; a traceroute"
                    + " and --pings pings per probe and window), for sonde probe localize: CSV, or Parquet when FILE ends in .parquet.")
    Path records;

    @Option(names = "--record-windows", defaultValue = "1", paramLabel = "N", description = "Windows of --records. Default: ${DEFAULT-VALUE}.")
    int recordWindows;

    @Mixin
    OutputOptions.Json json;

    /** The report: the accuracy of every method. */
    @Mixin
    OutputOptions.Report report;

    private PathDynamics paths() {
        if (pathChanges != null && pathLifetimeNanos != null)
            throw new UsageException("--path-changes and --path-lifetime are two models of path changes (Tables 3.7 and 3.8): give one");
        if (pathLifetimeNanos == null && spec.commandLine().getParseResult().hasMatchedOption("--traceroute-period"))
            throw new UsageException("--traceroute-period needs --path-lifetime: without path changes every ping is on its real path");
        if (pathChanges != null) return new PathDynamics.Changes(pathChanges);
        if (pathLifetimeNanos != null)
            return new PathDynamics.Traceroute(pathLifetimeNanos / 60e9, traceroutePeriodNanos / 60e9, windowNanos / 60e9);
        return PathDynamics.FIXED;
    }

    @Override
    public Integer call() {
        json.checkWritable();
        report.checkWritable();
        if (records != null) {
            AtomicFiles.checkWritable(records, "--records");
            if (recordWindows < 1) throw new UsageException("--record-windows must be at least 1, got " + recordWindows);
            if (pathChanges != null || pathLifetimeNanos != null) throw new UsageException("--records are made on fixed paths: drop --path-changes and --path-lifetime");
            if (ProbeResults.parquet(records.toString())) SparkMaster.requireSpark(); // parquet-java comes with Spark
        } else if (spec.commandLine().getParseResult().hasMatchedOption("--record-windows")) {
            throw new UsageException("--record-windows is for --records");
        }
        Topology t = TopologyOption.load(topology, seed);
        boolean single = strategy.equals("single-path");
        SimulationOptions o = TopologyOption.usage(() -> new SimulationOptions(failures, trials, new CoverPolicy.Inflation(inflation),
                single ? Strategy.ALL_PAIRS : Strategy.of(strategy), alpha, seed, pings, loss, 0.01, falseNegatives, badAgents,
                noFilter ? null : BadAgents.DEFAULT, single, Method.of(method), paths()), "options");
        long t0 = System.nanoTime();
        SimulationResult r = TopologyOption.usage(() -> Simulation.run(t, o), "--topology/--failures");
        PrintWriter out = json.text();
        out.printf("%s: %s; %,d pairs, %,d probes per round, busiest router %.0f; coverage %.1f %%%n",
                topology, t.describe(), r.pairs(), r.probesPerRound(), r.maxRouterProbes(), 100 * r.coverage());
        for (Method m : Method.values()) {
            SimulationResult.Accuracy a = r.accuracy().get(m);
            out.printf("  %-10s top1 %5.1f %%  top2 %5.1f %%  top3 %5.1f %%%s%n", m.word(), 100 * a.top1(), 100 * a.top2(), 100 * a.top3(), m == o.method() ? "  <- accuracy" : "");
        }
        out.printf("%,d trials in %.1f s%n", trials, (System.nanoTime() - t0) / 1e9);
        out.flush();
        if (records != null) {
            List<ProbeRecord> all = new ArrayList<>();
            List<String> failed = TopologyOption.usage(() -> Simulation.records(t, o, recordWindows, all::add), "--records");
            ProbeResults.write(records, all);
            out.printf("wrote %s: %,d records of %d window(s), failed %s%n", records, all.size(), recordWindows, String.join(", ", failed));
            out.flush();
        }
        if (json.requested()) json.write(r.json());
        if (report.requested()) {
            ProbeReport.simulate(r, ReportMeta.command(spec)).writeTo(report.file());
            out.printf("wrote %s%n", report.file());
            out.flush();
        }
        return 0;
    }
}
