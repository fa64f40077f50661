package org.sonde.cli.verify;

import org.sonde.cli.DurationOption;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.ReportMeta;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.sonde.core.InputFiles;
import org.sonde.verify.check.Check;
import org.sonde.verify.report.CheckJson;
import org.sonde.verify.report.ViolationCounts;
import org.sonde.verify.report.WatchJson;
import org.sonde.verify.report.WatchReport;
import org.sonde.verify.run.IncrementalVerifier;
import org.sonde.verify.snapshot.Snapshot;
import org.sonde.verify.stable.EventText;
import org.sonde.verify.stable.RoutingEvent;
import org.sonde.verify.stable.StableSnapshots;
import org.sonde.verify.stable.Watcher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde verify watch}: routing events in, stable snapshots and incremental checks out. */
@Command(name = "watch",
        header = "Check a snapshot, then follow a stream of routing events incrementally.",
        mixinStandardHelpOptions = true,
        description = {
                "Checks a snapshot, then follows a stream of routing events (§4.2, §4.4.3). Events wait",
                "until the state they lead to is stable — no event within 2ε after the last (ε: the",
                "uncertainty of the routing processes' timestamps, also the bound on how late an event",
                "may arrive) — and are then applied in timestamp order; only the subnets a changed rule",
                "matches are checked again. Two events closer than 2ε are never checked apart, so an order",
                "that cannot be told from the other raises no alarm.",
                "",
                "Events: one per line, 'time_ms process op switch ip mask_len next_hops priority', op add,",
                "del (next_hops -) or mod, in the order received; the checker's clock is the latest",
                "timestamp read, and the end of the stream makes everything received stable. A line per",
                "stable state on stdout (violations that appeared and cleared); --json writes them all",
                "with the time of each update, and --report an HTML report (violations over the stable states,",
                "each state, the violations left). Exit code 1 when the last state has violations."
        },
        footerHeading = "%nExample:%n",
        footer = {"  sonde verify watch --snapshot dcn --events events.txt --epsilon 100ms --json watch.json"})
final class WatchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--snapshot", paramLabel = "DIR", required = true, description = "The initial snapshot.")
    Path snapshot;

    @Option(names = "--events", paramLabel = "FILE|-", required = true, description = "The routing events (- for stdin).")
    String events;

    @Option(names = "--epsilon", paramLabel = DurationOption.LABEL, defaultValue = "100ms", converter = DurationOption.WasMillisOrZero.class,
            description = "ε, the timestamp uncertainty and delay bound. Default: ${DEFAULT-VALUE}.")
    long epsilonNanos;


    @Mixin
    ChecksOption checks;

    @Option(names = "--threads", paramLabel = "N", description = "Threads of the initial check. Default: the number of processors.")
    Integer threads;

    /** The initial check and every stable state. */
    @Mixin
    OutputOptions.Json json;

    @Mixin
    OutputOptions.Report report;

    @Override
    public Integer call() {
        Set<Check> checkSet = checks.checks();
        // the JSON keeps its field epsilonMs: whole milliseconds, as the paper's ε
        long epsilonMs = DurationOption.wholeMillis(epsilonNanos, "--epsilon");
        json.checkWritable();
        report.checkWritable();
        PrintWriter out = json.text();
        WatchJson watch = new WatchJson();
        long received = 0;
        IncrementalVerifier verifier;
        double initialSeconds;
        long heapBytes;
        int initialViolations;
        // the events are opened before the initial check: a missing file fails at once
        try (InputFiles.Lines lines = events.equals("-") ? InputFiles.lines(System.in, "stdin", "events")
                : InputFiles.lines(Path.of(events), "events file", "give a file of routing events, or - for standard input")) {
            long t0 = System.nanoTime();
            Snapshot s = CheckCommand.read(snapshot, SparkSupport.DEFAULT_MASTER);
            verifier = new IncrementalVerifier(s, checkSet, threads == null ? Runtime.getRuntime().availableProcessors() : threads);
            initialSeconds = (System.nanoTime() - t0) / 1e9;
            // what the incremental state holds: the base slices, the overlay and the snapshot (Table 4.5's memory column)
            heapBytes = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
            initialViolations = verifier.violations().size();
            out.printf("initial: %s; %d violations (%s); %.1f s%n", s, initialViolations, ViolationCounts.text(verifier.violations()), initialSeconds);
            Watcher watcher = new Watcher(new StableSnapshots(epsilonMs * 1_000_000L), verifier);
            EventText text = new EventText(lines);
            long clock = Long.MIN_VALUE;
            RoutingEvent e;
            while ((e = text.next()) != null) {
                received++;
                clock = Math.max(clock, e.timestampNanos());
                for (Watcher.StableState st : watcher.receive(e, clock)) watch.add(print(out, st));
            }
            for (Watcher.StableState st : watcher.advance(Long.MAX_VALUE)) watch.add(print(out, st));
        }
        out.printf("%d events, %d stable states; per update: map %.2f µs, reduce %.3f ms on average (medians %.2f µs, %.3f ms); %d violations now%n",
                received, watch.states(), watch.updateMapMicrosMean(), watch.updateReduceMillisMean(), watch.updateMapMicrosMedian(),
                watch.updateReduceMillisMedian(), verifier.violations().size());
        Map<String, Object> document = watch.of(snapshot.toString(), epsilonMs, checkSet, initialSeconds, received, heapBytes, verifier.violations());
        if (json.requested()) json.write(CheckJson.text(document));
        if (report.requested()) {
            WatchReport.of(watch, snapshot.toString(), epsilonMs, received, initialViolations, initialSeconds, verifier.violations(),
                    ReportMeta.command(spec), ReportMeta.version(), document).writeTo(report.file());
        }
        return verifier.violations().isEmpty() ? 0 : 1;
    }

    /** Prints a stable state and returns it. */
    private static Watcher.StableState print(PrintWriter out, Watcher.StableState st) {
        out.printf("stable at %.3f s: %d events%s%s, %d subnets checked again: +%d -%d violations, %d now%n",
                st.stableAtNanos() / 1e9, st.events(), st.late() > 0 ? " (" + st.late() + " later than ε allows)" : "",
                st.rejected() > 0 ? " (" + st.rejected() + " changed nothing: unknown switch or rule)" : "",
                st.affectedSubnets(), st.appeared().size(), st.cleared().size(), st.violations());
        st.appeared().stream().limit(5).forEach(v -> out.printf("  + %s %s: %s%n", v.type().word(), v.subnet(), String.join(" ", v.switches())));
        st.cleared().stream().limit(5).forEach(v -> out.printf("  - %s %s: %s%n", v.type().word(), v.subnet(), String.join(" ", v.switches())));
        return st;
    }
}
