package org.sonde.cli.reach;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.cli.ModelOptions;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.Progress;
import org.sonde.cli.ReportMeta;
import org.sonde.cli.Terminals;
import org.sonde.core.UsageException;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Ternary;
import org.sonde.dataplane.reach.ElementIds;
import org.sonde.dataplane.reach.ReachOptions;
import org.sonde.dataplane.reach.ReachResult;
import org.sonde.dataplane.reach.Reachability;
import org.sonde.dataplane.report.ReachReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde reach}: all-pairs reachability of a data-plane model. */
@Command(name = "reach",
        header = "All-pairs reachability of a network model by header space propagation.",
        mixinStandardHelpOptions = true,
        description = {
                "All-pairs reachability by header space propagation: from every source port, the",
                "headers (an all-wildcard header, or those --header allows) are pushed through the",
                "rule tables, ACLs and links; every (source, destination) pair some header reaches is",
                "reported with the rules and links exercised, and every forwarding loop (a path coming",
                "back to a port with headers it carried there before) with its rule history and an",
                "example header. Exit code 1 when loops are found.",
                "",
                "--json writes the whole result: per pair the number of headers that arrive, an",
                "example, the number of paths and up to --histories rule histories; the loops; the",
                "exercised rules and links; timings. --report writes an HTML report: the loops and the",
                "reachable pairs first, the ports each source reaches, the loops' paths and the pairs."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde reach --network ../shared/datasets/internet2-hassel --format hassel",
                "  sonde reach --network net.json --format json --sources edge --header ip_dst=10.0.0.0/8 \\",
                "      --json reach.json --report reach.html"
        })
public final class ReachCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ModelOptions model;

    @Option(names = "--sources", paramLabel = "all|edge|PCT%", defaultValue = "all", converter = Terminals.Converter.class,
            description = "Source ports: every candidate port, edge (those without links), or PCT%% of them. Default: ${DEFAULT-VALUE}.")
    Terminals sources;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed for --sources PCT%%. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--header", paramLabel = "FIELD=VALUE[/LEN]",
            description = "Constrain the injected headers: a field equal to VALUE (decimal, 0x hex, or a dotted IPv4"
                    + " address), or its first LEN bits equal to VALUE's. Repeatable, e.g. --header ip_dst=10.0.0.0/8.")
    List<String> headers = List.of();

    @Option(names = "--histories", paramLabel = "N", defaultValue = "1",
            description = "Rule histories kept per pair in the JSON. Default: ${DEFAULT-VALUE}.")
    int histories;

    @Option(names = "--pair-headers", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Count the distinct headers of each pair (a BDD union per pair; --no-pair-headers is faster"
                    + " on large models and leaves the count out). Default: ${DEFAULT-VALUE}.")
    boolean pairHeaders;

    @Mixin
    OutputOptions.Json json;

    @Mixin
    OutputOptions.Report report;

    @Override
    public Integer call() {
        if (histories < 0) throw new UsageException("--histories must not be negative, got " + histories);
        json.checkWritable();
        report.checkWritable();
        PrintWriter err = spec.commandLine().getErr();
        long t0 = System.nanoTime();
        ModelSource.Loaded loaded = model.source().load();
        Network n = loaded.model().network();
        List<Integer> from = sources.select(loaded, seed);
        Match initial = constraint(n);
        err.printf("reach: %s; %d sources; propagating%n", n, from.size());
        err.flush();
        ReachOptions options = loaded.model().reachOptions(from, histories).withInitial(initial).withPairHeaders(pairHeaders);
        ReachResult r;
        try (Progress progress = new Progress(err, "reach")) {
            r = Reachability.compute(n, options, new ElementIds(n), null, (done, total) -> progress.update(done, total, "source ports searched"));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        PrintWriter out = json.text();
        long uTurns = r.pairsBackToTheSourcesOwnOutput(options.outputTwins());
        long aclEntries = r.aclEntriesExercised();
        out.printf("%,d reachable (source, destination) pairs from %,d sources%s; %,d paths; %d of %d rules%s and %d of %d links"
                        + " exercised; %d loops; %.1f s (compile %.1f, search %.1f)%n",
                r.pairs().size() - uTurns, from.size(),
                uTurns == 0 ? "" : String.format(" (and %,d from a port to its own output copy, which hassel does not count)", uTurns),
                r.paths(), r.exercisedRules().size() - aclEntries, n.ruleCount(), aclEntries == 0 ? "" : String.format(", %,d ACL entries", aclEntries),
                r.exercisedLinks().size(),
                n.links().size(), r.loops().size(), seconds, r.timings().compileMillis() / 1e3, r.timings().searchMillis() / 1e3);
        r.loops().stream().limit(5).forEach(l -> out.printf("  loop from %s back at %s: %s, e.g. %s%n", n.portName(l.source()), n.portName(l.port()),
                String.join(" → ", l.history()), n.layout().text(l.example())));
        if (r.loops().size() > 5) out.printf("  ... %d more loops%s%n", r.loops().size() - 5, json.requested() ? " " + json.where() : " (see --json)");
        out.flush();
        if (json.requested()) json.write(r.toJson());
        if (report.requested()) ReachReport.of(n, model.network().toString(), options, r, ReportMeta.command(spec), ReportMeta.version()).writeTo(report.file());
        return r.loops().isEmpty() ? 0 : 1;
    }

    /** The --header constraints as one match. */
    private Match constraint(Network n) {
        Match m = Match.ANY;
        for (String h : headers) {
            int eq = h.indexOf('=');
            if (eq <= 0) throw new UsageException("--header expects FIELD=VALUE[/LEN], got " + h);
            String name = h.substring(0, eq), text = h.substring(eq + 1);
            HeaderField f = n.layout().field(name).orElseThrow(() -> new UsageException(
                    "--header: the model's layout " + n.layout().name() + " has no field " + name + " (fields: " + n.layout().names() + ")"));
            int slash = text.indexOf('/');
            long value = value(h, slash < 0 ? text : text.substring(0, slash));
            int len = f.widthBits();
            if (slash >= 0) {
                try {
                    len = Integer.parseInt(text.substring(slash + 1));
                } catch (NumberFormatException e) {
                    throw new UsageException("--header " + h + ": the prefix length must be a number");
                }
            }
            if (len < 0 || len > f.widthBits() || !f.fits(value))
                throw new UsageException("--header " + h + ": " + name + " has " + f.widthBits() + " bits");
            m = m.and(name, Ternary.prefix(value, len, f.widthBits()));
        }
        return m;
    }

    private static long value(String option, String text) {
        try {
            if (text.matches("\\d+\\.\\d+\\.\\d+\\.\\d+")) {
                long v = 0;
                for (String part : text.split("\\.")) {
                    int b = Integer.parseInt(part);
                    if (b > 255) throw new NumberFormatException(part);
                    v = (v << 8) | b;
                }
                return v;
            }
            return text.startsWith("0x") ? Long.parseUnsignedLong(text.substring(2), 16) : Long.parseUnsignedLong(text);
        } catch (NumberFormatException e) {
            throw new UsageException("--header " + option + ": cannot read the value " + text + " (decimal, 0x hex or a.b.c.d)");
        }
    }
}
