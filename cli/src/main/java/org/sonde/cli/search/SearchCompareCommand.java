package org.sonde.cli.search;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.cli.ReportMeta;
import org.sonde.core.AtomicFiles;
import org.sonde.core.UsageException;
import org.sonde.search.Comparison;
import org.sonde.search.Method;
import org.sonde.search.SearchJson;
import org.sonde.search.SearchTarget;
import org.sonde.search.report.SearchReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde search compare}: time to N anomalies per method over several seeds (Figs. 4-5). */
@Command(name = "compare",
        header = "Compare search methods: mean and sd over seeds of the time to the N-th anomaly.",
        mixinStandardHelpOptions = true,
        description = {
                "Runs every method on seeds S..S+n-1 of a simulated target and prints, per method, how many",
                "distinct ground-truth mechanisms each seed hit and the mean +- sd of the hours to the N-th",
                "(over the seeds that reached N), as the paper's Figs. 4 and 5. Progress goes to stderr."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde search compare --target sim:f-like --seeds 10 --json compare.json --report compare.html",
                "  sonde search compare --methods random,collie --budget-hours 20 --seeds 5"
        })
final class SearchCompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--target", paramLabel = "sim:PROFILE", defaultValue = "sim:f-like", description = "Simulated target. Default: ${DEFAULT-VALUE}.")
    String target;

    @Option(names = "--methods", paramLabel = "A,B", split = ",", defaultValue = "random,walk,bo,sa,sa-perf,collie-perf,collie",
            description = "Methods to compare. Default: ${DEFAULT-VALUE}.")
    List<String> methods;

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "10", description = "Seeds per method. Default: ${DEFAULT-VALUE}.")
    int seeds;

    @Option(names = "--first-seed", paramLabel = "S", defaultValue = "1", description = "First seed. Default: ${DEFAULT-VALUE}.")
    long firstSeed;

    @Option(names = "--budget-hours", paramLabel = "H", defaultValue = "10", description = "Budget per search, hours of the target's clock. Default: ${DEFAULT-VALUE}.")
    double budgetHours;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the comparison as JSON to FILE.")
    Path json;

    @Option(names = "--report", paramLabel = "FILE", description = "Write an HTML report with the time-to-N curves to FILE.")
    Path report;

    @Override
    public Integer call() {
        List<Method> ms = new ArrayList<>();
        for (String s : methods) {
            Method m = Method.parse(s);
            if (m == null) throw new UsageException("--methods: '" + s + "' is not one of collie, collie-perf, bo, sa, sa-perf, walk, random");
            if (!ms.contains(m)) ms.add(m);
        }
        if (seeds < 1 || seeds > 1000) throw new UsageException("--seeds: must be in 1..1000, got " + seeds);
        if (!(budgetHours > 0) || budgetHours > 10_000) throw new UsageException("--budget-hours: must be in (0, 10000], got " + budgetHours);
        if (json != null) AtomicFiles.checkWritable(json, "--json");
        if (report != null) AtomicFiles.checkWritable(report, "--report");
        SearchTarget t = SearchTarget.parse(target);
        PrintWriter err = spec.commandLine().getErr();
        Comparison c = Comparison.run(t, ms, seeds, firstSeed, budgetHours, line -> {
            err.println(line);
            err.flush();
        });
        if (json != null) SearchJson.write(SearchJson.toMap(c), json);
        if (report != null) SearchReport.of(c, ReportMeta.version()).writeTo(report);
        PrintWriter o = spec.commandLine().getOut();
        o.printf("%s, %d seeds, %.1f h each: distinct mechanisms found, and hours to the N-th (mean +- sd over the seeds reaching N)%n",
                c.target(), seeds, budgetHours);
        for (Comparison.MethodSummary s : c.methods()) {
            StringBuilder b = new StringBuilder();
            for (Comparison.TimeToN row : s.timeToN()) {
                b.append(String.format(" N=%d: %.2f+-%.2f (%d)", row.n(), row.meanHours(), row.sdHours(), row.seedsReaching()));
            }
            o.printf("  %-12s found %.1f %s;%s%n", s.method().cliName(), s.meanFound(), s.found(), b);
        }
        if (json != null) o.printf("  wrote %s%n", json);
        if (report != null) o.printf("  wrote %s%n", report);
        o.flush();
        return 0;
    }
}
