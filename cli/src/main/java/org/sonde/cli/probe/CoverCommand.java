package org.sonde.cli.probe;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sonde.core.AtomicFiles;
import org.sonde.core.Json;
import org.sonde.probe.cover.CouponCollector;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde probe cover}: the coupon-collector count of §3.3.3. */
@Command(name = "cover",
        header = "How many random 5-tuples cover N equal-cost next hops with a confidence.",
        mixinStandardHelpOptions = true,
        description = {
                "The smallest number k of random 5-tuples whose exact probability of reaching all N",
                "equal-cost next hops (each tuple hashed to one of them uniformly and independently) is at",
                "least the confidence, and that probability.",
                "",
                "--json writes {\"nextHops\":N,\"confidence\":C,\"tuples\":k,\"probability\":p,\"inflation\":k/N,",
                "\"expectedTuples\":E}."
        },
        footerHeading = "%nExample:%n",
        footer = "  sonde probe cover --next-hops 16 --confidence 0.99 --json cover.json")
final class CoverCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--next-hops", required = true, paramLabel = "N", description = "Equal-cost next hops (1 to 1,000,000).")
    int nextHops;

    @Option(names = "--confidence", required = true, paramLabel = "C", description = "Probability to reach, above 0 and below 1 (0.9 for 90 %%).")
    double confidence;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the result as JSON.")
    Path json;

    @Override
    public Integer call() throws Exception {
        if (json != null) AtomicFiles.checkWritable(json, "--json");
        CouponCollector.Cover c = TopologyOption.usage(() -> CouponCollector.smallest(nextHops, confidence), "--next-hops/--confidence");
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%d tuples cover %d next hops with probability %.6f (inflation %.2f; %.1f expected to see all)%n",
                c.tuples(), nextHops, c.probability(), c.inflation(), CouponCollector.expected(nextHops));
        out.flush();
        if (json != null) AtomicFiles.writeString(json, Json.mapper().writeValueAsString(c.toMap(confidence)) + "\n");
        return 0;
    }
}
