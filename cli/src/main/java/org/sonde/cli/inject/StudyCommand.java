package org.sonde.cli.inject;


import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.cli.ReportMeta;
import org.sonde.core.OutputDirectory;
import org.sonde.core.UsageException;
import org.sonde.inject.report.StudyReport;
import org.sonde.inject.study.Finding;
import org.sonde.inject.study.StudyJson;
import org.sonde.inject.study.StudyPlan;
import org.sonde.inject.study.StudyResult;
import org.sonde.inject.study.StudyRunner;
import org.sonde.sim.rdma.NicProfile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde inject study}: Lumina's §6 experiments on the NIC profiles, with the report. */
@Command(name = "study",
        header = "Redo the Lumina paper's Figs. 8-11 and findings on every NIC profile.",
        mixinStandardHelpOptions = true,
        description = {
                "Redoes the experiments of Lumina's section 6 (Yu et al., SIGCOMM 2023) on simulated NIC",
                "profiles, each as an injection test whose trace goes through the analyzers:",
                "  Figs. 8-9  NAK generation and reaction latency vs the dropped packet's relative PSN,",
                "             WRITE and READ, one 100 KB message per PSN on one QP",
                "  Fig. 10    goodput of two WRITE QPs in two 50%% ETS classes or one, QP0 ECN-marked",
                "             1 in 50 (on cx6dx-like and neutral, when chosen)",
                "  Fig. 11    noisy neighbour: 36 READ QPs, the 5th packet of every message dropped on",
                "             the first i QPs; innocent vs dropping QPs' mean completion time",
                "  section 6.3  CNP rate-limit scope and interval (every packet marked) and the",
                "             retransmission timeouts with adaptive retransmission on and off",
                "and compares each measurement with what the profile specifies (the findings table).",
                "The profiles model the paper's published observations, not vendor firmware.",
                "Writes into DIR:",
                "  study.json   every result record and the findings, with the overall verdict",
                "  report.html  the figures, the findings table with verdicts",
                "  runs/PROFILE/TEST/  each injection test's trace.pcap, dumper captures and result.json",
                "Progress goes to stderr. Exit code 1 when a measurement differs from its profile."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde inject study --out study",
                "  sonde inject study --profiles cx4lx-like,neutral --seed 7 --out study-cx4",
                "  sonde inject study --profiles cx6dx-like --quick --out ci --json"
        })
public final class StudyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--profiles", paramLabel = "A,B", split = ",",
            description = "NIC profiles to study, comma-separated. Default: neutral, cx4lx-like, cx5-like, cx6dx-like, e810-like.")
    List<String> profiles;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of every run (QPNs, initial PSNs, latencies). Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Output directory (created; files in it are replaced).")
    Path out;

    @Option(names = "--json", description = "Print study.json to stdout instead of the text summary.")
    boolean json;

    @Option(names = "--quick", description = "A reduced study for CI: PSNs 0, 50, 98 and i = 0, 12 only.")
    boolean quick;

    @Override
    public Integer call() {
        List<String> chosen = profiles == null || profiles.isEmpty() ? StudyPlan.ALL_PROFILES : profiles.stream().map(String::strip).distinct().toList();
        for (String p : chosen) {
            if (!NicProfile.BUNDLED.contains(p)) {
                throw new UsageException("--profiles: '" + p + "' is not a bundled NIC profile (" + String.join(", ", NicProfile.BUNDLED) + ")");
            }
        }
        StudyPlan plan = quick ? StudyPlan.reduced(chosen, seed) : StudyPlan.full(chosen, seed);
        PrintWriter err = spec.commandLine().getErr();
        int[] done = {0};
        long t0 = System.nanoTime();
        StudyResult result;
        try (OutputDirectory dir = OutputDirectory.create(out, "--out")) {
            result = new StudyRunner(plan, dir.path().resolve("runs"), step -> {
                err.printf("[%d/%d %.1f s] %s%n", ++done[0], plan.runCount(), (System.nanoTime() - t0) / 1e9, step);
                err.flush();
            }).run();
            StudyJson.write(result, dir.path().resolve("study.json"));
            StudyReport.of(result, ReportMeta.version()).writeTo(dir.path().resolve("report.html"));
            dir.commit();
        }
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            o.println(StudyJson.toJson(result));
        } else {
            long failed = result.findings().stream().filter(f -> !f.pass()).count();
            o.printf("study of %s (seed %d): %d runs in %.1f s; %d of %d findings match their profile%n", String.join(", ", chosen), seed,
                    plan.runCount(), result.wallSeconds(), result.findings().size() - failed, result.findings().size());
            for (Finding f : result.findings()) {
                if (!f.pass()) o.printf("  FAIL %s, %s: expected %s, measured %s%n", f.profile(), f.behaviour(), f.expected(), f.measured());
            }
            o.printf("  wrote %s and %s%n", out.resolve("study.json"), out.resolve("report.html"));
        }
        o.flush();
        return result.pass() ? 0 : 1;
    }
}
