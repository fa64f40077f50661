package org.sonde.cli.probe;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sonde.cli.DurationOption;
import org.sonde.core.AtomicFiles;
import org.sonde.core.UsageException;
import org.sonde.core.config.Units;
import org.sonde.probe.live.Fault;
import org.sonde.probe.live.LiveRun;
import org.sonde.probe.live.NamespaceNetwork;
import org.sonde.probe.live.PlanCache;
import org.sonde.probe.plan.PlanJson;
import org.sonde.probe.spark.ProbeResults;
import org.sonde.probe.topology.Topology;
import org.sonde.spark.SparkMaster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde probe agent}: a plan's agents probing live on a namespace testbed. */
@Command(name = "agent",
        header = "Run a plan's agents live on a namespace testbed: TCP ping and traceroute (root).",
        mixinStandardHelpOptions = true,
        description = {
                "Runs every agent of the plan in its host's namespace on the testbed sonde probe testbed up made:",
                "each window it traces its tuples (TTL-limited SYNs, ICMP time-exceeded) and the reversed",
                "tuples of the probes sent to it (the way answers come back), then pings each tuple once per",
                "round (a SYN answered by SYN-ACK or RST, or lost), at most --rate probes per second.",
                "--lossy, --down or --slow puts a fault on a link after the first window (a clean baseline)",
                "and takes it away at the end (also when the run is stopped with Ctrl-C).",
                "The agents cache the plan: before each window after the first they read --plan again and",
                "take it if it changed (a controller re-planning); a file that does not load then is set",
                "aside, said in the summary, and the cached plan stays in force. Rates and round stay as at start.",
                "",
                "--results writes one row per probe: window,timeMillis,kind,agent,target,source,sourcePort,",
                "destination,destinationPort,protocol,outcome,rttMillis,hops; sonde probe localize reads it.",
                "A name ending in .parquet writes them as Parquet (typed columns), which Spark reads column by",
                "column (sonde probe localize --backend spark)."
        },
        footerHeading = "%nExample:%n",
        footer = {
                "  sonde probe plan --topology fattree:4 --out plan",
                "  sudo sonde probe testbed up --topology fattree:4",
                "  sudo sonde probe agent --topology fattree:4 --plan plan/plan.json --round 0s --pings 199 \\",
                "      --lossy 'agg0-0->core0=0.1' --results results.csv",
                "  sonde probe localize --topology fattree:4 --results results.csv"
        })
final class AgentCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--topology", defaultValue = "fattree:4", paramLabel = "SPEC", description = "The testbed's topology, as given to testbed up. Default: ${DEFAULT-VALUE}.")
    String topology;

    @Option(names = "--plan", required = true, paramLabel = "FILE", description = "plan.json from sonde probe plan.")
    Path plan;

    @Option(names = "--name", paramLabel = "NAME", defaultValue = NamespaceNetwork.DEFAULT_PREFIX, description = "The testbed's name (as given to sonde probe testbed up). Default: ${DEFAULT-VALUE}.")
    String name;

    @Option(names = "--windows", defaultValue = "2", paramLabel = "N", description = "Default: ${DEFAULT-VALUE}.")
    int windows;

    @Option(names = "--pings", defaultValue = "10", paramLabel = "N", description = "Pings per tuple and window (rounds). Default: ${DEFAULT-VALUE}.")
    int pings;

    @Option(names = "--round", paramLabel = DurationOption.LABEL, converter = DurationOption.WasMillisOrZero.class,
            description = "A round, whole ms (0s: as fast as the rate allows). Default: the plan's round.")
    Long roundNanos;

    @Option(names = "--rate", paramLabel = "PPS", description = "Most probes an agent sends per second. Default: the plan's agent limit, else 1000.")
    Double rate;

    @Option(names = "--timeout", defaultValue = "1s", paramLabel = DurationOption.LABEL, converter = DurationOption.WasMillis.class,
            description = "How long an answer is waited for (whole ms). Default: ${DEFAULT-VALUE}.")
    long timeoutNanos;

    @Option(names = "--lossy", paramLabel = "LINK=SHARE", description = "After the first window, drop this share of the link's packets (nftables).")
    String lossy;

    @Option(names = "--down", paramLabel = "LINK", description = "After the first window, switch the link off.")
    String down;

    @Option(names = "--slow", paramLabel = "LINK=RATE", description = "After the first window, shape the link to RATE bit/s (100k, 2M; tc tbf).")
    String slow;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the IDN-like generator, when --topology idn. Default: ${DEFAULT-VALUE}.")
    long seed;

    // not --out, which is a directory in every command: one CSV file, named as probe localize reads it
    @Option(names = "--results", required = true, paramLabel = "FILE",
            description = "The probe records to write, for sonde probe localize --results: CSV, or Parquet when FILE ends in .parquet.")
    Path out;

    @Override
    public Integer call() {
        AtomicFiles.checkWritable(out, "--results");
        long timeoutMs = DurationOption.wholeMillis(timeoutNanos, "--timeout");
        if (timeoutMs > Integer.MAX_VALUE) throw new UsageException("--timeout " + Units.formatNanos(timeoutNanos) + " is too long");
        if ((lossy != null ? 1 : 0) + (down != null ? 1 : 0) + (slow != null ? 1 : 0) > 1) throw new UsageException("give one of --lossy, --down and --slow");
        Topology t = TopologyOption.load(topology, seed);
        PlanCache plans = new PlanCache(plan, t);
        PlanJson.Loaded loaded = plans.loaded();
        double limit = loaded.limits().agentProbesPerSecond();
        double pps = rate != null ? rate : limit > 0 ? limit : 1000;
        if (limit > 0 && pps > limit) throw new UsageException("--rate " + pps + " is above the plan's agent limit of " + limit + " probes per second");
        long round = roundNanos != null ? DurationOption.wholeMillis(roundNanos, "--round") : loaded.plan().roundMillis();
        LiveRun.Options o = TopologyOption.usage(() -> new LiveRun.Options(windows, pings, round, pps, (int) timeoutMs, 3, 16), "options");
        Fault fault = lossy != null ? TopologyOption.usage(() -> Fault.lossy(lossy), "--lossy")
                : slow != null ? TopologyOption.usage(() -> Fault.slow(slow), "--slow") : down != null ? new Fault.Down(down) : null;
        if (fault != null && windows < 2) throw new UsageException("a fault comes after the first window: give --windows 2 or more");
        if (fault != null && t.linkIndex(fault.link()) < 0) throw new UsageException("no link " + fault.link() + " in " + topology + " (links are named FROM->TO, e.g. agg0-0->core0)");
        if (ProbeResults.parquet(out.toString())) SparkMaster.requireSpark(); // parquet-java comes with Spark
        LiveRun.Summary s = LiveRun.run(t, name, plans, o, fault, records -> ProbeResults.write(out, records));
        PrintWriter w = spec.commandLine().getOut();
        s.lines().forEach(w::println);
        w.printf("wrote %s%n", out);
        w.flush();
        return 0;
    }
}
