package org.sonde.cli.search;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sonde.cli.ReportMeta;
import org.sonde.core.AtomicFiles;
import org.sonde.core.UsageException;
import org.sonde.search.Found;
import org.sonde.search.Method;
import org.sonde.search.SearchJson;
import org.sonde.search.SearchOptions;
import org.sonde.search.SearchResult;
import org.sonde.search.SearchTarget;
import org.sonde.search.report.SearchReport;
import picocli.CommandLine.Command;
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
                "walk (mutation random walk), random (i.i.d. points).",
                "Exit code 1 when an anomaly was found."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde search run --target sim:f-like --budget-hours 10 --seed 1 --json run.json --report run.html",
                "  sonde search run --target sim:h-like --method random --budget-hours 2"
        })
final class SearchRunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--target", paramLabel = "sim:PROFILE", defaultValue = "sim:f-like",
            description = "The target: sim:f-like, sim:h-like, sim:clean or sim:FILE.yaml. Default: ${DEFAULT-VALUE}.")
    String target;

    @Option(names = "--budget-hours", paramLabel = "H", defaultValue = "10", description = "Budget in hours of the target's clock. Default: ${DEFAULT-VALUE}.")
    double budgetHours;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the search and of the simulated noise. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--method", paramLabel = "M", defaultValue = "collie", description = "Search method (see above). Default: ${DEFAULT-VALUE}.")
    String method;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the result as JSON to FILE.")
    Path json;

    @Option(names = "--report", paramLabel = "FILE", description = "Write an HTML report (the MFS table in Table 2's columns) to FILE.")
    Path report;

    @Override
    public Integer call() {
        Method m = Method.parse(method);
        if (m == null) throw new UsageException("--method: '" + method + "' is not one of collie, collie-perf, bo, sa, sa-perf, walk, random");
        if (!(budgetHours > 0) || budgetHours > 10_000) throw new UsageException("--budget-hours: must be in (0, 10000], got " + budgetHours);
        if (json != null) AtomicFiles.checkWritable(json, "--json");
        if (report != null) AtomicFiles.checkWritable(report, "--report");
        SearchTarget t = SearchTarget.parse(target);
        SearchResult r = t.search(SearchOptions.defaults(m, budgetHours, seed));
        if (json != null) SearchJson.write(SearchJson.toMap(r), json);
        if (report != null) SearchReport.of(r, ReportMeta.version()).writeTo(report);
        PrintWriter o = spec.commandLine().getOut();
        o.printf("%s on %s, seed %d: %d anomalies in %.1f h, %d experiments (%d for MFSs, %d points skipped inside MFSs), %.2f s wall%n",
                m.cliName(), r.target(), seed, r.anomalies().size(), r.usedHours(), r.experiments() + r.mfsExperiments(), r.mfsExperiments(),
                r.skipped(), r.wallSeconds());
        if (!r.counterOrder().isEmpty()) o.printf("  diagnostic counters by variability: %s%n", String.join(", ", r.counterOrder()));
        for (Found f : r.anomalies()) {
            o.printf("  %6.2f h  %-10s %-5s %s%n", f.foundAtHours(), f.symptom().jsonName(), f.mechanism() == null ? "-" : f.mechanism(),
                    f.mfs() == null ? (m.mfs() ? "(no MFS: the simplified point did not reproduce)" : "") : f.mfs().describe());
        }
        o.printf("  distinct mechanisms hit: %d%n", r.firstHitHours().size());
        if (json != null) o.printf("  wrote %s%n", json);
        if (report != null) o.printf("  wrote %s%n", report);
        o.flush();
        return r.anomalies().isEmpty() ? 0 : 1;
    }
}
