package org.sonde.cli.probe;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.core.Json;
import org.sonde.probe.cover.CouponCollector;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

    @Mixin
    OutputOptions.Json json;

    @Override
    public Integer call() throws Exception {
        json.checkWritable();
        CouponCollector.Cover c = TopologyOption.usage(() -> CouponCollector.smallest(nextHops, confidence), "--next-hops/--confidence");
        PrintWriter out = json.text();
        out.printf("%d tuples cover %d next hops with probability %.6f (inflation %.2f; %.1f expected to see all)%n",
                c.tuples(), nextHops, c.probability(), c.inflation(), CouponCollector.expected(nextHops));
        out.flush();
        json.write(Json.mapper().writeValueAsString(c.toMap(confidence)));
        return 0;
    }
}
