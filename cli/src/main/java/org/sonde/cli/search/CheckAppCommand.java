package org.sonde.cli.search;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.search.app.AppCheck;
import org.sonde.search.app.AppSpace;
import org.sonde.search.app.MfsFile;
import org.sonde.search.mfs.Mfs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sonde search check-app}: which known MFSs an application's workloads can fall into. */
@Command(name = "check-app",
        header = "Check an application's restricted workload space against the MFSs a search found.",
        mixinStandardHelpOptions = true,
        description = {
                "APP.yaml restricts the search space to what the application may do; a feature left out takes its",
                "whole domain. Categorical features are lists, the others ranges [lowest, highest]:",
                "  mode: [one-way, bidirectional]      qp-type: [RC]        opcode: [SEND, WRITE]",
                "  mtu: [1024]     qps: [1, 512]       batch: [1, 64]       send-depth / recv-depth / recv-batch",
                "  sges: [1, 4]    request-bytes: [64, 65536]               sender-mrs / receiver-mrs",
                "  sender-memory / receiver-memory: [local-numa, remote-numa, gpu]",
                "Prints each MFS the space intersects (feature by feature; the space's couplings are not taken into",
                "account) and the restrictions, one feature each, that would leave it.",
                "--json writes {\"app\",\"mfs\",\"hits\":[{\"mfs\":N,\"symptom\",\"description\",\"exits\":[...]}]}.",
                "Exit code 1 when one intersects."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  sonde search run --json run.json && sonde search check-app rpc.yaml --mfs run.json"})
final class CheckAppCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "APP.yaml", description = "The application's restricted space.")
    Path app;

    @Option(names = "--mfs", paramLabel = "FILE", required = true, description = "The --json file of a sonde search run.")
    Path mfs;

    @Mixin
    OutputOptions.Json json;

    @Override
    public Integer call() {
        json.checkWritable();
        AppSpace space = AppSpace.load(app);
        List<Mfs> known = MfsFile.read(mfs);
        List<AppCheck.Hit> hits = AppCheck.check(space, known);
        List<Map<String, Object>> rows = hits.stream().map(h -> Map.<String, Object>of("mfs", h.index() + 1,
                "symptom", h.mfs().symptom().jsonName(), "description", h.mfs().describe(), "exits", h.exits())).toList();
        json.writeValue(Map.of("app", app.toString(), "mfs", mfs.toString(), "hits", rows));
        PrintWriter o = json.text();
        o.printf("%s against %d MFSs of %s: %d can be reached%n", app, known.size(), mfs, hits.size());
        for (AppCheck.Hit h : hits) {
            o.printf("  MFS %d (%s): %s%n", h.index() + 1, h.mfs().symptom().jsonName(), h.mfs().describe());
            o.printf("    leave it with any of: %s%n", h.exits().isEmpty() ? "(no restriction of the application's own space does)" : String.join("; ", h.exits()));
        }
        o.flush();
        return hits.isEmpty() ? 0 : 1;
    }
}
