package org.sonde.cli.sim;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.core.OutputDirectory;
import org.sonde.cli.ReportMeta;
import org.sonde.core.AtomicFiles;
import org.sonde.core.Json;
import org.sonde.sim.report.SimReport;
import org.sonde.sim.report.SimSummary;
import org.sonde.sim.scenario.ScenarioLoader;
import org.sonde.sim.scenario.Transports;
import org.sonde.sim.stats.RunStatistics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sonde sim run}: one scenario, one seed. */
@Command(name = "run",
        header = "Run a simulation scenario and write its statistics, captures and report.",
        mixinStandardHelpOptions = true,
        description = {
                "Runs a scenario (YAML: topology, switch and host settings, transports, traffic, captures,",
                "monitored queues; see examples/sim/README.md) and writes into DIR:",
                "  stats.json    flows with completion times, FCT percentiles, per-port counters (frames,",
                "                bytes, drops, ECN marks, PFC frames and paused time per priority),",
                "                transport counters per host, sampled queue lengths and flow progress",
                "  report.html   throughput, queue lengths, cwnd or rate over time, FCT distribution,",
                "                PFC pauses",
                "  *.pcapng      the captures the scenario asks for (nanosecond timestamps)",
                "Only simulated quantities go into these files: the same scenario and seed give",
                "byte-identical output on any machine. --json writes a summary of the run (wall time and",
                "events/s included); --report FILE puts a copy of report.html there too. Exit code 1 when",
                "flows did not finish in time."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde sim run examples/sim/tcp-dumbbell.yaml --seed 1 --out dumbbell",
                "  sonde sim run examples/sim/roce-dcqcn.yaml --seed 3 --out roce --json roce.json"
        })
final class SimRunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO.yaml", description = "The scenario file.")
    Path scenario;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of every random choice (host delays, ECMP salts, RED, initial sequence numbers, traffic). Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Output directory (created; files in it are replaced).")
    Path out;

    @Mixin
    OutputOptions.Json json;

    @Mixin
    OutputOptions.Report report;

    @Option(names = "--no-report", description = "Do not write report.html (e.g. in batch runs over many seeds).")
    boolean noReport;

    @Override
    public Integer call() {
        report.checkNotWith(noReport);
        json.checkWritable();
        report.checkWritable();
        PrintWriter err = spec.commandLine().getErr();
        long t0 = System.nanoTime();
        RunStatistics stats;
        String description;
        try (OutputDirectory dir = OutputDirectory.create(out, "--out")) {
            try (SimProgress progress = new SimProgress(err)) {
                ScenarioLoader.Loaded loaded = new ScenarioLoader(scenario, Transports.builtIn(), dir.path()).load(seed, progress);
                stats = loaded.simulation().run(loaded.durationNanos(), progress);
                description = loaded.description();
                progress.step("writing stats.json"); // a large run's statistics take a while to gather and write
                // the shared mapper: toPrettyString would build a second one (its static set-up is a noticeable share of a small run)
                AtomicFiles.writeString(dir.path().resolve("stats.json"), Json.text(stats.toJson()));
                if (!noReport) {
                    progress.step("writing report.html");
                    SimReport.of(stats, description, seed, (System.nanoTime() - t0) / 1e9, ReportMeta.version()).writeTo(dir.path().resolve("report.html"));
                }
            }
            dir.commit();
        }
        if (!noReport) report.copyFrom(out.resolve("report.html"));
        double seconds = (System.nanoTime() - t0) / 1e9;
        PrintWriter o = json.text();
        SimSummary.lines(stats, seed, seconds).forEach(o::println);
        stats.captures().forEach((file, frames) -> o.printf("  capture %s: %,d frames%n", out.resolve(file), frames));
        o.printf("  wrote %s%s%n", out.resolve("stats.json"), noReport ? "" : " and " + out.resolve("report.html"));
        o.flush();
        if (json.requested()) json.write(summary(stats, seconds));
        return stats.unfinished() == 0 ? 0 : 1;
    }

    private String summary(RunStatistics stats, double seconds) {
        long[] fct = stats.completionTimes();
        ObjectNode o = Json.mapper().createObjectNode();
        o.put("scenario", stats.scenario());
        o.put("seed", seed);
        o.put("simulatedNanos", stats.simulatedNanos());
        o.put("events", stats.events());
        o.put("wallSeconds", seconds);
        o.put("eventsPerSecond", stats.events() / seconds);
        o.put("finished", fct.length);
        o.put("unfinished", stats.unfinished());
        o.put("drops", stats.drops());
        o.put("retransmissions", stats.retransmissions());
        // no finished flow, no completion time: null, not a number a reader could take for one
        if (fct.length == 0) {
            o.putNull("fctP50Nanos");
            o.putNull("fctP99Nanos");
        } else {
            o.put("fctP50Nanos", RunStatistics.percentile(fct, 0.5));
            o.put("fctP99Nanos", RunStatistics.percentile(fct, 0.99));
        }
        o.put("out", out.toString());
        return Json.text(o);
    }
}
