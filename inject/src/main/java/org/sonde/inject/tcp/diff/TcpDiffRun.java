package org.sonde.inject.tcp.diff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.core.AtomicFiles;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.Json;
import org.sonde.inject.tcp.TcpInjection;
import org.sonde.inject.tcp.TcpPacketInfo;
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.inject.tcp.analyze.TcpAnalysis;
import org.sonde.inject.tcp.analyze.TcpAnalyzer;
import org.sonde.inject.tcp.report.TcpReport;
import org.sonde.inject.testbed.TargetSpec;
import org.sonde.packet.TcpHeader;

/**
 * {@code sonde inject diff}: runs a TCP test on the Linux kernel and then on the simulator's model
 * ({@code sim-tcp}) with its links set from the kernel run's round trip, or reads two run directories,
 * compares them ({@link TcpDiff}) and writes {@code diff.json} and {@code report.html}.
 *
 * <p>The model's links: the kernel run's median handshake round trip at the injector (from the SYN
 * to the client's ACK of the SYN-ACK, which includes the injector's delay both ways) divided by four,
 * since each of the model's two links is crossed twice per round trip. The rate stays at
 * {@link TargetSpec.SimTcp#DEFAULT_RATE_BPS}: veth pairs are not the bottleneck.
 */
public final class TcpDiffRun {
    public static final String LINUX_DIR = "linux", MODEL_DIR = "sim-tcp", JSON_FILE = "diff.json", REPORT_FILE = "report.html";

    /**
     * What was compared and found.
     *
     * @param model the model's target as run (its links), or null when two directories were compared
     * @param notes what the runs could not follow of the test (the model's ignored settings)
     */
    public record Outcome(TcpDiff.Result result, TargetSpec.SimTcp model, List<String> notes) {
        public Outcome {
            notes = List.copyOf(notes);
        }
    }

    private TcpDiffRun() {}

    /** Runs {@code test} on linux (needs root), then on sim-tcp, into {@code outDir/linux} and {@code outDir/sim-tcp}, and compares them. */
    public static Outcome run(TcpTestConfig test, long seed, TcpDiff.Tolerance tolerance, Path outDir, String version) {
        TcpInjection.Result kernel = TcpInjection.run(test, new TargetSpec.Linux(), seed, mkdir(outDir.resolve(LINUX_DIR)));
        TcpReport.write(kernel.run(), kernel.analysis(), outDir.resolve(LINUX_DIR).resolve("report.html"), version);
        long rtt = medianHandshakeNanos(kernel.run().trace());
        TargetSpec.SimTcp target = rtt > 0 ? new TargetSpec.SimTcp(TargetSpec.SimTcp.DEFAULT_RATE_BPS, rtt / 4) : new TargetSpec.SimTcp();
        TcpInjection.Result model = TcpInjection.run(test, target, seed, mkdir(outDir.resolve(MODEL_DIR)));
        TcpReport.write(model.run(), model.analysis(), outDir.resolve(MODEL_DIR).resolve("report.html"), version);
        TcpDiff.Result r = TcpDiff.compare(TcpDiff.Side.of(kernel), TcpDiff.Side.of(model), tolerance);
        Outcome o = new Outcome(r, target, model.run().notes());
        write(o, test.name(), outDir, version);
        return o;
    }

    /** Compares two run directories of {@code sonde inject run} (trace.pcapng, result.json, analysis.json). */
    public static Outcome compareRuns(Path left, Path right, TcpDiff.Tolerance tolerance, Path outDir, String version) {
        Loaded a = load(left), b = load(right);
        TcpDiff.Result r = TcpDiff.compare(a.side, b.side, tolerance);
        List<String> notes = new ArrayList<>(a.notes);
        notes.addAll(b.notes);
        Outcome o = new Outcome(r, null, notes);
        write(o, a.test.equals(b.test) ? a.test : a.test + " / " + b.test, outDir, version);
        return o;
    }

