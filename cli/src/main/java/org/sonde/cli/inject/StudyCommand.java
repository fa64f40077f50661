package org.sonde.cli.inject;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.ReportMeta;
import org.sonde.core.OutputDirectory;
import org.sonde.core.UsageException;
import org.sonde.inject.report.StudyReport;
import org.sonde.inject.study.Finding;
import org.sonde.inject.study.StudyJson;
import org.sonde.inject.study.StudyPlan;
import org.sonde.inject.study.StudyResult;
import org.sonde.inject.study.StudyRunner;
import org.sonde.inject.tcp.report.TcpStudyReport;
import org.sonde.inject.tcp.report.TcpStudySummary;
import org.sonde.inject.tcp.study.TcpStudy;
import org.sonde.inject.tcp.study.TcpStudyJson;
import org.sonde.inject.tcp.study.TcpStudyPlan;
import org.sonde.inject.tcp.study.TcpStudyResult;
import org.sonde.inject.testbed.TargetSpec;
import org.sonde.sim.rdma.NicProfile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde inject study}: Lumina's §6 experiments on the NIC profiles, with the report. */
@Command(name = "study",
        header = "Redo Lumina's section 6: Figs. 8-11 on the NIC profiles, or recovery on Linux TCP.",
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
                "",
                "With --target linux, the same kind of study on the Linux kernel's TCP between two network",
                "namespaces (needs root): one connection sends 20 segments and waits for an answer, with",
                "each congestion control (reno, cubic, bbr by default) and each scenario:",
                "  baseline             no event",
                "  loss                 the 5th segment dropped once",
                "  lost-retransmission  the 5th segment dropped, then its retransmission",
                "  tail-loss            the last segment dropped",
                "  ack-loss             the acknowledgements of the first flight (10) dropped",
                "--repetitions times each; it measures the completion time against the baseline, how and",
                "when the loss was recovered (fast retransmit, RACK, TLP, RTO) and the sender's longest stall.",
                "Writes study.json, report.html and runs/SCENARIO-CC-N/ (each run's trace.pcapng,",
                "result.json, analysis.json); --json writes study.json's content too (- for stdout), and",
                "--report FILE a copy of report.html.",
                "",
                "Progress goes to stderr. Exit code 1 when a measurement differs from its profile, or on",
                "Linux when a run fails a verdict or does not deliver its message."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde inject study --out study",
                "  sonde inject study --profiles cx4lx-like,neutral --seed 7 --out study-cx4",
                "  sonde inject study --profiles cx6dx-like --quick --out ci --json - | jq .findings",
                "  sonde inject study --target linux --out tcp-study",
                "  sonde inject study --target linux --congestion-controls cubic,bbr --repetitions 5 --out tcp-study"
        })
final class StudyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--target", paramLabel = "TARGET", converter = TargetOption.class,
            description = "linux for the study of the kernel's TCP; the simulated NICs otherwise (chosen with --profiles).")
    TargetSpec target;

    @Option(names = "--profiles", paramLabel = "A,B", split = ",",
            description = "NIC profiles to study, comma-separated. Default: neutral, cx4lx-like, cx5-like, cx6dx-like, e810-like.")
    List<String> profiles;

    @Option(names = "--congestion-controls", paramLabel = "A,B", split = ",",
            description = "With --target linux: the congestion controls to study, comma-separated. Default: reno, cubic, bbr.")
    List<String> congestionControls;

    @Option(names = "--repetitions", paramLabel = "N",
            description = "With --target linux: runs of each scenario and congestion control. Default: 3 (1 with --quick).")
    Integer repetitions;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of every run (QPNs, initial PSNs, latencies). Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Output directory (created; files in it are replaced).")
    Path out;

    /** study.json's content. */
    @Mixin
    OutputOptions.Json json;

    /** A copy of DIR/report.html. */
    @Mixin
    OutputOptions.Report report;

    @Option(names = "--quick", description = "A reduced study for CI: PSNs 0, 50, 98 and i = 0, 12 only; on Linux one repetition.")
    boolean quick;

    @Override
    public Integer call() {
        json.checkWritable();
        report.checkWritable();
        if (target instanceof TargetSpec.Linux) return linux();
        if (congestionControls != null || repetitions != null) {
            throw new UsageException("--congestion-controls and --repetitions are options of the Linux study", "add --target linux");
        }
        if (target instanceof TargetSpec.SimTcp) {
            throw new UsageException("--target sim-tcp: the study measures the kernel (--target linux) or the NIC profiles",
                    "compare a scenario on the model and the kernel with sonde inject diff");
        }
        if (target instanceof TargetSpec.Simulated s) {
            throw new UsageException("--target " + s + ": the NIC study runs on every profile given with --profiles", "give --profiles " + s.profile()
                    + ", or --target linux for the TCP study");
        }
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
        report.copyFrom(out.resolve("report.html"));
        json.write(StudyJson.toJson(result));
        PrintWriter o = json.text();
        long failed = result.findings().stream().filter(f -> !f.pass()).count();
        o.printf("study of %s (seed %d): %d runs in %.1f s; %d of %d findings match their profile%n", String.join(", ", chosen), seed,
                plan.runCount(), result.wallSeconds(), result.findings().size() - failed, result.findings().size());
        for (Finding f : result.findings()) {
            if (!f.pass()) o.printf("  FAIL %s, %s: expected %s, measured %s%n", f.profile(), f.behaviour(), f.expected(), f.measured());
        }
        o.printf("  wrote %s and %s%n", out.resolve("study.json"), out.resolve("report.html"));
        o.flush();
        return result.pass() ? 0 : 1;
    }

    private Integer linux() {
        if (profiles != null) throw new UsageException("--profiles names simulated NICs; the Linux study varies --congestion-controls", null);
        List<String> ccs = congestionControls == null || congestionControls.isEmpty() ? TcpStudyPlan.CONGESTION_CONTROLS
                : congestionControls.stream().map(String::strip).distinct().toList();
        TcpStudyPlan base = quick ? TcpStudyPlan.quick(ccs, seed) : TcpStudyPlan.full(ccs, seed);
        TcpStudyPlan plan = repetitions == null ? base : new TcpStudyPlan(ccs, base.scenarios(), repetitions, seed);
        PrintWriter err = spec.commandLine().getErr();
        int[] done = {0};
        long t0 = System.nanoTime();
        TcpStudyResult result;
        try (OutputDirectory dir = OutputDirectory.create(out, "--out")) {
            result = TcpStudy.run(plan, dir.path().resolve("runs"), step -> {
                err.printf("[%d/%d %.1f s] %s%n", ++done[0], plan.runCount(), (System.nanoTime() - t0) / 1e9, step);
                err.flush();
            });
            TcpStudyJson.write(result, dir.path().resolve("study.json"));
            TcpStudyReport.of(result, ReportMeta.version()).writeTo(dir.path().resolve("report.html"));
            dir.commit();
        }
        report.copyFrom(out.resolve("report.html"));
        json.write(TcpStudyJson.toJson(result));
        PrintWriter o = json.text();
        TcpStudySummary.lines(result).forEach(o::println);
        o.printf("  wrote %s and %s%n", out.resolve("study.json"), out.resolve("report.html"));
        o.flush();
        return result.pass() ? 0 : 1;
    }
}
