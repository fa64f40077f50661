package org.sonde.cli.verify;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.sonde.cli.MasterOption;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.ReportMeta;
import org.sonde.core.BadInputException;
import org.sonde.core.UsageException;
import org.sonde.verify.check.Check;
import org.sonde.verify.gen.Truth;
import org.sonde.verify.report.CheckJson;
import org.sonde.verify.report.CheckText;
import org.sonde.verify.report.VerifyReport;
import org.sonde.verify.run.Backend;
import org.sonde.verify.run.LocalBackend;
import org.sonde.verify.run.VerificationResult;
import org.sonde.verify.snapshot.Snapshot;
import org.sonde.verify.snapshot.SnapshotText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde verify check}: Libra's map, shuffle and reduce over one snapshot. */
@Command(name = "check",
        header = "Check a snapshot's forwarding for loops, black holes, reachability and waypoints.",
        mixinStandardHelpOptions = true,
        description = {
                "Checks a snapshot: maps every rule to the subnets it matches (a subnet trie), groups the",
                "(subnet, rule) pairs by subnet, and per subnet selects each switch's rule (highest",
                "priority, then longest prefix), builds the forwarding graph and checks it:",
                "  loops         strongly connected components (a switch forwarding to itself too)",
                "  blackholes    switches sent the subnet's packets without a rule for them (explicit",
                "                drops and last hops are fine)",
                "  reachability  switches of the network with no path to the subnet",
                "  waypoints     edge switches whose traffic reaches the subnet around its waypoints",
                "Each violation is one row: its type and subnet, where (a loop drawn as its cycle, a",
                "black hole's switch) and why (the rule to look at). Exit code 1 when any is found.",
                "When the snapshot holds a truth.json (as 'sonde verify generate' writes), the planted",
                "faults found and missed, and the violations nobody planted, are counted too.",
                "",
                "--json writes {\"violations\":[{\"type\":\"loop|blackhole|unreachable|waypoint\",",
                "\"subnet\":\"a.b.c.d/n\",\"where\":...,\"why\":...,\"switches\":[...],\"cycle\":[...],",
                "\"rules\":[...]}],\"truth\":{\"found\":N,\"missed\":[...],\"extra\":[...]},\"seconds\":S,...}."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde verify check --snapshot dcn --checks loops,blackholes --json result.json",
                "  sonde verify check --snapshot dcn --checks loops,blackholes,reachability,waypoints \\",
                "      --report dcn.html",
                "  sonde verify check --snapshot hdfs://namenode/snapshots/dcn --backend spark \\",
                "      --master spark://head:7077"
        })
final class CheckCommand implements Callable<Integer> {
    enum BackendKind { spark, local }

    @Spec
    CommandSpec spec;

    @Option(names = "--snapshot", paramLabel = "DIR|URI", required = true,
            description = "The snapshot directory (rules.txt or rules.parquet, ...). With --backend spark also a URI Spark reads"
                    + " (hdfs://..., s3a://...) of a directory with rules.parquet.")
    String snapshot;

    @Mixin
    ChecksOption checks;

    @Option(names = "--backend", paramLabel = "spark|local", defaultValue = "spark",
            description = "spark: Apache Spark (embedded local[*] unless --master); local: plain threads in this process,"
                    + " no Spark. Both give the same violations. Default: ${DEFAULT-VALUE}.")
    BackendKind backend;

    @Option(names = "--master", paramLabel = "URL", converter = MasterOption.class,
            description = "Spark master URL (local[N], spark://host:port, yarn, ...). Default: local[*].")
    String master;

    @Option(names = "--partitions", paramLabel = "N", defaultValue = "0",
            description = "spark: shards of rules and of subnets; 0 for twice Spark's default parallelism. Default: ${DEFAULT-VALUE}.")
    int partitions;

    @Option(names = "--threads", paramLabel = "N", description = "local: threads. Default: the number of processors.")
    Integer threads;