    private static void write(Outcome o, String test, Path outDir, String version) {
        AtomicFiles.writeString(outDir.resolve(JSON_FILE), Json.text(TcpDiffJson.toJson(test, o)));
        TcpDiffReport.write(test, o, outDir.resolve(REPORT_FILE), version);
    }

    /** The median over connections of the handshake's round trip at the injector: SYN to the client's first ACK; 0 without one. */
    public static long medianHandshakeNanos(TcpTrace trace) {
        Map<Integer, long[]> byConnection = new TreeMap<>();
        for (TcpTrace.Entry e : trace.entries()) {
            TcpPacketInfo p = e.info();
            if (p.connection() == 0 || !p.fromClient()) continue;
            long[] t = byConnection.computeIfAbsent(p.connection(), c -> new long[] {-1, -1});
            if (p.has(TcpHeader.FLAG_SYN) && t[0] < 0) t[0] = e.timeNanos();
            else if (t[0] >= 0 && t[1] < 0 && p.has(TcpHeader.FLAG_ACK)) t[1] = e.timeNanos();
        }
        long[] rtts = byConnection.values().stream().filter(t -> t[0] >= 0 && t[1] >= 0).mapToLong(t -> t[1] - t[0]).sorted().toArray();
        return rtts.length == 0 ? 0 : rtts[(rtts.length - 1) / 2];
    }

    private record Loaded(TcpDiff.Side side, String test, List<String> notes) {}

    private static Loaded load(Path dir) {
        Path resultFile = dir.resolve("result.json"), analysisFile = dir.resolve("analysis.json");
        JsonNode result = readJson(resultFile), analysis = readJson(analysisFile);
        TcpTrace trace = TcpTrace.read(dir.resolve(TcpInjection.TRACE_FILE));
        String recovery = result.path("sysctls").path("tcp_recovery").asText(null);
        // the client's loss-probe count tells a lone tail's late probe from a timeout, as in the run itself
        JsonNode probes = result.path("clientCounters").path("TcpExtTCPLossProbes");
        TcpAnalysis verdicts = TcpAnalyzer.analyze(trace, TcpAnalyzer.rack(recovery, result.path("kernel").asText(null)), probes.isIntegralNumber() ? probes.asLong() : -1);
        // the counters are not kept apart from result.json: the integrity is the run's own verdict
        JsonNode integrity = analysis.path("integrity");
        if (!integrity.path("pass").isBoolean()) throw new BadInputException(analysisFile.toString(), "integrity.pass", "missing: not a TCP run's analysis.json");
        List<String> problems = new ArrayList<>();
        integrity.path("problems").forEach(p -> problems.add(p.asText()));
        verdicts = verdicts.withIntegrity(new TcpAnalysis.Integrity(integrity.get("pass").asBoolean(), Map.of(), problems));
        Map<Integer, Boolean> delivered = new TreeMap<>();
        for (JsonNode c : result.path("connections")) delivered.put(c.path("conn").asInt(), c.path("intact").asBoolean() && c.path("error").isNull());
        String target = result.path("target").asText(dir.getFileName().toString());
        List<String> notes = new ArrayList<>();
        result.path("notes").forEach(n -> notes.add(target + ": " + n.asText()));
        Map<String, Long> counters = new TreeMap<>();
        result.path("clientCounters").properties().forEach(e -> {
            if (e.getValue().isIntegralNumber()) counters.put(e.getKey(), e.getValue().asLong());
        });
        return new Loaded(new TcpDiff.Side(target, trace, verdicts, delivered, counters), result.path("test").asText("?"), notes);
    }

    private static JsonNode readJson(Path file) {
        try {
            return Json.mapper().readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw Json.badInput(file.toString(), e, "give a directory written by sonde inject run for a TCP test");
        } catch (IOException e) {
            throw new BadInputException(file.toString(), null, "cannot read it (" + e.getMessage() + "): give a directory written by sonde inject run for a TCP test");
        }
    }

    private static Path mkdir(Path p) {
        try {
            return Files.createDirectories(p);
        } catch (IOException e) {
            throw new EnvironmentException("cannot create " + p + ": " + e.getMessage(), "check that the output directory is writable", e);
        }
    }
}
