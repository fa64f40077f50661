package org.sonde.cli.search;

import org.sonde.cli.DurationOption;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.ReportMeta;
import org.sonde.core.UsageException;
import org.sonde.core.config.Units;
import org.sonde.search.Comparison;
import org.sonde.search.Method;
import org.sonde.search.SearchJson;
import org.sonde.search.SearchTarget;
import org.sonde.search.report.SearchReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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
                "  sonde search compare --methods random,collie --budget 20h --seeds 5",
                "  sonde search compare --methods collie,sa --screen 0"
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

    @Option(names = "--first-seed", paramLabel = "N", defaultValue = "1", description = "First seed. Default: ${DEFAULT-VALUE}.")
    long firstSeed;

    @Option(names = "--budget", paramLabel = DurationOption.LABEL, defaultValue = "10h", converter = DurationOption.WasHours.class,
            description = "Budget per search in the target's clock (simulated time). Default: ${DEFAULT-VALUE}.")
    long budgetNanos;

    @Mixin
    ScreenOption screen;

    @Mixin
    OutputOptions.Json json;

    /** The report: the time-to-N curves. */
    @Mixin
    OutputOptions.Report report;

    @Override
    public Integer call() {
        List<Method> ms = new ArrayList<>();
        for (String s : methods) {
            Method m = Method.parse(s);
            if (m == null) throw new UsageException("--methods: '" + s + "' is not one of collie, collie-perf, bo, sa, sa-perf, walk, random");
            if (!ms.contains(m)) ms.add(m);
        }
        if (seeds < 1 || seeds > 1000) throw new UsageException("--seeds: must be in 1..1000, got " + seeds);
        double budgetHours = budgetNanos / 3.6e12;
        if (budgetHours > 10_000) throw new UsageException("--budget: at most 10000h, got " + Units.formatNanos(budgetNanos));
        json.checkWritable();
        report.checkWritable();
        SearchTarget t = SearchTarget.parse(target);
        PrintWriter err = spec.commandLine().getErr();
        Comparison c = Comparison.run(t, ms, seeds, firstSeed, budgetHours, screen.value(), line -> {
            err.println(line);
            err.flush();
        });
        if (json.requested()) json.write(SearchJson.toJson(SearchJson.toMap(c)));
        if (report.requested()) SearchReport.of(c, ReportMeta.version()).writeTo(report.file());
        PrintWriter o = json.text();
        o.printf("%s, %d seeds, %.1f h each: distinct mechanisms found, and hours to the N-th (mean +- sd over the seeds reaching N)%n",
                c.target(), seeds, budgetHours);
        for (Comparison.MethodSummary s : c.methods()) {
            StringBuilder b = new StringBuilder();
            for (Comparison.TimeToN row : s.timeToN()) {
                b.append(String.format(" N=%d: %.2f+-%.2f (%d)", row.n(), row.meanHours(), row.sdHours(), row.seedsReaching()));
            }
            o.printf("  %-12s found %.1f %s;%s%n", s.method().cliName(), s.meanFound(), s.found(), b);
        }
        if (json.requested()) o.printf("  result %s%n", json.where());
        if (report.requested()) o.printf("  wrote %s%n", report.file());
        o.flush();
        return 0;
    }
}