    @Mixin
    OutputOptions.Json json;

    /** The report: violations, per-phase times. */
    @Mixin
    OutputOptions.Report report;

    @Option(names = "--show", paramLabel = "N", defaultValue = "10", description = "Violations listed on stdout. Default: ${DEFAULT-VALUE}.")
    int show;

    @Override
    public Integer call() {
        Set<Check> checkSet = checks.checks();
        if (master != null && backend != BackendKind.spark) throw new UsageException("--master is for --backend spark");
        if (threads != null && threads < 1) throw new UsageException("--threads must be at least 1, got " + threads);
        json.checkWritable();
        report.checkWritable();
        // a generated snapshot's truth.json is read first: a malformed one fails before the work
        Truth planted = snapshot.contains("://") ? null : Truth.beside(Path.of(snapshot)).orElse(null);
        PrintWriter err = spec.commandLine().getErr();
        String sparkMaster = master == null ? SparkSupport.DEFAULT_MASTER : master;
        long t0 = System.nanoTime();
        VerificationResult r;
        long readNanos;
        if (backend == BackendKind.spark && (snapshot.contains("://") || parquetOnly(Path.of(snapshot)))) {
            // Spark reads the rules itself, shard by shard on the executors: reading is part of its phases
            err.printf("check: %s: rules.parquet read by spark (%s)%n", snapshot, sparkMaster);
            err.flush();
            readNanos = 0;
            try (PhaseProgress progress = new PhaseProgress(err, "check")) {
                r = SparkSupport.verifyStored(snapshot, sparkMaster, partitions, checkSet, progress);
            }
        } else {
            Snapshot s = read(Path.of(snapshot), sparkMaster);
            readNanos = System.nanoTime() - t0;
            err.printf("check: %s read in %.1f s; %s backend%n", s, readNanos / 1e9,
                    backend == BackendKind.spark ? "spark (" + sparkMaster + ")" : "local");
            err.flush();
            Backend b = backend == BackendKind.spark ? SparkSupport.backend(sparkMaster, partitions)
                    : threads == null ? new LocalBackend() : new LocalBackend(threads);
            try (PhaseProgress progress = new PhaseProgress(err, "check")) {
                r = b.verify(s, checkSet, progress);
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        Truth.Score truth = planted == null ? null : planted.score(r.violations(), r.checks());
        Map<String, Object> result = CheckJson.of(snapshot, backend == BackendKind.spark ? sparkMaster : null, r, readNanos / 1e9, seconds, truth);
        PrintWriter out = json.text();
        CheckText.lines(snapshot, r, readNanos / 1e9, seconds, show, json.requested() ? json.where() : "(see --json)", truth).forEach(out::println);
        // the result is printed before the files are written: a failed write cannot lose it
        out.flush();
        if (json.requested()) json.write(CheckJson.text(result));
        if (report.requested())
            VerifyReport.check(snapshot, r, readNanos / 1e9, seconds, truth, ReportMeta.command(spec), ReportMeta.version(), result).writeTo(report.file());
        return r.violations().isEmpty() ? 0 : 1;
    }

    private static boolean parquetOnly(Path dir) {
        return !Files.exists(dir.resolve(SnapshotText.RULES)) && SparkSupport.parquetPresent(dir);
    }

    /** The snapshot in its text form, or its Parquet rules when there is no rules.txt. */
    static Snapshot read(Path dir, String sparkMaster) {
        if (!Files.exists(dir.resolve(SnapshotText.RULES)) && SparkSupport.parquetPresent(dir)) return SparkSupport.readParquet(dir, sparkMaster);
        if (Files.isDirectory(dir) && !Files.exists(dir.resolve(SnapshotText.RULES)))
            throw new BadInputException(dir.toString(), "", "expected rules.txt or rules.parquet in the snapshot directory");
        return SnapshotText.read(dir);
    }
}
