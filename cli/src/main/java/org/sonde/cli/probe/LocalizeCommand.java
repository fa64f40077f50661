package org.sonde.cli.probe;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.sonde.cli.DurationOption;
import org.sonde.cli.MasterOption;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.ReportMeta;
import org.sonde.core.UsageException;
import org.sonde.probe.localize.BadAgents;
import org.sonde.probe.localize.Diagnosis;
import org.sonde.probe.localize.Method;
import org.sonde.probe.localize.Suspect;
import org.sonde.probe.report.ProbeReport;
import org.sonde.probe.spark.ProbeResults;
import org.sonde.probe.topology.Topology;
import org.sonde.spark.SparkMaster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde probe localize}: suspects from one window of probe results. */
@Command(name = "localize",
        header = "Localize faulty links from one window of probe results.",
        mixinStandardHelpOptions = true,
        description = {
                "Localises faulty links from one window of probe results (a CSV with the header",
                "window,source,target,sourcePort,destinationPort,path,sent,lost,p99Millis; path is the",
                "traceroute of the tuple, node names separated by spaces), or the per-probe records of sonde",
                "probe agent (pings counted per tuple and window, paths from their traceroutes and those of the",
                "reversed tuples). A probe is bad when it lost more",
                "than --loss-threshold of its pings or its p99 rose more than --spike above the mean of",
                "its previous three windows. Agents bad towards (nearly) all of their targets are set aside,",
                "unless one link explains their bad probes (each crosses it, none of their good probes does).",
                "Ranks links with Sherlock-style inference (NetSonar), Boolean tomography, 007's voting and",
                "a NetBouncer-style loss fit; lists the chosen method's suspects with their evidence.",
                "Exit code 1 when some probe was bad.",
                "",
                "With --backend spark, Apache Spark reads the agents' per-probe records (CSV, or Parquet with the",
                "same columns: a name ending in .parquet, on any file system Spark reads), counts each tuple's",
                "pings per window and finds their paths, and this process localises the window as --backend",
                "local does: both give identical results; Spark is for a data center's records.",
                "",
                "--json writes {\"window\",\"probes\",\"badProbes\",\"badAgents\",\"untracedPings\",",
                "\"suspects\":[{\"link\",\"score\",\"probes\",\"badProbes\",\"evidence\":[...]}],",
                "\"rankings\":{\"sherlock\":[...],...}}."
        },
        footerHeading = "%nExample:%n",
        footer = {"  sonde probe localize --topology fattree:4 --results results.csv --json suspects.json \\",
                "      --report suspects.html",
                "  sonde probe localize --topology fattree:16 --results hdfs://nn/probes/day.parquet \\",
                "      --backend spark --master spark://head:7077"})
final class LocalizeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--topology", required = true, paramLabel = "SPEC", description = TopologyOption.DESCRIPTION)
    String topology;

    enum BackendKind { local, spark }

    @Option(names = "--results", required = true, paramLabel = "FILE|URI",
            description = "Probe results (CSV), e.g. from sonde probe agent --results; with --backend spark the agents' records"
                    + " as CSV or Parquet (FILE.parquet), also at a URI Spark reads (hdfs://..., s3a://...).")
    String results;

    @Option(names = "--backend", paramLabel = "local|spark", defaultValue = "local",
            description = "local: in this process; spark: Apache Spark aggregates the per-probe records (embedded local[*]"
                    + " unless --master). Both give identical results. Default: ${DEFAULT-VALUE}.")
    BackendKind backend;

    @Option(names = "--master", paramLabel = "URL", converter = MasterOption.class,
            description = "Spark master URL (local[N], spark://host:port, yarn, ...) for --backend spark. Default: local[*].")
    String master;

    @Option(names = "--window", paramLabel = "N", defaultValue = "-1", description = "The window to localise; default: the last one in the file.")
    long window;

    @Option(names = "--loss-threshold", defaultValue = "0.01", paramLabel = "SHARE", description = "Default: ${DEFAULT-VALUE}.")
    double lossThreshold;

    @Option(names = "--spike", defaultValue = "50ms", paramLabel = DurationOption.LABEL, converter = DurationOption.WasMillisOrZero.class,
            description = "p99 rise that makes a probe bad. Default: ${DEFAULT-VALUE}.")
    long spikeNanos;

    @Option(names = "--no-agent-filter", description = "Keep the probes of agents that look bad towards every target.")
    boolean noFilter;

    @Option(names = "--method", defaultValue = "sherlock", paramLabel = "sherlock|tomography|007|netbouncer", description = "Default: ${DEFAULT-VALUE}.")
    String method;

    @Option(names = "--top", defaultValue = "5", paramLabel = "N", description = "Suspects listed. Default: ${DEFAULT-VALUE}.")
    int top;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the IDN-like generator, when --topology idn. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Mixin
    OutputOptions.Json json;

    /** The report: the links coloured by suspicion, the suspects, the loss per path. */
    @Mixin
    OutputOptions.Report report;

    @Override
    public Integer call() {
        json.checkWritable();
        report.checkWritable();
        if (top < 1) throw new UsageException("--top must be at least 1, got " + top);
        if (!(lossThreshold >= 0 && lossThreshold < 1)) throw new UsageException("--loss-threshold must be from 0 to below 1, got " + lossThreshold);
        Topology t = TopologyOption.load(topology, seed);
        Method m = TopologyOption.usage(() -> Method.of(method), "--method");
        if (master != null && backend != BackendKind.spark) throw new UsageException("--master is for --backend spark");
        Diagnosis.Options options = new Diagnosis.Options(window, lossThreshold, spikeNanos / 1e6, noFilter ? null : BadAgents.DEFAULT, m, top);
        // Parquet is read through parquet-java, which comes with Spark (cli/target/lib)
        if (backend == BackendKind.spark || ProbeResults.parquet(results)) SparkMaster.requireSpark();
        Diagnosis.Result r = ProbeResults.localize(t, results, options, backend == BackendKind.spark ? (master == null ? "local[*]" : master) : null);
        PrintWriter o = json.text();
        o.printf("window %d: %,d probes, %,d bad%s%s%n", r.window(), r.probes(), r.badProbes(),
                r.badAgents().isEmpty() ? "" : "; set aside the probes of bad agents " + String.join(", ", r.badAgents()),
                r.untracedPings() == 0 ? "" : "; left out %,d pings of tuples never traced completely".formatted(r.untracedPings()));
        for (Suspect s : r.suspects())
            o.printf("  %-24s %s %.3f  %d of %d probes through it bad%n", t.link(s.link()).id(), m.word(), s.score(), s.badProbes(), s.probes());
        r.rankings().forEach((k, v) -> { if (k != m) o.printf("  %-10s %s%n", k.word(), String.join(" ", v)); });
        o.flush();
        if (json.requested()) json.write(r.json());
        if (report.requested()) {
            ProbeReport.writeLocalize(r, ReportMeta.command(spec), report.file());
            o.printf("wrote %s%n", report.file());
            o.flush();
        }
        return r.badProbes() > 0 ? 1 : 0;
    }
}
