// Run by bench/inject-fuzz.sh (single-file source program on the inject module's class path).
// Prints one JSON object: Fig. 11 single-run wall times and fuzzing campaigns per seed.
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.Json;
import org.sonde.inject.Injection;
import org.sonde.inject.analyze.AnalysisOptions;
import org.sonde.inject.analyze.NicModel;
import org.sonde.inject.analyze.TraceAnalyzer;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.TestConfigLoader;
import org.sonde.inject.fuzz.FuzzBudget;
import org.sonde.inject.fuzz.FuzzResult;
import org.sonde.inject.fuzz.FuzzTarget;
import org.sonde.inject.fuzz.Fuzzer;
import org.sonde.inject.fuzz.ProgressListener;
import org.sonde.inject.mirror.TraceDecoder;
import org.sonde.inject.testbed.InjectionResult;
import org.sonde.inject.testbed.TargetSpec;

public class FuzzBench {
    /** Fig. 11: 36 QPs each READ ten 20 KB messages; the 5th response packet of every message dropped on the first {@code dropping} QPs. */
    static TestConfig figure11(int dropping) {
        StringBuilder y = new StringBuilder("index-convention: lumina-code\ntraffic: {rdma-verb: read, num-qps: 36, num-msgs-per-qp: 10, "
                + "message-size: 20480, mtu: 1024, data-pkt-events: [");
        for (int q = 0; q < dropping; q++) y.append(q == 0 ? "" : ", ").append("{qpn: ").append(q).append(", psn: 4, type: drop}");
        return TestConfigLoader.parse(y.append("]}\n").toString(), "fig11", "fig11-" + dropping);
    }

    public static void main(String[] args) throws Exception {
        int repeats = Integer.parseInt(args[0]), seeds = Integer.parseInt(args[1]), budget = Integer.parseInt(args[2]);
        Path tmp = Files.createTempDirectory("fuzz-bench");
        Map<String, Object> out = new LinkedHashMap<>();
        List<Map<String, Object>> runs = new ArrayList<>();
        for (long rate : new long[] {100_000_000_000L, 40_000_000_000L}) {
            for (int dropping : new int[] {0, 8, 12}) {
                TargetSpec.Simulated target = new TargetSpec.Simulated("cx4lx-like", rate, TargetSpec.Simulated.DEFAULT_DELAY_NANOS);
                TestConfig c = figure11(dropping);
                double[] runMs = new double[repeats], analyzeMs = new double[repeats];
                double innocentUs = 0;
                long discards = 0;
                for (int i = 0; i < repeats; i++) {
                    long t0 = System.nanoTime();
                    InjectionResult r = Injection.run(c, target, 1, tmp.resolve("run"));
                    long t1 = System.nanoTime();
                    TraceAnalyzer.analyze(TraceDecoder.read(r.trace()), r.metadata(), AnalysisOptions.strict(NicModel.CX4, NicModel.CX4, true, true),
                            r.integrity(), r.counters());
                    long t2 = System.nanoTime();
                    runMs[i] = (t1 - t0) / 1e6;
                    analyzeMs[i] = (t2 - t1) / 1e6;
                    long total = 0, n = 0;
                    for (var q : r.traffic().qps()) if (q.qp() >= dropping) { total += q.totalCompletionNanos(); n += q.completed(); }
                    innocentUs = total / 1e3 / n;
                    discards = r.counters().requesterNic().getOrDefault("rx_discards_phy", 0L);
                }
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("gbps", rate / 1_000_000_000L);
                m.put("dropping", dropping);
                m.put("firstRunMs", runMs[0]);
                m.put("medianRunMs", median(Arrays.copyOfRange(runMs, 1, repeats)));
                m.put("medianAnalyzeMs", median(Arrays.copyOfRange(analyzeMs, 1, repeats)));
                m.put("innocentMctUs", innocentUs);
                m.put("rxDiscardsPhy", discards);
                runs.add(m);
            }
        }
        out.put("figure11", runs);
        List<Map<String, Object>> campaigns = new ArrayList<>();
        for (String profile : List.of("cx4lx-like", "neutral")) {
            int n = profile.equals("neutral") ? Math.min(seeds, 4) : seeds;
            for (long seed = 1; seed <= n; seed++) {
                long t0 = System.nanoTime();
                FuzzResult r = Fuzzer.run(FuzzTarget.noisyNeighbour(), TargetSpec.parse("sim:" + profile).simulated(), FuzzBudget.runs(budget), seed,
                        tmp.resolve("fuzz-" + profile + "-" + seed), ProgressListener.NONE);
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("profile", profile);
                m.put("seed", seed);
                m.put("found", r.anomalyFound());
                m.put("runs", r.runs());
                m.put("simulatorRuns", r.simulatorRuns());
                m.put("wallMs", (System.nanoTime() - t0) / 1e6);
                m.put("maxInflation", r.history().stream().mapToDouble(i -> i.outcome().innocentMctInflation()).max().orElse(0));
                m.put("trigger", r.trigger() == null ? null : r.trigger().summary());
                campaigns.add(m);
            }
        }
        out.put("campaigns", campaigns);
        System.out.println(Json.mapper().writeValueAsString(out));
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
