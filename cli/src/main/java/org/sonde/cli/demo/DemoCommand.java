package org.sonde.cli.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.sonde.capture.CaptureFormatException;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.cli.ByteSize;
import org.sonde.cli.OutputOptions;
import org.sonde.cli.ReportMeta;
import org.sonde.capture.inspect.InspectReport;
import org.sonde.capture.inspect.Inspection;
import org.sonde.packet.synth.ScriptedTraffic;
import org.sonde.packet.synth.SyntheticRoceTraffic;
import org.sonde.core.AtomicFiles;
import org.sonde.core.InputFiles;
import org.sonde.core.EnvironmentException;
import org.sonde.core.Json;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Examples;
import org.sonde.report.HtmlReport;
import org.sonde.report.Section;
import org.sonde.report.Table;
import org.sonde.report.Verdict;
import org.sonde.verify.report.CheckJson;
import org.sonde.verify.report.VerifyReport;
import org.sonde.atpg.Phases;
import org.sonde.atpg.report.AtpgReport;
import org.sonde.atpg.Cover;
import org.sonde.atpg.Emulator;
import org.sonde.atpg.Fault;
import org.sonde.atpg.Localizer;
import org.sonde.atpg.SelectOptions;
import org.sonde.atpg.Selector;
import org.sonde.atpg.Suite;
import org.sonde.atpg.SuiteFiles;
import org.sonde.sim.report.SimReport;
import org.sonde.core.config.Units;
import org.sonde.sim.scenario.ScenarioLoader;
import org.sonde.sim.scenario.Transports;
import org.sonde.sim.stats.RunStatistics;
import org.sonde.verify.check.Check;
import org.sonde.verify.gen.DcnGenerator;
import org.sonde.verify.gen.FaultPlan;
import org.sonde.verify.gen.GeneratedNetwork;
import org.sonde.verify.run.LocalBackend;
import org.sonde.verify.run.VerificationResult;
import org.sonde.verify.run.VerifyProgress;
import org.sonde.verify.snapshot.SnapshotText;
import org.sonde.inject.report.InjectReport;
import org.sonde.inject.Injection;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.TestConfigLoader;
import org.sonde.inject.testbed.InjectionResult;
import org.sonde.inject.testbed.TargetSpec;
import org.sonde.probe.localize.Method;
import org.sonde.probe.report.ProbeReport;
import org.sonde.probe.sim.Simulation;
import org.sonde.probe.sim.SimulationOptions;
import org.sonde.probe.sim.SimulationResult;
import org.sonde.probe.topology.Generators;
import org.sonde.probe.topology.Topology;
import org.sonde.search.SearchOptions;
import org.sonde.search.SearchResult;
import org.sonde.search.SearchTarget;
import org.sonde.search.report.SearchReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code sonde demo}: a tour of what Sonde does end to end, on built-in data, ending with an HTML
 * report. Each capability adds its step here as it arrives.
 */
@Command(name = "demo",
        header = "Run Sonde end to end on built-in data and write an HTML report (a minute at most).",
        mixinStandardHelpOptions = true,
        description = {
                "Synthesize RoCEv2 and everyday TCP/IP captures, write them as pcap and pcapng, read them back,",
                "dissect and verify every packet, cross-check with Wireshark's tshark when it is installed, show",
                "how a damaged capture is reported, run test packet generation (ATPG) with fault localisation",
                "on the three-switch network of the ATPG dissertation, and verify the forwarding tables of a",
                "generated data center with planted loops, a black hole and a waypoint bypass (Libra), simulate a",
                "DCTCP incast twice with identical results and an HTML report, run a short dperf-class load",
                "test on loopback (Sonde's client against Sonde's server), and inject the Lumina paper's",
                "Listing 2 into a simulated spec-following NIC and a CX5 model, with the analyzers' verdicts,",
                "plan probes for a fat-tree and localise simulated lossy links with them (NetSonar), and search",
                "a simulated RDMA NIC for performance anomalies and their minimal triggers (Collie)."
        })
