package org.sonde.cli.atpg;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.ReportMeta;
import org.sonde.atpg.Localizer;
import org.sonde.atpg.SuiteFiles;
import org.sonde.atpg.report.AtpgReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde atpg localize}: suspect rules, ACL entries and links from a suite's results. */
@Command(name = "localize",
        header = "Localize the faulty rules, ACL entries or links from a suite's test results.",
        mixinStandardHelpOptions = true,
        description = {
                "ATPG's three localisation steps and one more: (1) suspects are the rules, ACL entries and",
                "links of failing regular tests that no passing regular test would have noticed failing;",
                "(2) a reserved packet holding exactly one suspect convicts it if it failed and clears it if",
                "it passed; (3) a passing reserved packet clears every suspect it would notice; (4) a suspect",
                "rule goes if none of its single faults (drop, missing, sending to another port of its",
                "device) would make exactly the tests meeting it fail that failed. A pass clears a rule",
                "only if the test would also fail were the rule missing or sending elsewhere (the model the",
                "suite was made from is loaded to check); if passes contradict every failure (a fault",
                "hitting part of the headers), suspects come from the failing tests alone (partial).",
                "Prints the suspects with evidence (failing tests implicating each, reserved tests",
                "convicting it), the cleared ones with the test that cleared them, and groups the suite",
                "cannot tell apart. Exit code 1 when there are suspects.",
                "--json writes {\"suspects\":[...],\"evidence\":{...},\"cleared\":{...},\"indistinguishable\":[...],",
                "\"afterStep\":[...],\"partial\":false}; partial: the failures contradict ATPG's assumption that a",
                "faulty element fails every packet through it. --report writes the suspects and their evidence."
        },
        footerHeading = "%nExample:%n",
        footer = {"  sonde atpg localize --suite suite --results results.json --json -",
                "  sonde atpg localize --suite suite --results results.json --report localize.html"})
final class LocalizeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--suite", required = true, paramLabel = "DIR", description = "Suite directory.")
    Path suite;

    @Option(names = "--results", required = true, paramLabel = "FILE", description = "The --json results of 'sonde atpg emulate' or 'sonde atpg run'.")
    Path results;

    @Mixin
    OutputOptions.Json json;

    @Mixin
    OutputOptions.Report report;

    @Override
    public Integer call() throws Exception {
        json.checkWritable();
        report.checkWritable();
        SuiteFiles.SuiteFile file = SuiteFiles.readSuite(suite);
        SuiteFiles.ResultsFile r = SuiteFiles.readResults(results);
        Localizer.Localization l = Localizer.localize(Localizer.observations(file.suite(), r.results()),
                file.network().load().model(), file.suite());
        PrintWriter out = json.text();
        if (report.requested())
            AtpgReport.localization(suite.toString(), l, r, ReportMeta.command(spec)).writeTo(report.file());
        if (json.requested()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("suspects", l.suspects());
            o.put("evidence", l.evidence());
            o.put("cleared", l.cleared());
            o.put("indistinguishable", l.indistinguishable());
            o.put("afterStep", l.afterStep());
            o.put("partial", l.partial());
            json.writeValue(o);
        }
        out.printf("%d suspects (after steps 1-4: %s)%n", l.suspects().size(), l.afterStep());
        if (l.partial())
            out.println("  passing tests go through every element of the failing ones: the fault hits part of the headers"
                    + " (e.g. a missing rule whose traffic partly falls to an equivalent rule); suspects come from the failing tests alone");
        l.evidence().forEach((s, e) -> out.printf("  %s: implicated by %s%s%n", s, e.implicatedBy(),
                e.convictedBy().isEmpty() ? "" : ", convicted by reserved " + e.convictedBy()));
        for (var g : l.indistinguishable()) out.println("  indistinguishable: " + g);
        return l.suspects().isEmpty() ? 0 : 1;
    }
}
