package org.sonde.cli.atpg;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.atpg.Emulator;
import org.sonde.atpg.Fault;
import org.sonde.atpg.SuiteFiles;
import org.sonde.cli.DurationOption;
import org.sonde.cli.OptionValues;
import org.sonde.cli.OutputOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde atpg emulate}: run a suite over its model with injected faults. */
@Command(name = "emulate",
        header = "Forward a suite's test packets through the model with faults injected, and judge them.",
        mixinStandardHelpOptions = true,
        description = {
                "Load the suite's model, inject the faults, and forward every regular and reserved",
                "test packet's header through the faulted model. A test passes when its copies leave",
                "by exactly the expected exit ports (none for a drop test), as many copies at each as",
                "expected, within the latency threshold.",
                "--json writes the results (for sonde atpg localize --results): per test pass/fail, observed",
                "exits with latency, and the reason.",
                "",
                "Fault specs:",
                "  rule:ID:drop           the rule drops what it matches",
                "  rule:ID:port=P         the rule forwards to port P of its device instead",
                "  rule:ID:missing        the rule is gone (lower rules take its packets)",
                "  link:A-B:down          the links between ports A and B are down (or link:ID:down)",
                "  link:A-B:latency=MS    the links add MS milliseconds (fails tests above --threshold)",
                "  link:A-B:rate=R        the links are slowed to R (e.g. 4kbps): a token bucket holding the",
                "                         suite's largest frame, filling at R; the round's frames, sent at",
                "                         once in suite order, wait there in turn (fails tests above --threshold)",
                "  link:A-B:priority=F=V[,F=V...]",
                "                         the slowed links serve frames whose header matches first, the",
                "                         others after (strict priority between two classes; values are",
                "                         numbers or IPv4 prefixes: priority=ip_dst=10.0.2.0/24,tp_dst=80).",
                "                         ATPG's priority test: with --train the low class's trains congest",
                "                         the link, and the high class's latency must stay under --threshold",
                "  acl:A#N:permit         entry N (from 1) of ACL A permits instead of denying",
                "  acl:A#N:deny           entry N of ACL A denies instead of permitting",
                "  acl:A#N:missing        entry N of ACL A is gone (later entries decide its packets)",
                "                         (N = number of entries + 1 is the ACL's implicit final deny:",
                "                         :permit turns it into a final permit-any)",
                "ACL entries are named as in the suite's histories (acl:goza_rtr_100#2; Cisco imports:",
                "acl:goza_rtr:101#3), numbered as in the model even when another fault removes one.",
                "Exit code 1 when some test fails."
        },
        footerHeading = "%nExample:%n",
        footer = {
                "  sonde atpg emulate --suite suite --fault rule:rA1:drop --fault link:2-12:down --json results.json",
                "  sonde atpg emulate --suite suite --fault acl:goza_rtr_100#2:permit --json results.json",
                "  sonde atpg emulate --suite suite --fault link:CA:rate=4kbps --fault link:CA:priority=tp_dst=80 \\",
                "      --train 8 --threshold 1s --json results.json"
        })
final class EmulateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--suite", required = true, paramLabel = "DIR", description = "Suite directory from 'sonde atpg generate'.")
    Path suite;

    @Option(names = "--fault", paramLabel = "SPEC", converter = FaultOption.class, description = "A fault to inject; repeatable. None: a healthy run.")
    List<String> faults = List.of();

    @Option(names = "--threshold", paramLabel = DurationOption.LABEL, defaultValue = "100ms", converter = DurationOption.WasMillisOrZero.class,
            description = "Latency above which a test fails. Default: ${DEFAULT-VALUE}.")
    long thresholdNanos;

    /** The results file: {"schema","faults","threshold","failed","results":[...]}. */
    @Mixin
    OutputOptions.Json json;

    @Option(names = "--train", paramLabel = "K", defaultValue = "1",
            description = "Send each test's frame K times back to back (ATPG's performance tests): the train's dispersion gives each"
                    + " path's bottleneck rate and each link's figures. Default: ${DEFAULT-VALUE}.")
    int train;

    /** A fault spec, checked when read (a usage error); kept as text for the results file. */
    static final class FaultOption implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return OptionValues.parse(value, text -> {
                Fault.parse("--fault", text);
                return text;
            });
        }
    }

    @Override
    public Integer call() {
        double threshold = thresholdNanos / 1e6;
        List<Fault> parsed = faults.stream().map(f -> Fault.parse("--fault", f)).toList();
        json.checkWritable();
        SuiteFiles.SuiteFile file = SuiteFiles.readSuite(suite);
        var loaded = file.network().load();
        Emulator.Emulated e = Emulator.run(loaded.model(), file.suite(), parsed, threshold, train);
        SuiteFiles.ResultsFile r = SuiteFiles.ResultsFile.of(faults, threshold, e.results(), train, e.trains(), e.links(), e.classes());
        json.writeValue(r);
        long regularFailed = r.results().stream().filter(x -> !x.pass() && !x.reserved()).count();
        json.text().printf("%d tests, %d failed (%d regular, %d reserved)%s%n",
                r.results().size(), r.failed(), regularFailed, r.failed() - regularFailed, json.requested() ? "; results " + json.where() : "");
        LinkFiguresText.print(json.text(), r);
        return r.failed() > 0 ? 1 : 0;
    }
}
