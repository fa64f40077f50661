package org.sonde.cli.atpg;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.sonde.cli.ModelOptions;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.Progress;
import org.sonde.cli.ReportMeta;
import org.sonde.cli.Terminals;
import org.sonde.core.OutputDirectory;
import org.sonde.core.UsageException;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.atpg.Cover;
import org.sonde.atpg.Phases;
import org.sonde.atpg.SelectOptions;
import org.sonde.atpg.Selector;
import org.sonde.atpg.Suite;
import org.sonde.atpg.report.AtpgReport;
import org.sonde.atpg.SuiteFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde atpg generate}: select a test suite from a network model. */
@Command(name = "generate",
        header = "Select a small suite of test packets that covers every rule, ACL entry or link.",
        mixinStandardHelpOptions = true,
        description = {
                "Compute all-pairs reachability between the test terminals (packets are sent from and",
                "received at terminals), take every path (equivalence class) as a candidate packet, and",
                "keep a greedy minimum set of them that covers every rule (--cover rules) or link",
                "(--cover links) on the paths. Each chosen packet is forwarded concretely to learn what",
                "it observes (the elements whose loss changes its arrivals); what it does not, another",
                "round covers. Ports' ACLs and VLAN membership filter what enters and leaves them; the",
                "ACL entries a packet passes count as rules (ids acl:<acl>#<n>; an ACL of n entries ends",
                "in its implicit deny, acl:<acl>#<n+1>), so a rule cover covers them too. Drop rules",
                "and ACL deny entries are flipped for the analysis, so the suite",
                "also holds packets that must not arrive (a deny entry's packet would reach a terminal",
                "were the entry to permit it). Reserved packets (candidates left out) are kept for",
                "fault localisation. A packet observes the elements on its copies that reach an exit:",
                "losing one removes a copy (test agents count the copies of a packet per exit).",
                "Elements no packet can observe are reported as unobserved.",
                "",
                "Writes OUTDIR/suite.json (tests: header, ingress, expected exits or drop, copies per",
                "exit where more than one arrives, rule and",
                "link history; reserved packets), OUTDIR/summary.json (totalPackets, regularPackets,",
                "reservedPackets, reachableRules, coveredRules, coverage, reachablePortPairs, seconds",
                "and per-phase times) and OUTDIR/tests.pcap (regular packets as Ethernet/IPv4/UDP or",
                "TCP frames; fields the model lacks get defaults, see the pcap's payload: the test id).",
                "--json writes summary.json's content too (to standard output with -). Progress goes to",
                "standard error; the summary to standard output."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde atpg generate --network stanford-hassel-ip --format hassel --out suite",
                "  sonde atpg generate --network net.json --format json --terminals edge --cover links --out suite",
                "  sonde atpg generate --network i2 --format hassel --terminals 10%% --seed 7 --out suite",
                "  sonde atpg generate --network internet2 --format internet2 --cover links --out suite",
                "  sonde atpg generate --network stanford-apkeep --format stanford-apkeep --out suite",
                "  sonde atpg generate --network backbone --format stanford --topology stanford-apkeep --out suite"
        })