public final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "sonde-out/demo",
            description = "Directory for the captures and the report (default ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of every random choice (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--roce-size", paramLabel = "BYTES", defaultValue = "64M",
            converter = ByteSize.class,
            description = "Size of the synthesized RoCEv2 WRITE capture (default ${DEFAULT-VALUE}).")
    long roceBytes;

    /** report.json's content. */
    @Mixin
    OutputOptions.Json json;

    /** A copy of DIR/report.html. */
    @Mixin
    OutputOptions.Report report;

    private final List<Step> steps = new ArrayList<>();

    /** What one step did, for the report and the JSON; {@code report}: its own report, relative to the demo's directory, or null. */
    record Step(String capability, String name, boolean ok, String result, double seconds, String report) {}

    private static final String CAPTURES = "Captures", ATPG = "Test packet generation (ATPG)", LIBRA = "Forwarding verification (Libra)",
            SIM = "Simulation", LOAD = "Load generation (dperf)", INJECT = "Event injection (Lumina)", NETSONAR = "Probe planning (NetSonar)",
            COLLIE = "Anomaly search (Collie)";

    @Override
    public Integer call() throws IOException {
        PrintWriter o = json.text();
        json.checkWritable();
        this.report.checkWritable();
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new EnvironmentException("cannot create --out " + out + ": " + InputFiles.describe(e), "choose a directory in a writable place");
        }
        HtmlReport report = HtmlReport.titled("Sonde demo")
                .subtitle("what Sonde does end to end, on built-in data")
                .meta("command", ReportMeta.command(spec))
                .meta("sonde", ReportMeta.version())
                .meta("seed", seed);
        Section overview = report.section("Overview");
        Map<String, Object> demoJson = new LinkedHashMap<>();

        o.println("Sonde demo — captures and report in " + out.toAbsolutePath());

        // 1. RoCEv2 traffic, written as pcapng and as pcap
        Path roceNg = out.resolve("roce-write.pcapng");
        Path rocePcap = out.resolve("roce-read.pcap");
        long target = roceBytes;
        step(o, CAPTURES, null, "Synthesize RoCEv2 WRITE traffic (8 QPs, 64 KiB messages, MTU 1024, losses, ECN marks) as pcapng", () -> {
            var t = synth(roceNg, SyntheticRoceTraffic.Verb.WRITE, target, true);
            return String.format("%,d packets, %,d bytes -> %s", t.packets(), t.bytes(), roceNg.getFileName());
        });
        step(o, CAPTURES, null, "Synthesize RoCEv2 READ traffic (4 KiB MTU) as pcap with nanosecond timestamps", () -> {
            var t = synth(rocePcap, SyntheticRoceTraffic.Verb.READ, target / 8, false);
            return String.format("%,d packets, %,d bytes -> %s", t.packets(), t.bytes(), rocePcap.getFileName());
        });

        // 2. everyday traffic
        Path mixed = out.resolve("tcp-ip.pcapng");
        step(o, CAPTURES, null, "Script a TCP connection with one loss and SACK recovery, ICMP, VLAN, IPv6 and VXLAN as pcapng", () -> {
            List<ScriptedTraffic.Frame> frames = ScriptedTraffic.frames(seed);
            try (CaptureWriter w = CaptureWriter.pcapng(mixed, LinkTypes.ETHERNET, 65535)) {
                int i = 0;
                for (ScriptedTraffic.Frame f : frames) {
                    w.write(0, f.timeNanos(), f.bytes(), 0, f.bytes().length, f.bytes().length,
                            i++ == 0 ? "first packet of the scripted TCP connection" : null);
                }
            }
            return frames.size() + " packets -> " + mixed.getFileName();
        });

        // 3. read back, dissect, verify
        Map<String, Inspection> inspections = new LinkedHashMap<>();
        for (Path capture : List.of(roceNg, rocePcap, mixed)) {
            String own = "pcap/" + capture.getFileName() + ".html";
            step(o, CAPTURES, own, "Read and dissect " + capture.getFileName() + ", verifying checksums and ICRCs", () -> {
                Inspection inspection;
                try (CaptureReader r = CaptureReader.open(capture)) {
                    inspection = Inspection.of(r);
                }
                inspections.put(capture.getFileName().toString(), inspection);
                Files.createDirectories(out.resolve("pcap"));
                InspectReport.write(out.resolve(own), capture.getFileName().toString(), inspection, ReportMeta.command(spec), ReportMeta.version());
                var t = inspection.totals();
                if (!t.allGood()) {
                    throw new StepFailed(t.malformed() + " malformed, " + t.getBadIpv4Checksums() + " bad IPv4, "
                            + t.getBadL4Checksums() + " bad L4 checksums, " + t.getBadIcrcs() + " bad ICRCs");
                }
                return String.format("%,d packets, protocols %s, all checksums and ICRCs good",
                        t.getPackets(), String.join(", ", t.getProtocols().keySet()));
            });
        }

        // 4. Wireshark's opinion of the same files
        var tshark = org.sonde.cli.interop.Tshark.find();
        for (Path capture : List.of(roceNg, rocePcap, mixed)) {
            step(o, CAPTURES, null, "Cross-check " + capture.getFileName() + " with Wireshark's tshark", () -> {
                if (tshark.isEmpty()) return "skipped: tshark is not installed (" + org.sonde.cli.interop.Tshark.INSTALL_HINT + ")";
                WiresharkCrossCheck.Outcome outcome = WiresharkCrossCheck.run(tshark.get(), capture);
                if (!outcome.agrees()) throw new StepFailed("disagreement: " + outcome.firstDisagreement());
                return String.format("tshark agrees on all %,d packets (%,d values: opcodes, QPs, PSNs, TCP seq/ack, "
                        + "checksum verdicts)", outcome.packets(), outcome.valuesCompared());
            });
        }

        // 5. a damaged capture is reported, not half-read silently
        Path damaged = out.resolve("damaged.pcap");
        step(o, CAPTURES, null, "Cut " + rocePcap.getFileName() + " in the middle of a record and read it", () -> {
            long size = Files.size(rocePcap);
            Files.copy(rocePcap, damaged, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            try (FileChannel ch = FileChannel.open(damaged, StandardOpenOption.WRITE)) {
                ch.truncate(size - 100);
            }
            try (CaptureReader r = CaptureReader.open(damaged)) {
                while (r.next()) {
                    // read to the damage
                }
            } catch (CaptureFormatException e) {
                return "reported: " + e.getMessage();
            }
            throw new StepFailed("the truncated capture was read without an error");
        });

        // 6. test packet generation on the dissertation's three-switch network
        step(o, ATPG, "atpg/report.html", "ATPG on the three-switch example: rule-cover suite, a dropped rule emulated, then localised", () -> {
            Path dir = out.resolve("atpg");
            Path network = dir.resolve("three-switch.json");
            NetworkJson.write(Examples.threeSwitch(), network);
            ModelSource source = new ModelSource("json", network.toString());
            ModelSource.Loaded loaded = source.load();
            Phases phases = Phases.quiet();
            Suite suite = Selector.select(loaded.model(), SelectOptions.of(loaded.terminals(), Cover.RULES).withSeed(seed), phases);
            SuiteFiles.write(dir.resolve("suite"), source, loaded.model().network(), suite, phases.seconds());
            AtpgReport.suite(loaded.model().network(), "three-switch.json", suite, phases.seconds(), ReportMeta.command(spec), ReportMeta.version())
                    .writeTo(dir.resolve("report.html"));
            String victim = suite.tests().getFirst().rules().getFirst();
            List<Emulator.Result> results = Emulator.run(loaded.model(), suite,
                    List.of(Fault.parse("demo", "rule:" + victim + ":drop")), 0);
            List<String> suspects = Localizer.localize(Localizer.observations(suite, results),
                    loaded.model(), suite).suspects();
            long failed = results.stream().filter(r -> !r.pass()).count();
            String result = String.format("%d regular + %d reserved packets cover %d/%d rules; dropping %s fails %d tests; suspects %s",
                    suite.summary().regularPackets(), suite.summary().reservedPackets(), suite.summary().coveredRules(),
                    suite.summary().reachableRules(), victim, failed, String.join(", ", suspects));
            if (suite.summary().coverage() < 1 || !suspects.contains(victim)) throw new StepFailed(result);
            return result;
        });

        // 7. forwarding verification (Libra) on a small generated data center with planted faults
        step(o, LIBRA, "verify/report.html", "Libra on a generated 300-switch data center: planted loops, black hole and waypoint bypass found, nothing else", () -> {
            GeneratedNetwork g = new DcnGenerator(seed, 300).generate(new FaultPlan(2, 1, 1));
            SnapshotText.write(g.snapshot(), out.resolve("verify"));
            AtomicFiles.writeString(out.resolve("verify").resolve("truth.json"), g.truthJson());
            VerificationResult r = new LocalBackend().verify(g.snapshot(),
                    EnumSet.of(Check.LOOPS, Check.BLACKHOLES, Check.WAYPOINTS), VerifyProgress.NONE);
            double total = r.times().totalSeconds();
            VerifyReport.check("verify", r, 0, total, ReportMeta.command(spec), ReportMeta.version(), CheckJson.of("verify", null, r, 0, total))
                    .writeTo(out.resolve("verify").resolve("report.html"));
            List<String> found = r.violations().stream().map(v -> v.type().word() + " " + v.subnet() + " " + v.switches()).sorted().toList();
            List<String> planted = g.planted().stream().map(p -> p.type().word() + " " + p.subnet() + " " + p.switches()).sorted().toList();
            String result = String.format("%s; %d violations found of %d planted in %.2f s (map %.3f, shuffle %.3f, reduce %.3f)",
                    g.snapshot(), r.violations().size(), planted.size(), r.times().totalSeconds(), r.times().mapSeconds(),
                    r.times().shuffleSeconds(), r.times().reduceSeconds());
            if (!found.equals(planted)) throw new StepFailed(result + ": found " + found + ", planted " + planted);
            return result;
        });

        // 8. a deterministic simulation with its own report
        step(o, SIM, "sim/report.html", "Simulate a DCTCP incast (16 senders x 64 KB, ECN at 65 KB) twice: identical statistics, no timeout", () -> {
            Path dir = Files.createDirectories(out.resolve("sim"));
            Path scenario = dir.resolve("scenario.yaml");
            try (var in = DemoCommand.class.getResourceAsStream("sim-dctcp-incast.yaml")) {
                Files.write(scenario, in.readAllBytes());
            }
            long t0 = System.nanoTime();
            ScenarioLoader.Loaded first = new ScenarioLoader(scenario, Transports.builtIn(), dir).load(seed);
            RunStatistics r = first.simulation().run(first.durationNanos(), null);
            double seconds = (System.nanoTime() - t0) / 1e9;
            ScenarioLoader.Loaded second = new ScenarioLoader(scenario, Transports.builtIn(), dir).load(seed);
            String again = Json.text(second.simulation().run(second.durationNanos(), null).toJson());
            String stats = Json.text(r.toJson());
            AtomicFiles.writeString(dir.resolve("stats.json"), stats + "\n");
            SimReport.of(r, first.description(), seed, seconds, ReportMeta.version()).writeTo(dir.resolve("report.html"));
            long timeouts = 0;
            for (var h : r.toJson().get("hosts")) if (h.has("tcp")) timeouts += h.get("tcp").path("TcpExtTCPTimeouts").asLong();
            long[] fct = r.completionTimes();
            String result = String.format("%d flows, FCT p50 %s, max %s, %d timeouts, %,d events; report %s", fct.length,
                    Units.formatNanos(RunStatistics.percentile(fct, 0.5)), Units.formatNanos(fct[fct.length - 1]), timeouts, r.events(),
                    dir.resolve("report.html"));
            if (r.unfinished() > 0 || timeouts > 0 || !stats.equals(again)) throw new StepFailed(result + (stats.equals(again) ? "" : "; reruns differ"));
            return result;
        });

        // 9. a short load test on loopback (dperf-class): Sonde's server, then its client in cc and cps modes
        step(o, LOAD, "load/keepalive.html", "Load test on loopback: 16 keepalive connections for 2 s, then 500 new connections/s for 1 s", () -> {
            LoadDemo.Outcome outcome = LoadDemo.run(out.resolve("load"));
            if (!outcome.ok()) throw new StepFailed(outcome.summary());
            return outcome.summary();
        });

        // 10. event injection (Lumina): the paper's Listing 2 on a spec-following NIC and on a CX5 model
        step(o, INJECT, "inject/neutral/report.html", "Inject Lumina's Listing 2 (ECN on QP 1's 4th packet, drop QP 2's 5th and its retransmission) on sim:neutral and sim:cx5-like", () -> {
            TestConfig test;
            try (var in = DemoCommand.class.getResourceAsStream("inject-listing2.yaml")) {
                test = TestConfigLoader.parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8), "listing2.yaml", "listing2");
            }
            Path neutralDir = out.resolve("inject/neutral");
            InjectionResult neutral = Injection.run(test, TargetSpec.parse("sim:neutral").simulated(), seed, neutralDir);
            InjectReport.write(test.name(), neutral, neutralDir.resolve("report.html"), ReportMeta.version());
            InjectionResult cx5 = Injection.run(test, TargetSpec.parse("sim:cx5-like").simulated(), seed, out.resolve("inject/cx5-like"));
            long[] neutralTimeouts = neutral.analysis().latency().timeouts();
            long[] cx5Timeouts = cx5.analysis().latency().timeouts();
            String result = String.format("neutral: %s, timeout %s; cx5-like: retransmits after %s, earlier than the configured %s (%s); report %s",
                    neutral.analysis().pass() ? "every check passes" : "checks FAIL",
                    neutralTimeouts.length == 1 ? Units.formatNanos(neutralTimeouts[0]) : "none",
                    cx5Timeouts.length == 1 ? Units.formatNanos(cx5Timeouts[0]) : "never", Units.formatNanos(4096L << 14),
                    cx5.analysis().gbn().pass() ? "not flagged" : "flagged by the go-back-N check", neutralDir.resolve("report.html"));
            boolean cx5Flagged = !cx5.analysis().gbn().pass() && cx5.analysis().gbn().reasons().getFirst().what().contains("minimum retransmit timeout");
            if (!neutral.integrity().pass() || !cx5.integrity().pass() || !neutral.analysis().pass() || !cx5Flagged) throw new StepFailed(result);
            return result;
        });

        // 11. probe planning and localisation (NetSonar) in the embedded simulation
        step(o, NETSONAR, "probe/report.html", "NetSonar on a k=4 fat-tree: MSC-2 probe plan, 200 seeded trials of one link losing 5 %, localised by four methods", () -> {
            Topology fat = Generators.fatTree(4);
            SimulationResult r = Simulation.run(fat, SimulationOptions.defaults(seed).withTrials(200));
            Path html = out.resolve("probe").resolve("report.html");
            Files.createDirectories(html.getParent());
            ProbeReport.simulate(r, ReportMeta.command(spec)).writeTo(html);
            SimulationResult.Accuracy a = r.main(), voting = r.accuracy().get(Method.VOTING);
            String result = String.format("%d pairs, %d probes per round cover %.0f %% of the links; culprit first in %.1f %% of trials,"
                    + " within the top 3 in %.1f %% (007's voting: %.1f %%); report %s",
                    r.pairs(), r.probesPerRound(), 100 * r.coverage(), 100 * a.top1(), 100 * a.top3(), 100 * voting.top3(), html);
            // MSC-2 makes every link's failure stand out among a few: the culprit is within the top 3 nearly always
            if (r.coverage() < 1 || a.top3() < 0.95) throw new StepFailed(result);
            return result;
        });

        // 12. anomaly search (Collie) on the simulated RDMA subsystem
        step(o, COLLIE, "search/report.html", "Collie on the simulated f-like RDMA subsystem: annealing on diagnostic counters with MFSs,"
                + " two hours of the subsystem's clock", () -> {
            SearchResult r = SearchTarget.parse("sim:f-like").search(SearchOptions.defaults(org.sonde.search.Method.COLLIE, 2, seed), line -> { });
            Path html = out.resolve("search").resolve("report.html");
            Files.createDirectories(html.getParent());
            SearchReport.of(r, ReportMeta.version()).writeTo(html);
            long withMfs = r.anomalies().stream().filter(f -> f.mfs() != null).count();
            String result = String.format("%d experiments in %.1f simulated hours (%.2f s wall): %d anomalies, %d with their minimal feature set"
                    + " (first at %.2f h); report %s", r.experiments() + r.mfsExperiments(), r.usedHours(), r.wallSeconds(), r.anomalies().size(),
                    withMfs, r.anomalies().isEmpty() ? Double.NaN : r.anomalies().getFirst().foundAtHours(), html);
            // the f-like profile's anomalies are dense: two simulated hours meet at least one, and its MFS
            if (withMfs == 0) throw new StepFailed(result);
            return result;
        });

        boolean allOk = steps.stream().allMatch(Step::ok);
        overview.verdict(allOk ? Verdict.OK : Verdict.FAILURE, allOk ? "Every step did what it should."
                : "Some steps failed: " + String.join(", ", steps.stream().filter(x -> !x.ok()).map(Step::capability).distinct().toList()) + ".");
        Table table = Table.of("capability", "steps passed", "seconds");
        Map<String, List<Step>> byCapability = new LinkedHashMap<>();
        for (Step s : steps) byCapability.computeIfAbsent(s.capability(), k -> new ArrayList<>()).add(s);
        byCapability.forEach((capability, own) -> table.row(capability, own.stream().filter(Step::ok).count() + " of " + own.size(),
                Math.round(own.stream().mapToDouble(Step::seconds).sum() * 100) / 100.0));
        overview.table(table);
        // a section per capability: what its steps did, and a link to each report a step wrote
        byCapability.forEach((capability, own) -> {
            Section section = report.section(capability);
            boolean ok = own.stream().allMatch(Step::ok);
            section.verdict(ok ? Verdict.OK : Verdict.FAILURE, own.stream().filter(x -> !x.ok()).map(x -> x.name() + ": " + x.result())
                    .findFirst().orElse(own.size() == 1 ? own.getFirst().result() : "Every step did what it should."));
            Table t = Table.of("step", "result", "seconds");
            for (Step x : own) t.row((x.ok() ? "✓ " : "✗ ") + x.name(), x.result(), Math.round(x.seconds() * 100) / 100.0);
            section.table(t);
            for (Step x : own) if (x.report() != null) section.link("Report: " + x.report(), x.report());
        });

        demoJson.put("steps", steps);
        Map<String, Object> totals = new LinkedHashMap<>();
        inspections.forEach((name, inspection) -> totals.put(name, inspection.totals()));
        demoJson.put("captures", totals);
        Path jsonPath = out.resolve("report.json");
        AtomicFiles.write(jsonPath, w -> Json.mapper().writeValue(w, demoJson));
        Path html = out.resolve("report.html");
        report.attachJson(demoJson).writeTo(html);
        json.copyOf(jsonPath);
        this.report.copyFrom(html);

        o.println();
        o.println((allOk ? "All steps passed." : "Some steps FAILED.") + " JSON: " + jsonPath.toAbsolutePath());
        o.println("Report: " + html.toAbsolutePath());
        return allOk ? 0 : 1;
    }

    private SyntheticRoceTraffic synth(Path file, SyntheticRoceTraffic.Verb verb, long bytes, boolean pcapng) {
        int mtu = verb == SyntheticRoceTraffic.Verb.READ ? 4096 : 1024;
        var traffic = new SyntheticRoceTraffic(new SyntheticRoceTraffic.Settings(seed, 8, verb, 65536, mtu,
                0.0005, 0.005, 100));
        try (CaptureWriter w = pcapng ? CaptureWriter.pcapng(file, LinkTypes.ETHERNET, 65535)
                : CaptureWriter.pcap(file, LinkTypes.ETHERNET, 65535, TimestampResolution.NANOS)) {
            traffic.run(bytes, (timeNanos, frame) -> w.write(timeNanos, frame, 0, frame.length));
        }
        return traffic;
    }

    /** A step's own verdict that it did not do what it should. */
    private static final class StepFailed extends RuntimeException {
        StepFailed(String message) {
            super(message);
        }
    }

    @FunctionalInterface
    private interface Body {
        String run() throws IOException;
    }

    /**
     * Runs one step of {@code capability}, prints its outcome; a failed step is recorded and the tour goes
     * on. {@code report}: the report the step writes, relative to the demo's directory, or null.
     */
    private void step(PrintWriter o, String capability, String report, String name, Body body) {
        o.printf("[%d] %s ... ", steps.size() + 1, name);
        o.flush();
        long start = System.nanoTime();
        String result;
        boolean ok;
        try {
            result = body.run();
            ok = true;
        } catch (StepFailed e) {
            result = e.getMessage();
            ok = false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        steps.add(new Step(capability, name, ok, result, seconds, report != null && Files.isRegularFile(out.resolve(report)) ? report : null));
        o.printf("%s (%.2f s)%n    %s%n", ok ? "ok" : "FAILED", seconds, result);
        o.flush();
    }
}
