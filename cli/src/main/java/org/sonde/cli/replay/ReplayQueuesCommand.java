package org.sonde.cli.replay;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.sonde.cli.DurationOption;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.Progress;
import org.sonde.cli.ReportMeta;
import org.sonde.replay.queues.DropComparison;
import org.sonde.replay.queues.QueueReplay;
import org.sonde.replay.queues.QueueReplayJson;
import org.sonde.replay.queues.QueueReplayOptions;
import org.sonde.replay.queues.QueueReplayReport;
import org.sonde.replay.queues.QueueReplayResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sonde replay queues}: DETER's switch-queue replay of a recording, against the run's queues. */
@Command(name = "queues",
        header = "Replay a recording's switch queues and compare them with the run's.",
        mixinStandardHelpOptions = true,
        description = {
                "DETER's queue replay (NSDI'19, sections 3.4 and 5.4): every connection of a directory",
                "written by sonde replay record is replayed alone, and its packets are pushed open-loop",
                "into the scenario's fabric (same topology, routes, ECMP hashing, links and buffers) at",
                "the send times the recording's samples infer, each host's clock off by a value drawn",
                "uniformly in 0..--clock-error. The run's queues are known by running DIR/scenario.yaml",
                "again, which must record to the very bytes of DIR/recording.sdr.",
                "",
                "Reports the queue content difference (at every arrival of a packet at a switch queue,",
                "the sum over flows of the difference of their bytes there, in MTU: mean, median, p99)",
                "and the drops packet by packet: false accepts, false drops and wrong locations over the",
                "packets dropped in either, with switches dropping by their buffer rule and with DETER's",
                "tagging (hosts tag the packets the recording says were lost; switches drop only tagged",
                "packets, where the queue holds more than its limit less --tag-margin MTU)."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  sonde replay record bench/replay/queues-k8.yaml --out rec",
                "  sonde replay queues rec --json queues.json --report queues.html",
                "  sonde replay queues rec --threshold 2us --clock-error 0s --no-tagging"})
final class ReplayQueuesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "A directory written by sonde replay record.")
    Path dir;

    @Option(names = "--threshold", paramLabel = DurationOption.LABEL, converter = DurationOption.OrZero.class,
            description = "Send-time sampling bound: the replayed send times sampled again with it (default: the"
                    + " recording's samples as they are).")
    Long threshold;

    @Option(names = "--clock-error", paramLabel = DurationOption.LABEL, defaultValue = "5us", converter = DurationOption.OrZero.class,
            description = "Largest host clock error, drawn per host uniformly from 0 (default ${DEFAULT-VALUE}, DETER's).")
    long clockError;

    @Option(names = "--no-tagging", description = "Replay only with switches dropping by their buffer rule.")
    boolean noTagging;

    @Option(names = "--tag-margin", paramLabel = "MTUS", defaultValue = "5",
            description = "Tagging drops a tagged packet where its queue holds more than its limit less this many"
                    + " MTU (default ${DEFAULT-VALUE}, DETER's).")
    int tagMargin;

    @Mixin
    OutputOptions.Json json;

    @Mixin
    OutputOptions.Report report;

    @Override
    public Integer call() {
        json.checkWritable();
        report.checkWritable();
        QueueReplayOptions options = new QueueReplayOptions(threshold == null ? QueueReplayOptions.RECORDED : threshold, clockError, !noTagging,
                tagMargin);
        QueueReplayResult r;
        try (Progress progress = new Progress(spec.commandLine().getErr(), "replay queues")) {
            r = QueueReplay.replay(dir, options, (phase, done, total) -> progress.update(done, total, phase));
        }
        if (json.requested()) json.writeValue(QueueReplayJson.of(r));
        if (report.requested()) QueueReplayReport.of(r, ReportMeta.command(spec), ReportMeta.version()).writeTo(report.file());
        PrintWriter o = json.text();
        QueueReplayResult.Difference d = r.difference();
        o.printf(Locale.ROOT, "%s (seed %d): %,d of %,d connections replayed, %,d packets into %d switches; threshold %,d ns, clock error"
                + " up to %,d ns%n", r.scenario(), r.seed(), r.connectionsReplayed(), r.connections(), r.packets(), r.switches(), r.thresholdNanos(),
                r.clockErrorNanos());
        o.printf(Locale.ROOT, "  queue difference over %,d arrivals: mean %.2f MTU, median %.2f, p99 %.2f, max %.2f (MTU %,d B)%n", d.arrivals(),
                d.averageMtu(), d.medianMtu(), d.p99Mtu(), d.maxMtu(), r.mtuBytes());
        drops(o, "buffer rule", r.dropsWithoutTagging());
        if (r.dropsWithTagging() != null) drops(o, "tagging", r.dropsWithTagging());
        for (String why : r.notReplayed()) o.println("  not replayed: " + why);
        if (json.requested()) o.println("  result " + json.where());
        if (report.requested()) o.println("  report " + report.file());
        return 0;
    }

    private static void drops(PrintWriter o, String how, DropComparison d) {
        o.printf(Locale.ROOT, "  drops (%s): run %,d, replay %,d; false accepts %,d, false drops %,d, wrong location %,d: drop error %.2f %%%n",
                how, d.runDrops(), d.replayDrops(), d.falseAccepts(), d.falseDrops(), d.wrongLocations(), 100 * d.error());
    }
}
