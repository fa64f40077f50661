package org.sonde.cli.atpg;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.sonde.core.UsageException;
import org.sonde.testgen.Cover;
import org.sonde.testgen.ModelSource;
import org.sonde.testgen.SelectOptions;
import org.sonde.testgen.Selector;
import org.sonde.testgen.Suite;
import org.sonde.testgen.SuiteFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde atpg generate}: select a test suite from a network model. */
@Command(name = "generate",
        mixinStandardHelpOptions = true,
        description = {
                "Compute all-pairs reachability from the test terminals, take one concrete packet per",
                "path (equivalence class), and keep a greedy minimum set of them that covers every",
                "rule (--cover rules) or link (--cover links) a packet can observe. Ports' ACLs and",
                "VLAN membership filter what enters and leaves them; the ACL entries a packet passes",
                "count as rules (ids acl:<acl>#<n>), so a rule cover covers them too. Drop rules and",
                "ACL deny entries are flipped for the analysis, so the suite also holds packets that",
                "must not arrive (a deny entry's packet would reach a terminal were the entry to",
                "permit it). The packets left out are kept as reserved packets for fault localisation.",
                "",
                "Formats: hassel (a directory of hassel .tf files and port_map.txt), stanford-apkeep",
                "(APKeep's preprocessed Stanford snapshot: FIB, ACLs, VLANs, topology), stanford (the",
                "raw Stanford backbone: Cisco configs, FIBs, ARP, MAC and spanning-tree tables; needs",
                "--topology, as the raw files hold no inter-router links) and json (Sonde's model).",
                "",
                "Writes OUTDIR/suite.json (tests: header, ingress, expected exits or drop, rule and",
                "link history; reserved packets), OUTDIR/summary.json (totalPackets, regularPackets,",
                "reservedPackets, reachableRules, coveredRules, coverage, reachablePortPairs, seconds",
                "and per-phase times) and OUTDIR/tests.pcap (regular packets as Ethernet/IPv4/UDP or",
                "TCP frames; fields the model lacks get defaults, see the pcap's payload: the test id).",
                "Progress goes to standard error; the summary to standard output."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde atpg generate --network stanford-hassel-ip --format hassel --out suite",
                "  sonde atpg generate --network net.json --format json --terminals edge --cover links --out suite",
                "  sonde atpg generate --network i2 --format hassel --terminals 10%% --seed 7 --out suite",
                "  sonde atpg generate --network stanford-apkeep --format stanford-apkeep --out suite",
                "  sonde atpg generate --network backbone --format stanford --topology stanford-apkeep --out suite"
        })
