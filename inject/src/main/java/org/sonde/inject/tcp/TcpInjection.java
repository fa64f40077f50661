package org.sonde.inject.tcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.sonde.core.AtomicFiles;
import org.sonde.core.Json;
import org.sonde.inject.tcp.analyze.TcpAnalysis;
import org.sonde.inject.tcp.analyze.TcpAnalysisJson;
import org.sonde.inject.tcp.analyze.TcpAnalyzer;
import org.sonde.core.UsageException;
import org.sonde.inject.tcp.linux.LinuxTcpTarget;
import org.sonde.inject.tcp.sim.SimTcpTarget;
import org.sonde.inject.testbed.TargetSpec;
import org.sonde.sim.stats.RunStatistics;

/**
 * Runs one TCP injection test on the Linux kernel (or the simulator's model of it) and leaves in {@code outDir} the trace
 * ({@code trace.pcapng}: every packet at the injector, before its event, with the event and the
 * mirror sequence number in its comment), {@code analysis.json} (integrity and the TCP verdicts)
 * and {@code result.json} (the test, each connection's outcome, both hosts' counters, the
 * injector's processing time).
 */
public final class TcpInjection {
    public static final String TRACE_FILE = "trace.pcapng";

    /** A run and its verdicts. */
    public record Result(TcpRun run, TcpAnalysis analysis) {}

    private TcpInjection() {}

    /** Runs {@code test} on the Linux kernel. */
    public static Result run(TcpTestConfig test, long seed, Path outDir) {
        return run(test, new TargetSpec.Linux(), seed, outDir);
    }

    /**
     * Runs {@code test} on {@code target}: {@code linux} (needs root) or {@code sim-tcp}, the
     * simulator's model of it; a simulated RoCE NIC is a usage error.
     */
    public static Result run(TcpTestConfig test, TargetSpec target, long seed, Path outDir) {
        Path trace = outDir.resolve(TRACE_FILE);
        TcpRun run = switch (target) {
            case TargetSpec.Linux l -> LinuxTcpTarget.run(test, seed, trace);
            case TargetSpec.SimTcp t -> SimTcpTarget.run(test, t, seed, trace);
            case TargetSpec.Simulated s -> throw new UsageException("--target " + s + ": " + test.name()
                    + " is a TCP test (traffic.transport: tcp); the simulated NICs speak RoCE", "give --target linux or sim-tcp, or leave --target out");
        };
        TcpAnalysis analysis = TcpAnalyzer.analyze(run);
        AtomicFiles.writeString(outDir.resolve("analysis.json"), Json.text(TcpAnalysisJson.toJson(analysis)));
        AtomicFiles.writeString(outDir.resolve("result.json"), Json.text(resultJson(run, seed)));
        return new Result(run, analysis);
    }

    /** {@code NAMEMedianNanos}, {@code NAMEP99Nanos} and the count of a sample of times; null without. */
    private static void percentiles(ObjectNode o, String name, long[] sample) {
        long[] p = sample.clone();
        Arrays.sort(p);
        o.put(name + "Packets", p.length);
        if (p.length == 0) {
            o.putNull(name + "MedianNanos");
            o.putNull(name + "P99Nanos");
            return;
        }
        o.put(name + "MedianNanos", RunStatistics.percentile(p, 0.5));
        o.put(name + "P99Nanos", RunStatistics.percentile(p, 0.99));
    }

    static ObjectNode resultJson(TcpRun run, long seed) {
        ObjectNode o = Json.mapper().createObjectNode();
        o.put("test", run.test().name());
        o.put("seed", seed);
        o.put("target", run.target());
        o.put("kernel", run.kernel());
        if (!run.notes().isEmpty()) {
            ArrayNode notes = o.putArray("notes");
            run.notes().forEach(notes::add);
        }
        o.set("traffic", Json.mapper().valueToTree(run.test().traffic()));
        o.set("sysctls", Json.mapper().valueToTree(new TreeMap<>(run.test().sysctls())));
        o.put("packets", run.trace().entries().size());
        o.put("complete", run.complete());
        ArrayNode connections = o.putArray("connections");
        for (TcpConnectionResult c : run.connections()) {
            ObjectNode x = connections.addObject();
            x.put("conn", c.connection());
            x.put("clientPort", c.localPort());
            x.put("bytesSent", c.bytesSent());
            x.put("bytesReceivedByServer", c.bytesReceivedByServer());
            x.put("intact", c.intact());
            x.put("durationNanos", c.durationNanos());
            if (c.error() == null) x.putNull("error");
            else x.put("error", c.error());
        }
        ObjectNode injector = o.putObject("injector");
        percentiles(injector, "processing", run.processingNanos());
        percentiles(injector, "addedDelay", run.addedNanos());
        List<TcpTrace.Entry> e = run.trace().entries();
        long span = e.size() < 2 ? 0 : e.getLast().timeNanos() - e.getFirst().timeNanos();
        if (span > 0) injector.put("packetsPerSecond", (e.size() - 1) * 1e9 / span);
        else injector.putNull("packetsPerSecond");
        injector.put("queueDropped", run.queueDropped());
        // the cwnd evolution, one sample per change: {conn, timeNanos, caState, cwnd, ssthresh, rtoMicros, ...}
        ArrayNode states = o.putArray("clientStates");
        for (TcpStateSample x : run.clientStates()) {
            ObjectNode s = states.addObject();
            s.put("conn", x.connection());
            s.put("timeNanos", x.timeNanos());
            s.put("caState", TcpStateSample.caStateName(x.caState()));
            s.put("cwnd", x.cwnd());
            if (x.ssthresh() < 0) s.putNull("ssthresh");
            else s.put("ssthresh", x.ssthresh());
            s.put("rtoMicros", x.rtoMicros());
            s.put("rttMicros", x.rttMicros());
            s.put("unacked", x.unacked());
            s.put("retrans", x.retrans());
            s.put("backoff", x.backoff());
        }
        o.set("clientCounters", Json.mapper().valueToTree(new TreeMap<>(run.clientCounters())));
        o.set("serverCounters", Json.mapper().valueToTree(new TreeMap<>(run.serverCounters())));
        return o;
    }
}
