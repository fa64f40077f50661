package org.sonde.cli.inject;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.cli.DurationOption;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.ReportMeta;
import org.sonde.core.OutputDirectory;
import org.sonde.core.UsageException;
import org.sonde.core.config.YamlTree;
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTestConfigLoader;
import org.sonde.inject.tcp.study.TcpScenario;
import org.sonde.inject.tcp.diff.TcpDiff;
import org.sonde.inject.tcp.diff.TcpDiffRun;
import org.sonde.inject.tcp.diff.TcpDiffSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sonde inject diff}: a TCP test on the kernel and on the simulator's model, and where they differ. */
@Command(name = "diff",
        header = "Run a TCP test on Linux and on the simulator's TCP, and list where they differ.",
        mixinStandardHelpOptions = true,
        description = {
                "Runs the TCP test (a file, or a scenario of `sonde inject study --target linux`) on",
                "--target linux (needs root) and then on --target sim-tcp, the simulator's",
                "Linux-like TCP with links set from the kernel run's handshake round trip, or compares two",
                "directories written by `sonde inject run` (--runs A B). Per connection the packets are",
                "aligned in the test's terms (direction, segment and transmission or acknowledged byte, flags,",
                "event) and the analyzers' verdicts matched per lost transmission, spurious retransmission and",
                "CE mark. Every difference has a category: sequence (packets only one run has there),",
                "recovery-kind, recovery, spurious, ecn, timing (a recovery or echo took longer than the",
                "tolerance allows) or outcome. Writes into DIR:",
                "  linux/, sim-tcp/  each run's trace.pcapng, result.json, analysis.json and report.html",
                "  diff.json         the alignment's counts and every difference",
                "  report.html       the differences and the aligned packets side by side",
                "--json writes diff.json's content too (- for stdout); --report FILE a copy of report.html.",
                "Exit code 1 when the runs differ."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde inject diff examples/inject/tcp-listing2.yaml --out l2-diff",
                "  sonde inject diff --scenario lost-retransmission --congestion-control reno --out lr-reno",
                "  sonde inject diff --runs kernel-run model-run --out compared"
        })
final class DiffCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TEST.yaml", description = "The TCP test (not with --runs).")
    Path test;

    @Option(names = "--scenario", paramLabel = "NAME",
            description = "Run a scenario of the TCP study instead of a file: baseline, loss, lost-retransmission, tail-loss, ack-loss.")
    String scenario;

    @Option(names = "--congestion-control", paramLabel = "CC", defaultValue = "cubic",
            description = "The study scenario's congestion control (reno, cubic). Default: ${DEFAULT-VALUE}.")
    String congestionControl;

    @Option(names = "--runs", arity = "2", paramLabel = "DIR", description = "Compare these two run directories instead of running the test.")
    List<Path> runs;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of both runs. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--tolerance", paramLabel = DurationOption.LABEL, defaultValue = "5ms", converter = DurationOption.WasMillisOrZero.class,
            description = "Times agree within this long ... Default: ${DEFAULT-VALUE}.")
    long toleranceNanos;

    @Option(names = "--tolerance-percent", paramLabel = "P", defaultValue = "25",
            description = "... or within this share of the larger. Default: ${DEFAULT-VALUE}.")
    double tolerancePercent;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Output directory (created; files in it are replaced).")
    Path out;

    /** diff.json's content. */
    @Mixin
    OutputOptions.Json json;

    /** A copy of DIR/report.html. */
    @Mixin
    OutputOptions.Report report;

    @Override
    public Integer call() {
        if ((test != null ? 1 : 0) + (runs != null ? 1 : 0) + (scenario != null ? 1 : 0) != 1) {
            throw new UsageException("give one of TEST.yaml, --scenario NAME or --runs A B", "e.g. sonde inject diff examples/inject/tcp-listing2.yaml --out DIR");
        }
        if (tolerancePercent < 0) throw new UsageException("--tolerance-percent is not negative");
        json.checkWritable();
        report.checkWritable();
        TcpDiff.Tolerance tolerance = new TcpDiff.Tolerance(toleranceNanos, tolerancePercent / 100);
        String name;
        TcpDiffRun.Outcome o;
        long t0 = System.nanoTime();
        try (OutputDirectory dir = OutputDirectory.create(out, "--out")) {
            if (scenario != null) {
                TcpScenario s = Arrays.stream(TcpScenario.values()).filter(x -> x.word().equals(scenario.strip())).findFirst()
                        .orElseThrow(() -> new UsageException("--scenario " + scenario + ": no such scenario of the TCP study",
                                "give one of " + String.join(", ", Arrays.stream(TcpScenario.values()).map(TcpScenario::word).toList())));
                TcpTestConfig t = s.test(congestionControl.strip());
                name = t.name();
                o = TcpDiffRun.run(t, seed, tolerance, dir.path(), ReportMeta.version());
            } else if (runs != null) {
                name = runs.get(0) + " against " + runs.get(1);
                o = TcpDiffRun.compareRuns(runs.get(0), runs.get(1), tolerance, dir.path(), ReportMeta.version());
            } else {
                YamlTree tree = YamlTree.read(test, "test file", "give the path of a TCP test, e.g. examples/inject/tcp-listing2.yaml");
                name = test.getFileName().toString().replaceFirst("\\.ya?ml$", "");
                if (!TcpTestConfigLoader.isTcp(tree)) throw new UsageException(test + " is a RoCE test: inject diff compares TCP runs", "give a test with traffic.transport: tcp");
                o = TcpDiffRun.run(TcpTestConfigLoader.read(tree, name), seed, tolerance, dir.path(), ReportMeta.version());
            }
            dir.commit();
        }
        report.copyFrom(out.resolve(TcpDiffRun.REPORT_FILE));
        json.copyOf(out.resolve(TcpDiffRun.JSON_FILE));
        PrintWriter w = json.text();
        w.printf("%s: %s against %s (seed %d), %.2f s%n", name, o.result().leftLabel(), o.result().rightLabel(), seed, (System.nanoTime() - t0) / 1e9);
        TcpDiffSummary.lines(o).forEach(w::println);
        w.printf("  wrote %s and %s%n", out.resolve(TcpDiffRun.JSON_FILE), out.resolve(TcpDiffRun.REPORT_FILE));
        w.flush();
        return o.result().same() ? 0 : 1;
    }
}