public final class GenerateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--network", required = true, paramLabel = "DIR",
            description = "The model: a hassel, APKeep or Stanford backbone directory, or a Sonde network JSON file"
                    + " (or a directory with network.json).")
    Path network;

    @Option(names = "--format", required = true, paramLabel = "FORMAT",
            description = "hassel, stanford-apkeep, stanford or json.")
    String format;

    @Option(names = "--topology", paramLabel = "FILE",
            description = "--format stanford only (required there): the inter-router links, one"
                    + " '<device> <port> <device> <port>' line each (short port names such as te1/3; # comments),"
                    + " or the stanford-apkeep snapshot directory, whose topo.txt gives them (ACL nodes collapsed).")
    Path topology;

    @Option(names = "--terminals", paramLabel = "all|edge|PCT%", defaultValue = "all",
            description = "Test terminals: all candidate ports (hassel: the port map; other formats: every port a"
                    + " rule takes packets from), edge (those without links), or PCT%% of all, picked with the seed."
                    + " Default: ${DEFAULT-VALUE}.")
    String terminals;

    @Option(names = "--cover", paramLabel = "rules|links", defaultValue = "rules",
            description = "What the regular packets must cover. Default: ${DEFAULT-VALUE}.")
    Cover cover;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed for terminal sampling and cover tie-breaking. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--histories", paramLabel = "N", defaultValue = "16",
            description = "Paths kept per (ingress, egress) pair as candidates. Default: ${DEFAULT-VALUE}.")
    int histories;

    @Option(names = "--samples", paramLabel = "K", defaultValue = "1",
            description = "Packets per path (equivalence class); beyond the first, the bits no rule of the path"
                    + " matches on are drawn from the seed. Default: ${DEFAULT-VALUE}.")
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

    @Option(names = "--out", required = true, paramLabel = "OUTDIR", description = "Directory to write the suite to.")
    Path out;

    @Option(names = "--report", paramLabel = "HTML",
            description = "Also write an HTML report (coverage, phase times, packets per ingress port, the packets).")
    Path report;

    @Override
    public Integer call() {
        if (histories < 1) throw new UsageException("--histories must be at least 1, got " + histories);
        if (samples < 1) throw new UsageException("--samples must be at least 1, got " + samples);
        if (reserved < 0) throw new UsageException("--reserved must not be negative, got " + reserved);
        if (format.equals(ModelSource.STANFORD) && topology == null)
            throw new UsageException("--format stanford needs --topology FILE: " + ModelSource.TOPOLOGY_NEEDED,
                    "add --topology ../shared/datasets/stanford-apkeep (or a file of such lines)");
        if (!format.equals(ModelSource.STANFORD) && topology != null)
            throw new UsageException("--topology only applies to --format stanford; " + format + " models hold their links");
        PrintWriter err = spec.commandLine().getErr();
        long t0 = System.nanoTime();
        ModelSource source = new ModelSource(format, network.toString(), topology == null ? null : topology.toString());
        err.println("atpg generate: loading " + format + " model " + network);
        ModelSource.Loaded loaded = source.load();
        List<Integer> sources = terminals(loaded);
        long t1 = System.nanoTime();
        err.printf("atpg generate: %s; %d terminals; selecting (reachability, candidates, %s cover)%n",
                loaded.model().network(), sources.size(), cover.name().toLowerCase());
        err.flush();
        SelectOptions options = SelectOptions.of(sources, cover).withSeed(seed).withHistoriesPerPair(histories)
                .withReservedPerElement(reserved).withSamplesPerPath(samples).withWeights(weights).withOnly(java.util.Set.copyOf(only));
        Suite suite = Selector.select(loaded.model(), options);
        long t2 = System.nanoTime();
        suite = new Suite(suite.cover(), suite.tests(), suite.reserved(), suite.summary().withSeconds((t2 - t0) / 1e9));
        Map<String, Double> phases = new LinkedHashMap<>();
        phases.put("load", (t1 - t0) / 1e9);
        phases.put("select", (t2 - t1) / 1e9);
        SuiteFiles.write(out, source, suite, phases);
        if (report != null) AtpgReport.suite(network.toString(), suite, phases, spec.commandLine().getParseResult().originalArgs()).writeTo(report);
        Suite.Summary s = suite.summary();
        PrintWriter o = spec.commandLine().getOut();
        o.printf("%d regular and %d reserved packets of %d candidates; %s coverage %.4f; %d/%d rules, %d/%d links;"
                        + " %d port pairs (reachability exercised %d rules); %.1f s (load %.1f, select %.1f); suite in %s%n",
                s.regularPackets(), s.reservedPackets(), s.totalPackets(), cover.name().toLowerCase(), s.coverage(),
                s.coveredRules(), s.reachableRules(), s.coveredLinks(), s.reachableLinks(), s.reachablePortPairs(), s.reachExercisedRules(),
                s.seconds(), phases.get("load"), phases.get("select"), out);
        return 0;
    }

    private List<Integer> terminals(ModelSource.Loaded loaded) {
        if (terminals.equals("all")) return loaded.terminals();
        if (terminals.equals("edge")) return ModelSource.edge(loaded);
        if (terminals.endsWith("%")) {
            try {
                return ModelSource.sample(loaded.terminals(), Double.parseDouble(terminals.substring(0, terminals.length() - 1)), seed);
            } catch (NumberFormatException e) {
                // fall through to the usage error
            }
        }
        throw new UsageException("--terminals must be all, edge or a percentage like 10%, got " + terminals);
    }
}
