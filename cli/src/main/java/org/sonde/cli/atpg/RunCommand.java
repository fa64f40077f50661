package org.sonde.cli.atpg;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.atpg.Fault;
import org.sonde.atpg.SuiteFiles;
import org.sonde.atpg.live.LiveRun;
import org.sonde.cli.DurationOption;
import org.sonde.cli.OutputOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde atpg run}: a suite sent for real through a data plane built by {@code atpg dataplane up}. */
@Command(name = "run",
        header = "Send a suite through a live data plane, with real faults, and judge it (root).",
        mixinStandardHelpOptions = true,
        description = {
                "Agents at the data plane's terminals send every regular packet (the frames of the suite's",
                "tests.pcap) and reserved packet out of its ingress terminal over AF_PACKET, and receive at",
                "every terminal, counting each test's copies per exit and their latency (a test entering at a",
                "port with a link is sent from the peer's interface, or on a shared segment from the port's",
                "end on the segment's bridge). A test passes as in sonde atpg emulate: exactly the expected",
                "exits, as many copies at each, within --threshold.",
                "The data plane must have been built from the suite's model (sonde atpg dataplane up).",
                "",
                "Faults, in sonde atpg emulate's language, are put in place for the run and removed after:",
                "  rule:ID:drop           the rule's route becomes a blackhole",
                "  rule:ID:port=P         the rule's route points out of port P",
                "  rule:ID:missing        the rule's route is removed (lower rules take its packets)",
                "  link:A-B:down          both interfaces of the link are switched off (or link:ID:down);",
                "                         on a shared segment the bridge stops passing the link, and a port",
                "                         left without links is switched off",
                "  link:A-B:rate=R        the link is slowed to R (e.g. 4kbps): a tbf token bucket of the",
                "                         round's largest frame, as emulate models it (or link:ID:rate=R)",
                "  link:A-B:priority=F=V  the slowed link serves matching frames first: an htb qdisc with two",
                "                         prioritised classes instead of tbf, nftables putting matching",
                "                         frames in the first (meta priority); ATPG's priority test with --train",
                "  acl:A#N:permit|deny    entry N of ACL A gets the other verdict in its nftables chain",
                "  acl:A#N:missing        entry N of ACL A is removed from its chain",
                "  (link:...:latency=MS is refused: this kernel has no netem to delay by a fixed time)",
                "Periodic mode (--rounds, --every) repeats the suite and raises an alert with the",
                "localisation of any round that fails.",
                "--json writes the results in atpg emulate's format, for sonde atpg localize. Tests Linux cannot",
                "run (a martian address such as 0.0.0.0, an ingress whose link was not built, a packet that",
                "loops in the model, which Linux would send round until its TTL ran out) are listed and",
                "left out of the results. Exit code 1 when some test fails."
        },
        footerHeading = "%nExample:%n",
        footer = {
                "  sudo sonde atpg run --suite suite --dataplane ex --json results.json",
                "  sudo sonde atpg run --suite suite --dataplane ex --fault rule:rA1:drop --json results.json",
                "  sudo sonde atpg run --suite suite --dataplane ex --rounds 60 --every 10s --json results.json",
                "  sudo sonde atpg run --suite suite --dataplane ex --fault link:CA:rate=4kbps \\",
                "      --fault link:CA:priority=tp_dst=80 --train 8 --threshold 1s --json results.json"
        })
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--suite", required = true, paramLabel = "DIR", description = "Suite directory from 'sonde atpg generate'.")
    Path suite;

    @Option(names = "--dataplane", required = true, paramLabel = "NAME", description = "Name of a data plane 'sonde atpg dataplane up' built.")
    String dataplane;

    @Option(names = "--fault", paramLabel = "SPEC", converter = EmulateCommand.FaultOption.class, description = "A real fault for the run; repeatable.")
    List<String> faults = List.of();

    @Option(names = "--threshold", paramLabel = DurationOption.LABEL, defaultValue = "100ms", converter = DurationOption.WasMillisOrZero.class,
            description = "Latency above which a test fails. Default: ${DEFAULT-VALUE}.")
    long thresholdNanos;

    /** The results of the last round, in atpg emulate's format. */
    @Mixin
    OutputOptions.Json json;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "1",
            description = "Periodic mode: send the suite N times, faults in place throughout; a round with failures raises an alert"
                    + " with their localisation. Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(names = "--every", paramLabel = DurationOption.LABEL, defaultValue = "0s", converter = DurationOption.WasSecondsOrZero.class,
            description = "Start a round every DURATION (0s: back to back). Default: ${DEFAULT-VALUE}.")
    long everyNanos;

    @Option(names = "--train", paramLabel = "K", defaultValue = "1",
            description = "Send each test's frame K times back to back (ATPG's performance tests): the train's dispersion gives each"
                    + " path's bottleneck rate and each link's figures. Default: ${DEFAULT-VALUE}.")
    int train;

    @Override
    public Integer call() {
        double threshold = thresholdNanos / 1e6;
        List<Fault> parsed = faults.stream().map(f -> Fault.parse("--fault", f)).toList();
        json.checkWritable();
        PrintWriter w = json.text();
        LiveRun.Options options = new LiveRun.Options(threshold, rounds, everyNanos / 1e9, train);
        List<LiveRun.Round> all = LiveRun.run(suite, dataplane, parsed, options, r -> {
            LiveRun.Outcome o = r.outcome();
            long failed = o.results().stream().filter(x -> !x.pass()).count(), regularFailed = o.results().stream().filter(x -> !x.pass() && !x.reserved()).count();
            w.printf("%s%d tests, %d failed (%d regular, %d reserved); %d frames sent in %.3f ms, %d copies received; round %.3f s%n",
                    rounds > 1 ? "round " + r.index() + ": " : "", o.results().size(), failed, regularFailed, failed - regularFailed, o.framesSent(),
                    o.sendSeconds() * 1e3, o.copiesReceived(), o.roundSeconds());
            if (r.alert() != null) w.printf("  ALERT: %d suspects %s%n", r.alert().suspects().size(), r.alert().suspects());
            w.flush();
        });
        LiveRun.Outcome o = all.getLast().outcome();
        SuiteFiles.ResultsFile r = SuiteFiles.ResultsFile.of(faults, threshold, o.results(), train, o.trains(), o.links(), o.classes());
        json.writeValue(r);
        if (json.requested()) w.printf("results %s%n", json.where());
        LinkFiguresText.print(w, r);
        if (!o.notRun().isEmpty()) w.printf("%d tests not run (left out of the results):%n", o.notRun().size());
        for (LiveRun.NotRun n : o.notRun()) w.printf("  %s: %s%n", n.id(), n.why());
        return r.failed() > 0 ? 1 : 0;
    }
}
