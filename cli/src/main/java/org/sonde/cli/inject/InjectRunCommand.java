package org.sonde.cli.inject;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.ReportMeta;
import org.sonde.core.OutputDirectory;
import org.sonde.core.UsageException;
import org.sonde.core.config.YamlTree;
import org.sonde.inject.Injection;
import org.sonde.inject.analyze.AnalysisJson;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.TestConfigLoader;
import org.sonde.inject.report.AnalysisSummary;
import org.sonde.inject.report.InjectReport;
import org.sonde.inject.testbed.InjectionResult;
import org.sonde.inject.tcp.TcpInjection;
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTestConfigLoader;
import org.sonde.inject.tcp.analyze.TcpAnalysisJson;
import org.sonde.inject.tcp.report.TcpSummary;
import org.sonde.inject.tcp.report.TcpReport;
import org.sonde.inject.testbed.TargetSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sonde inject run}: one test on a target. */
@Command(name = "run",
        header = "Run an injection test (simulated RoCE NIC or Linux TCP) and analyse its trace.",
        mixinStandardHelpOptions = true,
        description = {
                "Runs an injection test (Lumina's YAML: traffic with num-qps, rdma-verb, num-msgs-per-qp,",
                "message-size, mtu, tx-depth, data-pkt-events ...; roce-parameters; see examples/inject/README.md)",
                "on a target and writes into DIR:",
                "  trace.pcap       the reconstructed trace: every packet the injector saw, before any drop,",
                "                   with the event in the TTL, the mirror sequence number in the source MAC and",
                "                   the nanosecond switch timestamp in the destination MAC (Lumina section 3.4)",
                "  dumpers/*.pcap   what each traffic dumper wrote (trimmed, in mirror order)",
                "  metadata.yaml    the QPs at run time and the counters, for `sonde inject analyze`",
                "  result.json      metadata, match-action entries, counters, integrity, traffic outcome",
                "  analysis.json    integrity, go-back-N verdict and reasons, retransmission latency (NAK",
                "                   generation, NAK reaction, timeouts), CNPs, counters against the trace,",
                "                   message completion times",
                "  report.html      the QPs' packets over time with drops, ECN marks, NAKs and CNPs, the",
                "                   latency breakdown, verdicts with reasons, CNP gaps, counters",
                "The same test, target and seed give byte-identical files.",
                "",
                "A TCP test (traffic.transport: tcp, with num-connections, num-msgs-per-connection,",
                "message-size, response-size, congestion-control, data-pkt-events {conn, seg, iter, type},",
                "ctrl-pkt-events {conn, ack, type}, and linux: sysctls) runs on --target linux: two network",
                "namespaces joined through a third whose netfilter queue drops, delays, marks, corrupts or",
                "rewrites the chosen segments between the real stacks (needs root, iptables and",
                "libnetfilter-queue1; nothing outside the namespaces is touched); or on --target sim-tcp:",
                "the simulator's Linux-like TCP through a simulated middle box with the same classifier and",
                "events (10 Gb/s links of 25 us; the settings it does not model are printed as notes).",
                "It writes into DIR:",
                "  trace.pcapng     every packet at the injector before its event, the event and mirror",
                "                   sequence number in each packet's comment (tshark/Wireshark read it)",
                "  result.json      each connection's outcome, both hosts' counters, the injector's delay",
                "  analysis.json    integrity against the counters; per lost segment how it was recovered",
                "                   (fast retransmit, RACK, TLP, RTO with backoff); ECN echo and CWR; SACK honesty",
                "  report.html      the connections' packets over time with the events and verdicts",
                "",
                "Exit code 1 when the trace is incomplete, a connection failed or a check fails (the reasons",
                "are printed and in analysis.json)."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde inject run examples/inject/listing2.yaml --out listing2",
                "  sonde inject run examples/inject/read-drop.yaml --target sim:e810-like --seed 7 --out read",
                "  sonde inject run examples/inject/tcp-listing2.yaml --target linux --out tcp",
                "  sonde inject run examples/inject/tcp-listing2.yaml --target sim-tcp --out tcp-model"
        })
