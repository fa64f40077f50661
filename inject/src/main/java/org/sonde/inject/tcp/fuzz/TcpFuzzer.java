package org.sonde.inject.tcp.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.sonde.core.AtomicFiles;
import org.sonde.core.Json;
import org.sonde.core.ScratchDirectory;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.config.EventActions;
import org.sonde.inject.fuzz.Pool;
import org.sonde.inject.tcp.TcpConnectionResult;
import org.sonde.inject.tcp.TcpEvent;
import org.sonde.inject.tcp.TcpInjection;
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTestConfigWriter;
import org.sonde.inject.tcp.analyze.TcpAnalysis;
import org.sonde.inject.tcp.analyze.TcpAnalyzer;
import org.sonde.inject.tcp.analyze.TcpAnalysis.RecoveryKind;

/**
 * Algorithm 1 of Lumina (§4) over a TCP test's events on the Linux target: a pool of random event
 * lists, each run and scored; then a member is picked, mutated (an event added, removed, moved or
 * given another action) and run, and joins the pool if it scores at least the median (else with
 * probability p); until a run is anomalous or the budget is spent. The trigger is then minimised:
 * each event is left out in turn and stays out if the run is still anomalous.
 *
 * <p>{@code outDir} receives {@code fuzz.json}, and with an anomaly {@code trigger.yaml} (the
 * minimal test) and {@code trigger-run/} (its run's trace, result and analysis). Runs go to
 * {@code work/}, removed at the end. The search's choices follow the seed; the kernel's timing does
 * not, so two campaigns with one seed may part once a score differs.
 */
public final class TcpFuzzer {
    public static final String TRIGGER_FILE = "trigger.yaml";
    static final int MINIMISATION_RUNS = 12;

    private final TcpFuzzTarget target;
    private final long seed;
    private final Path work;
    private final List<TcpFuzzRun> history = new ArrayList<>();
    private String kernel = "";

    private TcpFuzzer(TcpFuzzTarget target, long seed, Path work) {
        this.target = target;
        this.seed = seed;
        this.work = work;
    }

    private record Evaluated(TcpFuzzRun run, Path dir) {}

    /** A fuzzer that only makes candidates ({@link #random}, {@link #mutate}, {@link #test}): for tests. */
    static TcpFuzzer candidates(TcpFuzzTarget target) {
        return new TcpFuzzer(target, 0, null);
    }

