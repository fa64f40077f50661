package org.sonde.cli.verify;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sonde.cli.ModelOptions;
import org.sonde.core.OutputDirectory;
import org.sonde.dataplane.model.Network;
import org.sonde.verify.convert.NetworkConverter;
import org.sonde.verify.snapshot.SnapshotText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde verify convert}: a data-plane model (Stanford, Internet2, ...) as a Libra snapshot. */
@Command(name = "convert",
        header = "Write the IP forwarding of a data-plane model as a snapshot.",
        mixinStandardHelpOptions = true,
        description = {
                "Writes the IP forwarding of a data-plane model as a snapshot: one record per rule that",
                "matches only a destination prefix; forwarding out of a linked port goes to the switch at",
                "the other end, out of an unlinked port it delivers (the switch is a last hop); devices",
                "whose rules depend on the ingress port become logical switches device@port. Rules that",
                "match other fields or rewrite the destination are left out and counted on stderr.",
                "The subnets to verify are the delivered prefixes."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde verify convert --network ../shared/datasets/internet2 --format internet2 --out i2",
                "  sonde verify convert --network ../shared/datasets/stanford-apkeep --format stanford-apkeep \\",
                "      --out stanford"
        })
final class ConvertCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ModelOptions model;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "The snapshot directory to write.")
    Path out;

    @Option(names = "--parquet", description = "Also write the rules as Parquet (OUTDIR/rules.parquet).")
    boolean parquet;

    @Override
    public Integer call() {
        NetworkConverter.Conversion c;
        try (OutputDirectory dir = OutputDirectory.create(out, "--out")) {
            Network n = model.source().load().model().network();
            c = NetworkConverter.convert(n);
            c.skipped().forEach((reason, count) -> spec.commandLine().getErr().printf("convert: %,d rules left out: %s%n", count, reason));
            SnapshotText.write(c.snapshot(), dir.path());
            if (parquet) SparkSupport.writeParquet(c.snapshot(), dir.path());
            dir.commit();
        }
        spec.commandLine().getOut().printf("%s: %s (%d logical switches); written to %s%n", model.network(), c.snapshot(), c.logicalSwitches(), out);
        return 0;
    }
}
