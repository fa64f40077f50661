package org.sonde.cli.verify;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sonde.core.AtomicFiles;
import org.sonde.core.OutputDirectory;
import org.sonde.core.UsageException;
import org.sonde.verify.gen.DcnGenerator;
import org.sonde.verify.gen.FaultPlan;
import org.sonde.verify.gen.GeneratedNetwork;
import org.sonde.verify.gen.InetGenerator;
import org.sonde.verify.snapshot.SnapshotText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sonde verify generate}: a seeded synthetic snapshot with planted faults and their ground truth. */
@Command(name = "generate",
        header = "Generate a snapshot like the dissertation's data sets, with planted faults.",
        mixinStandardHelpOptions = true,
        description = {
                "Generates a snapshot like the dissertation's data sets (§4.7.1), the same for the same",
                "seed, with faults planted and the violations they must show as written to OUTDIR/truth.json.",
                "",
                "dcn: a three-tier Clos data center: pods of top-of-rack and aggregation switches, planes",
                "of spines; /24 subnets on the ToRs, /17 aggregates per pod, ECMP everywhere. At the",
                "default 10,000 switches: about 2.5 M rules and 11,100 subnets, as the dissertation's DCN.",
                "inet: a backbone of --switches routers (default 300, as Rocketfuel's Sprint map) with",
                "--prefixes prefixes (default 300,000) of BGP-like lengths homed on random routers, each",
                "routed on shortest paths with ECMP: routers x prefixes rules.",
                "",
                "--plant loops=K,blackholes=K,waypoints=K plants each fault on its own subnet (waypoint",
                "bypasses: dcn only). Writes OUTDIR/rules.txt, subnets.txt, waypoints.txt (dcn),",
                "truth.json, and with --parquet also OUTDIR/rules.parquet (through Spark)."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde verify generate dcn --seed 1 --plant loops=5,blackholes=5,waypoints=2 --out dcn",
                "  sonde verify generate inet --seed 2 --switches 100 --prefixes 20000 --plant loops=3 --out inet"
        })
final class GenerateCommand implements Callable<Integer> {
    enum Kind { dcn, inet }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "dcn|inet", description = "Which network to generate.")
    Kind kind;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of every random choice. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--switches", paramLabel = "N",
            description = "Switches (dcn, default 10000) or routers (inet, default 300).")
    Integer switches;

    @Option(names = "--prefixes", paramLabel = "N", description = "inet: prefixes. Default: 300000.")
    Integer prefixes;

    @Option(names = "--plant", paramLabel = "loops=K,blackholes=K[,waypoints=K]", defaultValue = "",
            description = "Faults to plant, each on its own subnet. Default: none.")
    String plant;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "The snapshot directory to write.")
    Path out;

    @Option(names = "--parquet", description = "Also write the rules as Parquet (OUTDIR/rules.parquet), through Spark in this process.")
    boolean parquet;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        FaultPlan plan;
        try {
            plan = FaultPlan.parse(plant);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--plant: " + e.getMessage());
        }
        if (kind == Kind.dcn && prefixes != null) throw new UsageException("--prefixes is for inet; dcn's subnets follow from --switches");
        if (switches != null && switches < 1) throw new UsageException("--switches must be at least 1, got " + switches);
        if (prefixes != null && prefixes < 1) throw new UsageException("--prefixes must be at least 1, got " + prefixes);
        long t0 = System.nanoTime();
        GeneratedNetwork g;
        try (OutputDirectory dir = OutputDirectory.create(out, "--out")) {
            try {
                g = switch (kind) {
                    case dcn -> new DcnGenerator(seed, switches == null ? DcnGenerator.DEFAULT_SWITCHES : switches).generate(plan);
                    case inet -> new InetGenerator(seed, switches == null ? InetGenerator.DEFAULT_ROUTERS : switches,
                            prefixes == null ? InetGenerator.DEFAULT_PREFIXES : prefixes).generate(plan);
                };
            } catch (IllegalArgumentException e) {
                throw new UsageException(kind + (switches == null ? "" : " --switches " + switches)
                        + (plant.isEmpty() ? "" : " --plant " + plant) + ": " + e.getMessage());
            }
            err.printf("generate: %s %s in %.1f s; writing %s%n", kind, g.snapshot(), (System.nanoTime() - t0) / 1e9, out);
            err.flush();
            SnapshotText.write(g.snapshot(), dir.path());
            if (parquet) SparkSupport.writeParquet(g.snapshot(), dir.path());
            AtomicFiles.writeString(dir.path().resolve("truth.json"), g.truthJson());
            dir.commit();
        }
        spec.commandLine().getOut().printf("%s snapshot (seed %d): %s; %d faults planted; written to %s%n",
                kind, seed, g.snapshot(), g.planted().size(), out);
        return 0;
    }
}
