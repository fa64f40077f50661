package org.sonde.cli.inject;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.core.OutputDirectory;
import org.sonde.cli.DurationOption;
import org.sonde.cli.Progress;
import org.sonde.cli.ReportMeta;
import org.sonde.core.UsageException;
import org.sonde.inject.fuzz.FuzzBudget;
import org.sonde.inject.fuzz.FuzzIteration;
import org.sonde.inject.fuzz.FuzzResult;
import org.sonde.inject.fuzz.FuzzTarget;
import org.sonde.inject.fuzz.FuzzTargetLoader;
import org.sonde.inject.fuzz.Fuzzer;
import org.sonde.inject.report.FuzzReport;
import org.sonde.inject.tcp.TcpTestConfigLoader;
import org.sonde.inject.tcp.fuzz.TcpFuzzResult;
import org.sonde.inject.tcp.fuzz.TcpFuzzTarget;
import org.sonde.inject.tcp.fuzz.TcpFuzzer;
import org.sonde.inject.tcp.report.TcpFuzzReport;
import org.sonde.inject.testbed.TargetSpec;
import org.sonde.core.config.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde inject fuzz}: Lumina's genetic search for configurations that trigger an anomaly. */
@Command(name = "fuzz",
        header = "Search for tests that trigger an anomaly (Lumina's genetic fuzzing).",
        mixinStandardHelpOptions = true,
        description = {
                "Searches traffic settings and event lists for a test that triggers an anomaly (Lumina's",
                "Algorithm 1): start from a pool of random valid tests; repeatedly mutate one, run it, score",
                "it (a weighted sum of innocent-QP slowdown, retransmissions, discards, concurrent recoveries,",
                "NAK latency, timeouts, counter inconsistencies, go-back-N violations) and keep it if it scores",
                "at least the pool's median, or with probability p if not; stop at an anomaly or the budget.",
                "The trigger is shrunk (fewer QPs, messages, events) while it stays anomalous, and written as",
                "a test to rerun. Writes into DIR: fuzz.json (every run, its score and findings), trigger.yaml",
                "and trigger-run/ (when found), report.html (score over the runs, the trigger). The same seed",
                "gives the same search. Exit code 0 when an anomaly was found, 1 when the budget ran out.",
                "",
                "With --target linux it searches the event lists of a TCP test (--base, by default one",
                "connection sending 20 segments and waiting for an answer, cubic) on the kernel's TCP between",
                "network namespaces (needs root): drops, delays, reorderings, duplicates and marks of data",
                "segments (and their retransmissions) and of acknowledgements, scored by the sender's longest",
                "stall, timeouts, spurious retransmissions and failed verdicts. A run is anomalous when a",
                "connection takes --stall-threshold or longer, fails, or an analyzer's verdict fails. The",
                "trigger is minimised (events left out while it stays anomalous) and written as trigger.yaml;",
                "the kernel's timing is not seeded, so a rerun of the search may part from the first."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde inject fuzz --objective noisy-neighbour --target sim:cx4lx-like --runs 300 --seed 4 --out nn",
                "  sonde inject fuzz --objective general --target sim:e810-like --out general",
                "  sonde inject fuzz --objective examples/inject/fuzz/noisy-neighbour.yaml --out custom",
                "  sonde inject fuzz --target linux --runs 60 --stall-threshold 1s --out tcp-fuzz",
                "  sonde inject fuzz --target linux --base examples/inject/tcp-listing2.yaml --out tcp-fuzz"
        })