final class GenerateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ModelOptions model;

    @Option(names = "--terminals", paramLabel = "all|edge|PCT%", defaultValue = "all", converter = Terminals.Converter.class,
            description = "Test terminals: all candidate ports (hassel and internet2: the port map; other formats: every"
                    + " port a rule takes packets from), edge (those without links), or PCT%% of all, picked with the seed."
                    + " Default: ${DEFAULT-VALUE}.")
    Terminals terminals;

    @Option(names = "--cover", paramLabel = "rules|links", defaultValue = "rules",
            description = "What the regular packets must cover. Default: ${DEFAULT-VALUE}.")
    Cover cover;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed for terminal sampling and cover tie-breaking. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--samples", paramLabel = "K", defaultValue = "1",
            description = "Packets per chosen path (equivalence class), all sent; beyond the first, the bits no rule"
                    + " of the path matches on are drawn from the seed. Default: ${DEFAULT-VALUE}.")
    int samples;

    @Option(names = "--reserved", paramLabel = "N", defaultValue = "2",
            description = "Reserved packets kept per covered rule, ACL entry or link. Default: ${DEFAULT-VALUE}.")
    int reserved;

    @Option(names = "--critical", paramLabel = "ID=WEIGHT", split = ",",
            description = "Weight rules, ACL entries or links in the greedy cover (covered first), e.g. r1=10.")
    Map<String, Double> weights = Map.of();

    @Option(names = "--only", paramLabel = "ID", split = ",",
            description = "Cover only these rules, ACL entries (acl:<acl>#<n>) or links (a subset to test).")
    List<String> only = List.of();

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory to write the suite to.")
    Path out;

    /** The report: coverage, phase times, packets per ingress port, the packets. */
    @Mixin
    OutputOptions.Report report;

    @Mixin
    OutputOptions.Json json;

    @Override
    public Integer call() {
        if (samples < 1) throw new UsageException("--samples must be at least 1, got " + samples);
        if (reserved < 0) throw new UsageException("--reserved must not be negative, got " + reserved);
        report.checkWritable();
        json.checkWritable();
        PrintWriter err = spec.commandLine().getErr();
        long t0 = System.nanoTime();
        ModelSource source = model.source();
        try (OutputDirectory dir = OutputDirectory.create(out, "--out")) {
            return generate(source, dir, t0, err);
        }
    }

    private int generate(ModelSource source, OutputDirectory dir, long t0, PrintWriter err) {
        err.println("atpg generate: loading " + model.format() + " model " + model.network());
        ModelSource.Loaded loaded = source.load();
        List<Integer> sources = terminals.select(loaded, seed);
        long t1 = System.nanoTime();
        err.printf("atpg generate: %s; %d terminals; selecting (reachability, candidates, %s cover)%n",
                loaded.model().network(), sources.size(), cover.name().toLowerCase());
        err.flush();
        SelectOptions options = SelectOptions.of(sources, cover).withSeed(seed)
                .withReservedPerElement(reserved).withSamplesPerPath(samples).withWeights(weights).withOnly(java.util.Set.copyOf(only));
        Suite suite;
        Map<String, Double> selectionSeconds;
        try (Progress progress = new Progress(err, "atpg generate: reachability")) {
            Phases selection = new Phases(line -> {
                progress.close();
                err.println("atpg generate: " + line);
                err.flush();
            }, progress::update);
            suite = Selector.select(loaded.model(), options, selection);
            selectionSeconds = selection.seconds();
        }
        long t2 = System.nanoTime();
        suite = suite.withSeconds((t2 - t0) / 1e9);
        Map<String, Double> phases = new LinkedHashMap<>();
        phases.put("load", (t1 - t0) / 1e9);
        phases.putAll(selectionSeconds);
        SuiteFiles.write(dir.path(), source, loaded.model().network(), suite, phases);
        dir.commit();
        if (report.requested())
            AtpgReport.suite(loaded.model().network(), model.network().toString(), suite, phases, ReportMeta.command(spec), ReportMeta.version()).writeTo(report.file());
        Suite.Summary s = suite.summary();
        json.copyOf(out.resolve(SuiteFiles.SUMMARY));
        PrintWriter o = json.text();
        o.printf("%d regular and %d reserved packets of %d candidates; %s coverage %.4f of %d testable (%d unobserved);"
                        + " covered / on candidate paths: %d/%d rules, %d/%d links;"
                        + " %d port pairs (reachability exercised %d rules); %.1f s (load %.1f, select %.1f); suite in %s%n",
                s.regularPackets(), s.reservedPackets(), s.totalPackets(), cover.name().toLowerCase(), s.coverage(), s.testable(), suite.unobserved().size(),
                s.coveredRules(), s.reachableRules(), s.coveredLinks(), s.reachableLinks(), s.reachablePortPairs(), s.reachExercisedRules(),
                s.seconds(), phases.get("load"), (t2 - t1) / 1e9, out);
        return 0;
    }
}
