package org.sonde.cli.search;

import org.sonde.cli.DurationOption;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.ReportMeta;
import org.sonde.core.UsageException;
import org.sonde.core.config.Units;
import org.sonde.search.Found;
import org.sonde.search.Method;
import org.sonde.search.SearchJson;
import org.sonde.search.SearchOptions;
import org.sonde.search.SearchResult;
import org.sonde.search.SearchTarget;
import org.sonde.search.report.SearchReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde search run}: one search within a budget of the target's clock. */
@Command(name = "run",
        header = "Search one target for anomalies within a time budget and report each with its MFS.",
        mixinStandardHelpOptions = true,
        description = {
                "Runs one search on the target and prints each anomaly: when it was found (hours of the target's",
                "clock), its symptom and its minimal feature set. On a simulated target the ground-truth",
                "mechanism is shown too, for evaluation; the search never reads it.",
                "Methods: collie (SA + MFS on diagnostic counters), collie-perf (SA + MFS on the performance",
                "counter), bo (Bayesian optimisation of the diagnostic counters with MFS), sa, sa-perf (no MFS),",
                "walk (mutation random walk), random (i.i.d. points). Beyond the paper, an annealing step draws",
                "--screen mutants and measures the one a Gaussian process of the counter rates best.",
                "Targets: sim:PROFILE (simulated; the budget is simulated time) or remote:FILE.yaml, two hosts",
                "with RDMA NICs (hosts a and b with name, address and interface; device, gid-index, the command",
                "template, default 'ssh -o BatchMode=yes {host} {command}'; engine perftest or collie-engine;",
                "duration, timeout; spec with line-rate and packet-rate; counters: pause, byte and packet counters",
                "of ethtool -S, diagnostic ethtool and hw_counters names). On a remote target the budget is wall",
                "time and there is no ground truth.",
                "Target linux: the kernel's TCP stack in two network namespaces (root), with load's client and",
                "server; the space is rate, requests per connection, concurrency, payload, client addresses,",
                "ephemeral ports, listen backlog, server workers and SYN cookies; the diagnostic counters are both",
                "namespaces' /proc/net/snmp and netstat (ListenOverflows, TCPSynRetrans, ...). linux:FILE.yaml",
                "sets prefix, experiment (e.g. 2s), link-rate, shortfall (a throughput anomaly: responses that share",
                "below the offered rate, 0.2 by default) and narrower grids (space: {cps: [1000, 3000]}).",
                "The budget is wall time; each experiment is a line on stderr; no perftest lines (not RDMA).",
                "Every MFS is also given as perftest command lines of a point inside it, with what perftest",
                "cannot express (in --json as anomalies[].perftest, in --report, and printed with --perftest).",
                "Exit code 1 when an anomaly was found."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde search run --target sim:f-like --budget 10h --seed 1 --json run.json --report run.html",
                "  sonde search run --target sim:h-like --method random --budget 2h",
                "  sonde search run --target sim:f-like --budget 2h --perftest",
                "  sonde search run --target remote:testbed.yaml --method collie-perf --budget 8h --json run.json",
                "  sonde search run --target linux --budget 5m --seed 1 --json linux.json --report linux.html"
        })
final class SearchRunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--target", paramLabel = "TARGET", defaultValue = "sim:f-like",
            description = "The target: sim:f-like, sim:h-like, sim:clean, sim:FILE.yaml, remote:FILE.yaml, linux or linux:FILE.yaml. "
                    + "Default: ${DEFAULT-VALUE}.")
    String target;

    @Option(names = "--budget", paramLabel = DurationOption.LABEL, defaultValue = "10h", converter = DurationOption.WasHours.class,
            description = "Budget in the target's clock: simulated time on sim:, wall time on remote: and linux. Default: ${DEFAULT-VALUE}.")
    long budgetNanos;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the search and of the simulated noise. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--perftest", description = "Print each MFS's perftest command lines under it (they are in --json and --report in any case).")
    boolean perftest;

    @Option(names = "--method", paramLabel = "M", defaultValue = "collie", description = "Search method (see above). Default: ${DEFAULT-VALUE}.")
    String method;

    @Mixin
    ScreenOption screen;

    @Mixin
    OutputOptions.Json json;

    /** The report: the MFS table in Table 2's columns. */
    @Mixin
    OutputOptions.Report report;

    @Override
    public Integer call() {
        Method m = Method.parse(method);
        if (m == null) throw new UsageException("--method: '" + method + "' is not one of collie, collie-perf, bo, sa, sa-perf, walk, random");
        double budgetHours = budgetNanos / 3.6e12;
        if (budgetHours > 10_000) throw new UsageException("--budget: at most 10000h, got " + Units.formatNanos(budgetNanos));
        json.checkWritable();
        report.checkWritable();
        SearchTarget t = SearchTarget.parse(target);
        PrintWriter err = spec.commandLine().getErr();
        SearchResult r = t.search(SearchOptions.defaults(m, budgetHours, seed).withScreen(screen.value()), line -> {
            err.println(line);
            err.flush();
        });
        if (json.requested()) json.write(SearchJson.toJson(SearchJson.toMap(r)));
        if (report.requested()) SearchReport.of(r, ReportMeta.version()).writeTo(report.file());
        PrintWriter o = json.text();
        o.printf("%s on %s, seed %d: %d anomalies in %.1f h, %d experiments (%d for MFSs, %d points skipped inside MFSs), %.2f s wall%n",
                m.cliName(), r.target(), seed, r.anomalies().size(), r.usedHours(), r.experiments() + r.mfsExperiments(), r.mfsExperiments(),
                r.skipped(), r.wallSeconds());
        if (!r.counterOrder().isEmpty()) o.printf("  diagnostic counters by variability: %s%n", String.join(", ", r.counterOrder()));
        for (Found f : r.anomalies()) {
            o.printf("  %6.2f h  %-10s %-5s %s%n", f.foundAtHours(), f.symptom().jsonName(), f.mechanism() == null ? "-" : f.mechanism(),
                    f.mfs() == null ? (m.mfs() ? "(no MFS: the simplified point did not reproduce)" : "") : f.mfs().describe());
            if (f.perftest() == null) continue;
            var c = f.perftest().compiled();
            o.printf("             perftest: %s%n", c.exact() ? "expresses its point fully" : "cannot express " + String.join(", ", c.cannotExpress().stream().map(g -> g.feature()).toList()));
            if (perftest) {
                for (var x : c.commands()) o.printf("               %s %-6s %s%n", x.host(), x.role(), x.line());
            }
        }
        if (t instanceof SearchTarget.Simulated) o.printf("  distinct mechanisms hit: %d%n", r.firstHitHours().size());
        if (json.requested()) o.printf("  result %s%n", json.where());
        if (report.requested()) o.printf("  wrote %s%n", report.file());
        o.flush();
        return r.anomalies().isEmpty() ? 0 : 1;
    }
}
