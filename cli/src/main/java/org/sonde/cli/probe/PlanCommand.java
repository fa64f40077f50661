package org.sonde.cli.probe;

import org.sonde.cli.DurationOption;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.probe.plan.CoverPolicy;
import org.sonde.probe.plan.Limits;
import org.sonde.probe.plan.Plan;
import org.sonde.probe.plan.PlanJson;
import org.sonde.probe.plan.PlanOptions;
import org.sonde.probe.plan.Planner;
import org.sonde.probe.plan.Strategy;
import org.sonde.probe.topology.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde probe plan}: a test plan per agent. */
@Command(name = "plan",
        header = "Plan probes: per agent pair a probabilistic path cover, then MSC-alpha over them.",
        mixinStandardHelpOptions = true,
        description = {
                "Computes a NetSonar test plan: for every agent pair a probabilistic path cover (a number of",
                "random 5-tuples from the pair's paths: ECMP/WCMP shortest paths, or its LSPs), then the pairs",
                "that probe: MSC-alpha (every link covered by alpha pairs where possible, greedily by new",
                "links per tuple), all pairs, or random pairs. Distinct random source ports per pair; the round",
                "is stretched until the busiest agent and router stay within the rate limits.",
                "",
                "--out DIR writes plan.json (the whole plan, read back with validation), agents/NAME.json",
                "and agents/NAME.xml (the XML test list of the dissertation's Fig. 3.9); --json writes the",
                "plan (plan.json's content) to a file or, with -, to standard output."
        },
        footerHeading = "%nExample:%n",
        footer = {
                "  sonde probe plan --topology fattree:8 --alpha 2 --inflation 2 --out plan",
                "  sonde probe plan --topology net.txt --confidence 0.9 --agent-rate 50 --out plan"
        })
final class PlanCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--topology", required = true, paramLabel = "SPEC", description = TopologyOption.DESCRIPTION)
    String topology;

    @Option(names = "--strategy", defaultValue = "msc", paramLabel = "msc|all-pairs|random-pairs", description = "Which pairs probe. Default: ${DEFAULT-VALUE}.")
    String strategy;

    @Option(names = "--alpha", defaultValue = "2", paramLabel = "A", description = "Covers per link for MSC-alpha. Default: ${DEFAULT-VALUE}.")
    int alpha;

    @Option(names = "--inflation", paramLabel = "F", description = "Tuples per pair: F times its number of paths (the default, F = 2).")
    Double inflation;

    @Option(names = "--confidence", paramLabel = "C", description = "Tuples per pair: the fewest that traverse all of its paths' links with probability C.")
    Double confidence;

    @Option(names = "--port", defaultValue = "80", paramLabel = "PORT", description = "Destination TCP port of the probes. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--round", defaultValue = "3s", paramLabel = DurationOption.LABEL, converter = DurationOption.WasMillis.class,
            description = "Shortest round (whole ms): every tuple is pinged once per round. Default: ${DEFAULT-VALUE}.")
    long roundNanos;

    @Option(names = "--agent-rate", defaultValue = "0", paramLabel = "PPS", description = "Most probes per second an agent may send; 0 for no limit. Default: ${DEFAULT-VALUE}.")
    double agentRate;

    @Option(names = "--router-rate", defaultValue = "0", paramLabel = "PPS", description = "Most probes per second expected through a router; 0 for no limit. Default: ${DEFAULT-VALUE}.")
    double routerRate;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the source ports (and of random pairs, and of the IDN-like generator). Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", description = "Write plan.json and agents/NAME.json here.")
    Path out;

    @Mixin
    OutputOptions.Json json;

    @Override
    public Integer call() {
        if (inflation != null && confidence != null) throw new org.sonde.core.UsageException("give --inflation or --confidence, not both");
        long roundMillis = DurationOption.wholeMillis(roundNanos, "--round");
        json.checkWritable();
        Topology t = TopologyOption.load(topology, seed);
        PlanOptions options = TopologyOption.usage(() -> new PlanOptions(
                confidence != null ? new CoverPolicy.Confidence(confidence) : new CoverPolicy.Inflation(inflation == null ? 2 : inflation),
                Strategy.of(strategy), alpha, seed, port, roundMillis, new Limits(agentRate, routerRate)), "options");
        Plan p = TopologyOption.usage(() -> Planner.plan(t, options), "--topology");
        PrintWriter o = json.text();
        o.printf("%s: %s%n", topology, t.describe());
        o.printf("plan: %,d pairs, %,d probes per round of %,d ms; %d of %d links covered (%d reachable); busiest router %.1f probes per round%n",
                p.pairs(), p.probesPerRound(), p.roundMillis(), p.coveredLinks(), p.links(), p.reachableLinks(), p.maxRouterProbes());
        o.flush();
        if (out != null) {
            PlanJson.write(p, options.limits(), out, "--out");
            o.printf("wrote %s%n", out.resolve(PlanJson.PLAN_FILE));
        }
        if (json.requested()) json.write(PlanJson.text(p, options.limits()));
        return 0;
    }
}