final class FuzzCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--objective", paramLabel = "NAME|FILE",
            description = "noisy-neighbour (innocent QPs slowed by losses on others, paper section 6.2.2), general (counter"
                    + " inconsistencies and go-back-N violations), or a target file (examples/inject/README.md). Default: noisy-neighbour."
                    + " Simulated NICs only.")
    String objective;

    @Option(names = "--target", paramLabel = "TARGET", defaultValue = "sim:cx4lx-like", converter = TargetOption.class,
            description = "sim:PROFILE, the simulated NIC to search (neutral, cx4lx-like, cx5-like, cx6dx-like, e810-like), or linux,"
                    + " the kernel's TCP. Default: ${DEFAULT-VALUE}.")
    TargetSpec target;

    @Option(names = "--runs", paramLabel = "N", description = "Budget: configurations to evaluate. Default: 300 (60 on linux, about a second each).")
    Integer runs;

    @Option(names = "--base", paramLabel = "TEST.yaml", description = "With --target linux: the TCP test whose traffic is fuzzed (its events are ignored).")
    Path base;

    @Option(names = "--stall-threshold", paramLabel = DurationOption.LABEL, converter = DurationOption.class,
            description = "With --target linux: a connection taking this long is an anomaly. Default: 1s.")
    Long stallThreshold;

    @Option(names = "--time", paramLabel = DurationOption.LABEL, converter = DurationOption.class,
            description = "Budget: also stop after this wall time (e.g. 300s or 5m); the search then depends on the machine's speed.")
    Long time;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the search (and of the simulator runs). Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Output directory (created; files in it are replaced).")
    Path out;

    /** The result: every run, its score and findings (fuzz.json in DIR). */
    @Mixin
    OutputOptions.Json json;

    /** A copy of DIR/report.html. */
    @Mixin
    OutputOptions.Report report;

    @Override
    public Integer call() {
        if (target instanceof TargetSpec.Linux) return linux();
        if (base != null || stallThreshold != null) throw new UsageException("--base and --stall-threshold are options of --target linux", null);
        int runs = this.runs == null ? 300 : this.runs;
        String objective = this.objective == null ? "noisy-neighbour" : this.objective;
        if (runs < 1) throw new UsageException("--runs " + runs + ": give at least 1");
        json.checkWritable();
        report.checkWritable();
        FuzzTarget fuzzTarget = switch (objective) {
            case "noisy-neighbour" -> FuzzTarget.noisyNeighbour();
            case "general" -> FuzzTarget.general();
            default -> FuzzTargetLoader.load(Path.of(objective));
        };
        FuzzBudget budget = time == null ? FuzzBudget.runs(runs) : new FuzzBudget(runs, Duration.ofNanos(time));
        PrintWriter err = spec.commandLine().getErr();
        FuzzResult r;
        try (OutputDirectory dir = OutputDirectory.create(out, "--out");
             Progress progress = new Progress(err, "fuzz " + fuzzTarget.name() + " on " + target)) {
            r = Fuzzer.run(fuzzTarget, target.simulated(), budget, seed, dir.path(), i -> progress.update(i.run(), runs, "runs"));
            FuzzReport.of(r).writeTo(dir.path().resolve("report.html"));
            dir.commit();
        }
        report.copyFrom(out.resolve("report.html"));
        PrintWriter o = json.text();
        o.printf("%s on %s (seed %d): %s after %d runs (%d simulator runs, %.1f s)%n", r.target(), target, seed,
                r.anomalyFound() ? "anomaly found" : "no anomaly", r.runs(), r.simulatorRuns(), r.wallMillis() / 1000.0);
        if (r.anomalyFound()) {
            FuzzIteration t = r.trigger();
            o.printf("  trigger: %s%n", t.summary());
            if (r.objective() == FuzzTarget.Objective.NOISY_NEIGHBOUR) {
                o.printf("    innocent QPs' mean completion %.2fx that of the same traffic without events (%s vs %s)%n",
                        t.outcome().innocentMctInflation(), mct(t.outcome().innocentMctNanos()), mct(t.outcome().baselineInnocentMctNanos()));
            }
            t.outcome().findings().forEach(f -> o.println("    - " + f));
            o.printf("  rerun:   sonde inject run %s --target %s --seed=%d --out DIR%n", out.resolve(r.triggerFile()), target, t.simSeed());
        }
        o.printf("  wrote %s and %s%n", out.resolve("fuzz.json"), out.resolve("report.html"));
        o.flush();
        json.writeValue(r);
        return r.anomalyFound() ? 0 : 1;
    }

    private static String mct(Double nanos) {
        return nanos == null ? "none" : Units.formatNanos(Math.round(nanos));
    }

    private Integer linux() {
        if (objective != null) throw new UsageException("--objective chooses what to search on a simulated NIC; on linux the search is for stalls",
                "leave --objective out, or set --stall-threshold");
        if (time != null) throw new UsageException("--time is not an option of --target linux", "bound the search with --runs");
        int runs = this.runs == null ? 60 : this.runs;
        json.checkWritable();
        report.checkWritable();
        TcpFuzzTarget t = TcpFuzzTarget.DEFAULT;
        if (base != null) t = t.withBase(TcpTestConfigLoader.load(base));
        if (stallThreshold != null) t = t.withStallThreshold(stallThreshold);
        PrintWriter err = spec.commandLine().getErr();
        TcpFuzzResult r;
        try (OutputDirectory dir = OutputDirectory.create(out, "--out");
             Progress progress = new Progress(err, "fuzz TCP stalls on linux")) {
            r = TcpFuzzer.run(t, runs, seed, dir.path(), x -> progress.update(x.run() > 0 ? x.run() : runs, runs, "runs"));
            TcpFuzzReport.of(r, ReportMeta.version()).writeTo(dir.path().resolve("report.html"));
            dir.commit();
        }
        report.copyFrom(out.resolve("report.html"));
        PrintWriter o = json.text();
        TcpFuzzReport.summary(r, out).forEach(o::println);
        o.flush();
        json.writeValue(r);
        return r.anomalyFound() ? 0 : 1;
    }
}
