package org.sonde.inject.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.sonde.inject.Injection;
import org.sonde.inject.analyze.Analysis;
import org.sonde.inject.analyze.AnalysisOptions;
import org.sonde.inject.analyze.CounterResult;
import org.sonde.inject.analyze.LossLatency;
import org.sonde.inject.analyze.NicModel;
import org.sonde.inject.analyze.Recovery;
import org.sonde.inject.analyze.TraceAnalyzer;
import org.sonde.inject.config.RoceParameters;
import org.sonde.inject.config.Traffic;
import org.sonde.inject.mirror.TraceDecoder;
import org.sonde.inject.testbed.GeneratorReport;
import org.sonde.inject.testbed.InjectionResult;
import org.sonde.inject.testbed.TargetSpec;

/**
 * Runs a genome on the target and collects what the score needs (Algorithm 1, lines 6–7): the
 * injection test, every analyzer over its trace, and the innocent QPs' completion times against a
 * baseline run of the same traffic and seed without events.
 */
final class Evaluator {
    /** A scored run: the test that ran and what it measured. */
    record Evaluation(Genome.Test test, RunOutcome outcome, Path runDir) {}

    private final TargetSpec.Simulated target;
    private final AnalysisOptions options;
    private final Path workDir;
    /** Baselines by traffic and seed: minimisation and repeated traffic reuse them. */
    private final Map<BaselineKey, List<GeneratorReport.Qp>> baselines = new HashMap<>();
    private int simulatorRuns;

    private record BaselineKey(Traffic traffic, long seed) {}

    Evaluator(TargetSpec.Simulated target, Path workDir) {
        this.target = target;
        this.workDir = workDir;
        NicModel nic = nicModel(target);
        this.options = AnalysisOptions.strict(nic, nic, RoceParameters.NIC_DEFAULTS.dcqcnNpEnable(), RoceParameters.NIC_DEFAULTS.slowRestart());
    }

    /** Simulator runs so far, baselines included. */
    int simulatorRuns() {
        return simulatorRuns;
    }

    Evaluation evaluate(Genome genome, String name, String comment, long seed) {
        Genome.Test test = genome.toTest(name, comment);
        Path runDir = fresh(workDir.resolve("candidate"));
        InjectionResult r = Injection.run(test.config(), target, seed, runDir);
        simulatorRuns++;
        Analysis a = TraceAnalyzer.analyze(TraceDecoder.read(r.trace()), r.metadata(), options, r.integrity(), r.counters());
        List<GeneratorReport.Qp> baseline = baselines.computeIfAbsent(new BaselineKey(genome.traffic(), seed), k -> baseline(genome, name, seed));

        Set<Integer> injected = genome.injectedQps();
        Double mct = innocentMean(r.traffic().qps(), injected), base = innocentMean(baseline, injected);
        double inflation = mct != null && base != null && mct > 0 && base > 0 ? mct / base : 1;
        CounterResult counters = a.counters();
        long mismatches = counters == null ? 0 : counters.checks().stream().filter(c -> c.status() == CounterResult.Status.MISMATCH).count();
        // the paper's NAK latencies (Fig. 8, 9); timeouts have their own term
        long maxNakLatency = a.latency().losses().stream().filter(l -> l.recovery() == Recovery.NAK)
                .mapToLong(l -> Math.max(0, l.nakGenerationNanos()) + Math.max(0, l.nakReactionNanos())).max().orElse(0);
        long innocentRetransmissions = a.gbn().qps().stream().filter(q -> !injected.contains(q.qp()))
                .mapToLong(q -> q.nakRetransmissions() + q.timeoutRetransmissions()).sum();
        RunOutcome o = new RunOutcome(r.integrity().pass(), r.traffic().complete(), r.traffic().qps().size() - injected.size(), mct, base, inflation,
                mismatches, a.gbn().reasons().size() + a.gbn().omittedReasons(),
                sum(r, counter -> counter.contains("discard")), sum(r, "local_ack_timeout_err"::equals), maxNakLatency,
                concurrentRecoveries(a.latency().losses()), innocentRetransmissions, findings(a));
        return new Evaluation(test, o, runDir);
    }

    private List<GeneratorReport.Qp> baseline(Genome genome, String name, long seed) {
        Genome.Test test = genome.withoutEvents().toTest(name + "-baseline", "");
        InjectionResult r = Injection.run(test.config(), target, seed, fresh(workDir.resolve("baseline")));
        simulatorRuns++;
        return r.traffic().qps();
    }

    private static List<String> findings(Analysis a) {
        List<String> f = new java.util.ArrayList<>();
        if (a.counters() != null) {
            for (CounterResult.Check c : a.counters().checks()) {
                if (c.status() == CounterResult.Status.MISMATCH) {
                    f.add(c.nic() + " counter " + c.counter() + ": " + c.actual() + ", the trace implies " + c.expected());
                }
            }
        }
        a.gbn().reasons().forEach(r -> f.add("go-back-N: " + r));
        return f.subList(0, Math.min(f.size(), RunOutcome.MAX_FINDINGS));
    }

    /**
     * The most NAK-recovered losses between loss and retransmission at one time (a sweep over the
     * intervals): receivers that noticed a gap and are recovering at once. Losses recovered by a
     * timeout never opened such an episode.
     */
    static int concurrentRecoveries(List<LossLatency> losses) {
        List<long[]> edges = new java.util.ArrayList<>();
        for (LossLatency l : losses) {
            if (l.recovery() != Recovery.NAK || l.retransmissionNanos() <= 0) continue;
            edges.add(new long[] {l.lostAtNanos(), 1});
            edges.add(new long[] {l.lostAtNanos() + l.retransmissionNanos(), -1});
        }
        edges.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1])); // ends before starts at a tie
        int open = 0, max = 0;
        for (long[] e : edges) max = Math.max(max, open += (int) e[1]);
        return max;
    }

    /** Mean completion time of the messages of QPs without events, null if none completed. */
    static Double innocentMean(List<GeneratorReport.Qp> qps, Set<Integer> injected) {
        long total = 0, completed = 0;
        for (GeneratorReport.Qp q : qps) {
            if (injected.contains(q.qp())) continue;
            total += q.totalCompletionNanos();
            completed += q.completed();
        }
        return completed == 0 ? null : (double) total / completed;
    }

    private static long sum(InjectionResult r, java.util.function.Predicate<String> counter) {
        long s = 0;
        for (Map<String, Long> nic : List.of(r.counters().requesterNic(), r.counters().responderNic())) {
            for (var e : nic.entrySet()) if (counter.test(e.getKey())) s += e.getValue();
        }
        return s;
    }

    /** The analyzers' NIC model for a simulated profile ({@code cx4lx-like} → CX4); the neutral NIC counts as a CX6. */
    static NicModel nicModel(TargetSpec.Simulated target) {
        String profile = target.profile();
        try {
            return NicModel.parse(profile.replaceFirst("-like$", ""));
        } catch (IllegalArgumentException e) {
            return NicModel.CX6;
        }
    }

    /** An empty directory (a previous run's files removed). */
    static Path fresh(Path dir) {
        delete(dir);
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir, e);
        }
    }

    static void delete(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }
}