    public static TcpFuzzResult run(TcpFuzzTarget target, int maxRuns, long seed, Path outDir, Consumer<TcpFuzzRun> progress) {
        if (maxRuns < 1) throw new org.sonde.core.UsageException("--runs must be at least 1, got " + maxRuns, null);
        TcpFuzzer f = new TcpFuzzer(target, seed, outDir.resolve("work"));
        long start = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        Pool<List<TcpEvent>> pool = new Pool<>(target.acceptProbability());
        Evaluated trigger = null;
        List<TcpEvent> triggerEvents = null;
        for (int n = 1; n <= maxRuns && trigger == null; n++) {
            boolean initial = n <= target.poolSize();
            List<TcpEvent> g = initial ? f.random(random) : f.mutate(pool.pick(random).genome(), random);
            Evaluated e = f.evaluate(g, n);
            progress.accept(e.run());
            if (initial) pool.seed(g, e.run().score());
            else pool.offer(g, e.run().score(), random);
            if (e.run().anomalous()) {
                trigger = e;
                triggerEvents = g;
            }
        }
        List<TcpEvent> minimal = List.of();
        Evaluated minimalRun = null;
        int spent = 0;
        if (trigger != null) {
            minimal = triggerEvents;
            minimalRun = trigger;
            for (int i = minimal.size() - 1; i >= 0 && spent < MINIMISATION_RUNS && minimal.size() > 1; i--) {
                List<TcpEvent> fewer = new ArrayList<>(minimal);
                fewer.remove(i);
                spent++;
                Evaluated e = f.evaluate(fewer, -spent);
                progress.accept(e.run());
                if (e.run().anomalous()) {
                    minimal = fewer;
                    minimalRun = e;
                }
            }
            f.writeTrigger(outDir, minimal, minimalRun);
        }
        TcpFuzzResult r = new TcpFuzzResult(f.kernel, seed, target.stallThresholdNanos(), f.history, trigger == null ? null : trigger.run(),
                minimal.stream().map(TcpFuzzer::describe).toList(), minimalRun == null ? null : minimalRun.run(), spent,
                (System.nanoTime() - start) / 1e9);
        AtomicFiles.write(outDir.resolve("fuzz.json"), out -> Json.mapper().writerWithDefaultPrettyPrinter().writeValue(out, r));
        try {
            ScratchDirectory.deleteTree(f.work);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return r;
    }

    /** The test a candidate stands for: the base traffic with these events. */
    TcpTestConfig test(List<TcpEvent> events) {
        TcpTestConfig b = target.base();
        return new TcpTestConfig(b.name(), b.traffic(), events, b.sysctls(), List.of());
    }

    private Evaluated evaluate(List<TcpEvent> events, int n) {
        Path dir = work.resolve(n > 0 ? "run-" + n : "minimise" + -n);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TcpInjection.Result r = TcpInjection.run(test(events), seed, dir);
        kernel = r.run().kernel();
        TcpFuzzRun run = judge(n, events, r.run().connections(), r.analysis(), TcpAnalyzer.longestStall(r.run().trace(), r.analysis(), 1).nanos(), target.stallThresholdNanos());
        history.add(run);
        return new Evaluated(run, dir);
    }

    /** The score and the anomaly rule of one run. */
    static TcpFuzzRun judge(int n, List<TcpEvent> events, List<TcpConnectionResult> connections, TcpAnalysis a, long stallNanos, long threshold) {
        boolean failed = connections.stream().anyMatch(c -> !c.complete());
        Long completion = failed ? null : connections.stream().mapToLong(TcpConnectionResult::durationNanos).max().orElse(0);
        int timeouts = (int) a.recoveries().stream().filter(r -> r.kind() == RecoveryKind.RTO).count()
                + (int) a.spurious().stream().filter(r -> r.kind() == RecoveryKind.RTO).count();
        int spurious = a.spurious().size();
        List<String> verdicts = new ArrayList<>();
        a.recoveries().stream().filter(r -> !r.pass()).forEach(r -> verdicts.add("seg " + r.segment() + " iter " + r.iteration() + ": " + r.reason()));
        a.ecn().stream().filter(r -> !r.pass()).forEach(r -> verdicts.add("ECN on seg " + r.segment() + ": " + r.reason()));
        verdicts.addAll(a.sack().problems());
        List<String> described = events.stream().map(TcpFuzzer::describe).toList();
        Long stall = stallNanos < 0 ? null : stallNanos; // below two data transmissions there is no gap to measure
        if (!a.integrity().pass()) {
            // the trace cannot be judged: the search learns nothing from it
            return new TcpFuzzRun(n, described, 0, completion, stall, timeouts, spurious, false,
                    "not judged, the trace is incomplete: " + a.integrity().problems().getFirst());
        }
        double score = Math.max(0, stallNanos) / 1e6 + 200.0 * timeouts + 50.0 * spurious + 1000.0 * verdicts.size();
        String why = failed ? "a connection did not complete: " + connections.stream().filter(c -> !c.complete()).findFirst().map(c -> c.error())
                .orElse("")
                : !verdicts.isEmpty() ? "a verdict failed: " + verdicts.getFirst()
                : completion >= threshold ? String.format("the connection took %.0f ms (threshold %.0f ms): %d timeouts, %d spurious retransmissions",
                        completion / 1e6, threshold / 1e6, timeouts, spurious)
                : "";
        return new TcpFuzzRun(n, described, score, completion, stall, timeouts, spurious, !why.isEmpty(), why);
    }

    // ---- candidates ------------------------------------------------------------------------------

    List<TcpEvent> random(SplittableRandom r) {
        List<TcpEvent> g = new ArrayList<>();
        int n = 1 + r.nextInt(Math.min(3, target.maxEvents()));
        while (g.size() < n) add(g, r);
        return sorted(g);
    }

    List<TcpEvent> mutate(List<TcpEvent> parent, SplittableRandom r) {
        List<TcpEvent> g = new ArrayList<>(parent);
        switch (r.nextInt(4)) {
            case 0 -> {
                if (g.size() < target.maxEvents()) {
                    add(g, r);
                } else {
                    int i = r.nextInt(g.size());
                    g.set(i, randomEvent(r));
                    dedupe(g, i);
                }
            }
            case 1 -> {
                if (g.size() > 1) g.remove(r.nextInt(g.size()));
                else add(g, r);
            }
            case 2 -> {
                int i = r.nextInt(g.size());
                TcpEvent e = g.get(i);
                g.set(i, event(e.kind(), e.index(), e.iteration(), action(e.kind(), r)));
                dedupe(g, i);
            }
            default -> {
                int i = r.nextInt(g.size());
                TcpEvent e = g.get(i);
                int limit = e.kind() == TcpEvent.Kind.SEGMENT ? target.segments() : 2 * target.segments();
                int index = Math.clamp(e.index() + r.nextInt(-3, 4), 1, limit);
                int iteration = e.kind() == TcpEvent.Kind.SEGMENT ? Math.clamp(e.iteration() + r.nextInt(-1, 2), 1, 4) : 1;
                g.set(i, event(e.kind(), index, iteration, e.action()));
                dedupe(g, i);
            }
        }
        return sorted(g);
    }

    private void add(List<TcpEvent> g, SplittableRandom r) {
        g.add(randomEvent(r));
        dedupe(g, g.size() - 1);
    }

    /** Two events on one packet: the later replaces the earlier (the injector would apply only the first). */
    private static void dedupe(List<TcpEvent> g, int kept) {
        TcpEvent k = g.get(kept);
        for (int i = g.size() - 1; i >= 0; i--) {
            TcpEvent e = g.get(i);
            if (i != kept && e.kind() == k.kind() && e.index() == k.index() && e.iteration() == k.iteration()) {
                g.remove(i);
                if (i < kept) kept--;
            }
        }
    }

    private TcpEvent randomEvent(SplittableRandom r) {
        boolean ack = r.nextInt(10) < 3;
        if (ack) return event(TcpEvent.Kind.ACK, 1 + r.nextInt(2 * target.segments()), 1, action(TcpEvent.Kind.ACK, r));
        // retransmissions are where timeouts hide: a third of the events aim at one
        int iteration = r.nextInt(3) == 0 ? 2 + r.nextInt(2) : 1;
        return event(TcpEvent.Kind.SEGMENT, 1 + r.nextInt(target.segments()), iteration, action(TcpEvent.Kind.SEGMENT, r));
    }

    private static EventAction action(TcpEvent.Kind kind, SplittableRandom r) {
        int k = r.nextInt(10);
        if (k < 5) return new EventAction.Drop();
        if (k < 7) return new EventAction.Delay((5 + r.nextInt(296)) * 1_000_000L);
        if (k < 8) return new EventAction.Reorder(1 + r.nextInt(3), 0);
        if (k < 9 || kind == TcpEvent.Kind.ACK) return new EventAction.Duplicate(1 + r.nextInt(3));
        return new EventAction.MarkEcn();
    }

    private static TcpEvent event(TcpEvent.Kind kind, int index, int iteration, EventAction action) {
        return new TcpEvent(1, kind, index, iteration, action, "fuzz");
    }

    private static List<TcpEvent> sorted(List<TcpEvent> g) {
        g.sort(Comparator.comparing(TcpEvent::kind).thenComparingInt(TcpEvent::index).thenComparingInt(TcpEvent::iteration));
        return List.copyOf(g);
    }

    static String describe(TcpEvent e) {
        return (e.kind() == TcpEvent.Kind.SEGMENT ? "seg " + e.index() + " iter " + e.iteration() : "ack " + e.index()) + ": {"
                + EventActions.yaml(e.action()) + "}";
    }

    // ---- output ----------------------------------------------------------------------------------

    private void writeTrigger(Path outDir, List<TcpEvent> minimal, Evaluated run) {
        TcpTestConfig t = test(minimal);
        String comment = "found by sonde inject fuzz --target linux --seed " + seed + ": " + run.run().why()
                + "\nrerun: sonde inject run " + TRIGGER_FILE + " --target linux --out DIR";
        AtomicFiles.writeString(outDir.resolve(TRIGGER_FILE), TcpTestConfigWriter.toYaml(new TcpTestConfig("tcp-fuzz-trigger", t.traffic(), t.events(),
                t.sysctls(), List.of()), comment));
        try {
            Files.move(run.dir(), Files.createDirectories(outDir).resolve("trigger-run"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