final class InjectRunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TEST.yaml", description = "The test file.")
    Path test;

    @Option(names = "--target", paramLabel = "TARGET", converter = TargetOption.class,
            description = "sim:PROFILE, the simulated testbed with a NIC profile (neutral, cx4lx-like, cx5-like, cx6dx-like,"
                    + " e810-like), for RoCE tests; linux, the kernel's TCP between network namespaces, or sim-tcp, the simulator's"
                    + " Linux-like TCP, for TCP tests."
                    + " Default: sim:neutral for RoCE tests, linux for TCP tests.")
    TargetSpec target;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of the QP numbers, initial PSNs and every other random choice. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Output directory (created; files in it are replaced).")
    Path out;

    /** The analysis (analysis.json in DIR). */
    @Mixin
    OutputOptions.Json json;

    /** A copy of DIR/report.html. */
    @Mixin
    OutputOptions.Report report;

    @Option(names = "--no-report", description = "Do not write report.html (e.g. in batch runs, or for traces too large to plot).")
    boolean noReport;

    @Override
    public Integer call() {
        report.checkNotWith(noReport);
        json.checkWritable();
        report.checkWritable();
        YamlTree tree = YamlTree.read(test, "test file", "give the path of a test, e.g. examples/inject/listing2.yaml");
        String name = test.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        return TcpTestConfigLoader.isTcp(tree) ? runTcp(TcpTestConfigLoader.read(tree, name)) : runRoce(TestConfigLoader.read(tree, name));
    }

    private Integer runTcp(TcpTestConfig tcp) {
        if (target instanceof TargetSpec.Simulated) {
            throw new UsageException("--target " + target + ": " + test + " is a TCP test (traffic.transport: tcp); the simulated NICs speak RoCE",
                    "give --target linux or sim-tcp, or leave --target out");
        }
        TargetSpec target = this.target == null ? new TargetSpec.Linux() : this.target;
        long t0 = System.nanoTime();
        TcpInjection.Result r;
        try (OutputDirectory dir = OutputDirectory.create(out, "--out")) {
            r = TcpInjection.run(tcp, target, seed, dir.path());
            if (!noReport) TcpReport.write(r.run(), r.analysis(), dir.path().resolve("report.html"), ReportMeta.version());
            dir.commit();
        }
        if (!noReport) report.copyFrom(out.resolve("report.html"));
        double seconds = (System.nanoTime() - t0) / 1e9;
        PrintWriter o = json.text();
        o.printf("%s on %s (kernel %s, seed %d): %d connections, %d packets, %.2f s%n", tcp.name(), r.run().target(), r.run().kernel(), seed,
                r.run().connections().size(), r.run().trace().entries().size(), seconds);
        r.run().notes().forEach(n -> o.println("  note        " + n));
        TcpSummary.lines(r.run(), r.analysis()).forEach(o::println);
        o.printf("  wrote %s, %s, %s%s%n", out.resolve(TcpInjection.TRACE_FILE), out.resolve("result.json"), out.resolve("analysis.json"),
                noReport ? "" : " and " + out.resolve("report.html"));
        o.flush();
        if (json.requested()) json.writeValue(TcpAnalysisJson.toJson(r.analysis()));
        return r.analysis().pass() && r.run().complete() ? 0 : 1;
    }

    private Integer runRoce(TestConfig config) {
        TargetSpec.Simulated target = this.target == null ? new TargetSpec.Simulated("neutral") : this.target.simulated();
        IgnoredSettings.warn(this.spec.commandLine().getErr(), test, config.ignoredSettings());
        long t0 = System.nanoTime();
        InjectionResult r;
        try (OutputDirectory dir = OutputDirectory.create(out, "--out")) {
            r = Injection.run(config, target, seed, dir.path());
            if (!noReport) InjectReport.write(config.name(), r, dir.path().resolve("report.html"), ReportMeta.version());
            dir.commit();
        }
        if (!noReport) report.copyFrom(out.resolve("report.html"));
        double seconds = (System.nanoTime() - t0) / 1e9;
        PrintWriter o = json.text();
        o.printf("%s on %s (seed %d): %d QPs, %d messages completed%s, %.2f s%n", config.name(), target, seed, r.metadata().qps().size(),
                r.traffic().messagesCompleted(), r.traffic().complete() ? "" : ", " + r.traffic().messagesNotCompleted() + " not completed", seconds);
        AnalysisSummary.lines(r.analysis()).forEach(o::println);
        o.printf("  wrote %s, %s, %s%s%n", out.resolve(r.trace().getFileName()), out.resolve(Injection.METADATA_FILE), out.resolve("analysis.json"),
                noReport ? "" : " and " + out.resolve("report.html"));
        o.flush();
        if (json.requested()) json.writeValue(AnalysisJson.toJson(r.analysis()));
        return r.analysis().pass() && r.traffic().complete() ? 0 : 1;
    }
}
