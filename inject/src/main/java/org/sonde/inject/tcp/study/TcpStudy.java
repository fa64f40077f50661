package org.sonde.inject.tcp.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.sonde.inject.tcp.TcpInjection;
import org.sonde.inject.tcp.TcpRun;
import org.sonde.inject.tcp.analyze.TcpAnalysis;
import org.sonde.inject.tcp.analyze.TcpAnalyzer;

/** Runs a {@link TcpStudyPlan} on the Linux target and measures each run. */
public final class TcpStudy {
    private TcpStudy() {}

    /**
     * Every run of the plan, each in {@code workDir/SCENARIO-CC-REPETITION} (its trace, result and
     * analysis), then the medians.
     *
     * @param progress told each run's name as it starts
     */
    public static TcpStudyResult run(TcpStudyPlan plan, Path workDir, Consumer<String> progress) {
        long started = System.nanoTime();
        List<TcpStudyRun> runs = new ArrayList<>();
        String kernel = "";
        for (int rep = 1; rep <= plan.repetitions(); rep++) {
            // repetitions outermost: a disturbance of the machine spreads over every cell instead of spoiling one
            for (String cc : plan.congestionControls()) {
                for (TcpScenario s : plan.scenarios()) {
                    String name = s.word() + "-" + cc + "-" + rep;
                    progress.accept(name);
                    TcpInjection.Result r = TcpInjection.run(s.test(cc), plan.seed() + rep - 1, mkdir(workDir.resolve(name)));
                    kernel = r.run().kernel();
                    runs.add(measure(s, cc, rep, r.run(), r.analysis(), workDir.getFileName() + "/" + name));
                }
            }
        }
        return new TcpStudyResult(plan, kernel, runs, summarise(plan.congestionControls(), runs), (System.nanoTime() - started) / 1e9);
    }

    private static Path mkdir(Path dir) {
        try {
            return java.nio.file.Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** What one run shows: completion, the watched recovery, the longest stall of the sender, the verdicts. */
    static TcpStudyRun measure(TcpScenario s, String cc, int rep, TcpRun run, TcpAnalysis a, String directory) {
        TcpAnalysis.Recovery watched = a.recoveries().stream()
                .filter(r -> r.connection() == 1 && r.segment() == s.watchedSegment && r.iteration() == s.watchedIteration).findFirst().orElse(null);
        List<String> failed = new ArrayList<>();
        if (!a.integrity().pass()) failed.addAll(a.integrity().problems());
        a.recoveries().stream().filter(r -> !r.pass()).forEach(r -> failed.add("segment " + r.segment() + ": " + r.reason()));
        a.ecn().stream().filter(r -> !r.pass()).forEach(r -> failed.add("ECN: " + r.reason()));
        failed.addAll(a.sack().problems());
        run.connections().stream().filter(c -> !c.complete()).forEach(c -> failed.add("connection " + c.connection() + " did not complete"
                + (c.error() == null ? "" : ": " + c.error())));
        if (s.watchedSegment > 0 && watched == null) failed.add("the scenario's loss (segment " + s.watchedSegment + ", transmission "
                + s.watchedIteration + ") is not in the trace");
        TcpAnalysis.Stall stall = TcpAnalyzer.longestStall(run.trace(), a, 1);
        Long completion = run.connections().isEmpty() ? null : run.connections().getFirst().durationNanos();
        return new TcpStudyRun(s, cc, rep, completion, watched == null ? null : watched.kind().word(), watched == null ? null : watched.latencyNanos(),
                stall.nanos() < 0 ? null : stall.nanos(), stall.nanos() < 0 ? null : stall.endedBy(), failed.isEmpty(), failed, directory);
    }

    static List<TcpStudyResult.Summary> summarise(List<String> congestionControls, List<TcpStudyRun> runs) {
        Map<String, Long> baseline = new TreeMap<>();
        for (String cc : congestionControls) {
            baseline.put(cc, TcpStudyResult.median(runs.stream().filter(r -> r.scenario() == TcpScenario.BASELINE && r.congestionControl().equals(cc))
                    .map(TcpStudyRun::completionNanos)));
        }
        List<TcpStudyResult.Summary> out = new ArrayList<>();
        for (TcpScenario s : TcpScenario.values()) {
            for (String cc : congestionControls) {
                List<TcpStudyRun> cell = runs.stream().filter(r -> r.scenario() == s && r.congestionControl().equals(cc)).toList();
                if (cell.isEmpty()) continue;
                Long completion = TcpStudyResult.median(cell.stream().map(TcpStudyRun::completionNanos));
                Long base = baseline.get(cc);
                String kinds = cell.stream().filter(r -> r.recovery() != null)
                        .collect(Collectors.groupingBy(TcpStudyRun::recovery, TreeMap::new, Collectors.counting()))
                        .entrySet().stream().map(e -> e.getKey() + " x" + e.getValue()).collect(Collectors.joining(", "));
                out.add(new TcpStudyResult.Summary(s, cc, cell.size(), completion, base == null || completion == null ? null : completion - base, kinds,
                        TcpStudyResult.median(cell.stream().map(TcpStudyRun::recoveryNanos)),
                        TcpStudyResult.median(cell.stream().map(TcpStudyRun::stallNanos))));
            }
        }
        return out;
    }
}
