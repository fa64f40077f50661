package org.sonde.inject.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.sonde.core.AtomicFiles;
import org.sonde.core.Json;
import org.sonde.core.config.Units;
import org.sonde.inject.config.EventIntent;
import org.sonde.inject.config.RdmaVerb;
import org.sonde.inject.config.Traffic;
import org.sonde.inject.testbed.TargetSpec;

/**
 * Lumina's genetic fuzzing (paper §4, Algorithm 1):
 *
 * <pre>
 * Γ ← poolSize random valid configs, each run and scored
 * repeat
 *   γ ← a random member of Γ;  γ* ← mutate(γ)
 *   run γ* (and, for innocent completion times, the same traffic without events)
 *   Δ ← Σ wᵢ·sᵢ;  add γ* to Γ if Δ ≥ median(Γ), else with probability p
 * until a run meets the anomaly rule, or the budget is spent
 * </pre>
 *
 * The search is a function of the seed: the search's random choices and the simulator seed come
 * from two streams split off it. Found anomalies are minimised (fewer QPs, messages and events while
 * still anomalous) within {@link #MINIMISATION_RUNS} extra runs.
 *
 * <p>{@code outDir} receives {@code fuzz.json} (the result), and when an anomaly was found
 * {@code trigger.yaml} (the test that triggers it) and {@code trigger-run/} (that run's captures,
 * trace and result.json). Intermediate runs go to {@code work/}, removed at the end.
 */
public final class Fuzzer {
    /** The minimised trigger, in the output directory. */
    public static final String TRIGGER_FILE = "trigger.yaml";
    /** Extra runs allowed for shrinking a found trigger. */
    public static final int MINIMISATION_RUNS = 16;

    private final FuzzTarget target;
    private final TargetSpec.Simulated spec;
    private final long seed;
    private final Path outDir;
    private final ProgressListener listener;
    private final Evaluator evaluator;
    private final Mutator mutator;
    private final List<FuzzIteration> history = new ArrayList<>();

    private Fuzzer(FuzzTarget target, TargetSpec.Simulated spec, long seed, Path outDir, ProgressListener listener) {
        this.target = target;
        this.spec = spec;
        this.seed = seed;
        this.outDir = outDir;
        this.listener = listener;
        this.evaluator = new Evaluator(spec, outDir.resolve("work"));
        this.mutator = new Mutator(target);
    }

    public static FuzzResult run(FuzzTarget target, TargetSpec.Simulated spec, FuzzBudget budget, long seed, Path outDir, ProgressListener listener) {
        return new Fuzzer(target, spec, seed, outDir, listener).search(budget);
    }

    private FuzzResult search(FuzzBudget budget) {
        long start = System.nanoTime();
        SplittableRandom search = new SplittableRandom(seed);
        // one simulator seed for the campaign: configs that differ only in their events then share
        // the baseline run (cached by traffic and seed), about a fifth of the campaign's runs
        long simSeed = search.split().nextLong();
        Pool<Genome> pool = new Pool<>(target.acceptProbability());
        Evaluator.Evaluation found = null;
        FuzzIteration trigger = null;
        int runs = 0;
        while (runs < budget.maxRuns() && System.nanoTime() - start < budget.maxWallTime().toNanos()) {
            runs++;
            boolean initial = runs <= target.poolSize();
            Genome g = initial ? mutator.random(search) : mutator.mutate(pool.pick(search).genome(), search);
            Evaluator.Evaluation e = evaluator.evaluate(g, "fuzz-" + runs, header(runs, simSeed), simSeed);
            Score score = Score.of(e.outcome(), target.weights());
            Double median = initial ? null : pool.median();
            boolean accepted;
            if (initial) {
                pool.seed(g, score.total());
                accepted = true;
            } else {
                accepted = pool.offer(g, score.total(), search);
            }
            FuzzIteration it = record(runs, initial ? FuzzIteration.Phase.INITIAL : FuzzIteration.Phase.MUTANT, simSeed, g, score, e.outcome(),
                    median, accepted, pool.size());
            if (it.anomaly()) {
                found = e;
                trigger = it;
                keepTriggerRun(e);
                break;
            }
        }
        if (found != null) {
            var shrunk = minimise(found, trigger);
            found = shrunk.evaluation();
            trigger = shrunk.iteration();
        }
        Evaluator.delete(outDir.resolve("work"));
        String triggerFile = null;
        if (found != null) {
            triggerFile = TRIGGER_FILE;
            AtomicFiles.writeString(outDir.resolve(triggerFile), found.test().yaml());
        }
        FuzzResult result = new FuzzResult(target.name(), target.objective(), seed, found != null, runs, evaluator.simulatorRuns(),
                (System.nanoTime() - start) / 1_000_000, trigger, found == null ? null : found.test().yaml(), triggerFile, history);
        AtomicFiles.write(outDir.resolve("fuzz.json"), out -> Json.mapper().writeValue(out, result));
        return result;
    }

    private record Shrunk(Evaluator.Evaluation evaluation, FuzzIteration iteration) {}

    /**
     * Greedy shrinking with the trigger's simulator seed: each step proposes a smaller config (an
     * injected QP's events removed, the last innocent QP removed, a message fewer, an extra event
     * removed) and keeps it if the anomaly still shows.
     */
    private Shrunk minimise(Evaluator.Evaluation found, FuzzIteration trigger) {
        Genome best = genomeOf(found);
        Shrunk current = new Shrunk(found, trigger);
        int attempts = 0;
        boolean progress = true;
        while (progress && attempts < MINIMISATION_RUNS) {
            progress = false;
            for (Genome smaller : Minimiser.smaller(best, target)) {
                if (attempts++ >= MINIMISATION_RUNS) break;
                String name = "fuzz-" + trigger.run() + "-min" + attempts;
                Evaluator.Evaluation e = evaluator.evaluate(smaller, name, header(trigger.run(), trigger.simSeed()), trigger.simSeed());
                Score score = Score.of(e.outcome(), target.weights());
                FuzzIteration it = record(trigger.run(), FuzzIteration.Phase.MINIMISATION, trigger.simSeed(), smaller, score, e.outcome(),
                        null, false, 0);
                if (it.anomaly()) {
                    best = smaller;
                    current = new Shrunk(e, it);
                    keepTriggerRun(e);
                    progress = true;
                    break;
                }
            }
        }
        return current;
    }

    private Genome genomeOf(Evaluator.Evaluation e) {
        return new Genome(e.test().config().traffic(), e.test().config().events());
    }

    private FuzzIteration record(int run, FuzzIteration.Phase phase, long simSeed, Genome g, Score score, RunOutcome outcome, Double median,
                                 boolean accepted, int poolSize) {
        FuzzIteration it = new FuzzIteration(run, phase, simSeed, summary(g), score, outcome, median, accepted, poolSize, target.anomaly().holds(outcome));
        history.add(it);
        listener.onIteration(it);
        return it;
    }

    /** Moves the anomalous run's files out of the work directory before the next run reuses it. */
    private void keepTriggerRun(Evaluator.Evaluation e) {
        Path dest = outDir.resolve("trigger-run");
        Evaluator.delete(dest);
        try {
            Files.move(e.runDir(), dest, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException x) {
            throw new UncheckedIOException("cannot keep the triggering run in " + dest, x);
        }
    }

    private String header(int run, long simSeed) {
        String links = spec.linkRateBps() == TargetSpec.Simulated.DEFAULT_RATE_BPS
                && spec.linkDelayNanos() == TargetSpec.Simulated.DEFAULT_DELAY_NANOS ? ""
                : " with " + spec.linkRateBps() / 1e9 + " Gb/s, " + Units.formatNanos(spec.linkDelayNanos()) + " links";
        return "Found by sonde's fuzzer (target " + target.name() + ", fuzz seed " + seed + ", run " + run + ") on " + describe(spec) + links + ".\n"
                + "Rerun: sonde inject run trigger.yaml --target " + describe(spec) + " --seed=" + simSeed;
    }

    private static String describe(TargetSpec.Simulated spec) {
        return spec.toString();
    }

    /** e.g. "read 36 QPs (12 injected), 10 × 20480 B, mtu 1024, tx-depth 1, 12 events: drop×12". */
    static String summary(Genome g) {
        Traffic t = g.traffic();
        StringBuilder s = new StringBuilder(t.verb().name().toLowerCase(java.util.Locale.ROOT));
        if (t.verb() == RdmaVerb.SEND_READ) s.append(' ').append(t.sendQps()).append(" send +");
        s.append(' ').append(t.numQps()).append(" QPs (").append(g.injectedQps().size()).append(" injected), ")
                .append(t.messagesPerQp()).append(" × ").append(t.messageSizeBytes()).append(" B, mtu ").append(t.mtu())
                .append(", tx-depth ").append(t.txDepth()).append(", ").append(g.events().size()).append(" events");
        var byType = new java.util.TreeMap<String, Integer>();
        for (EventIntent e : g.events()) byType.merge(e.action().event().name().toLowerCase(java.util.Locale.ROOT), 1, Integer::sum);
        String sep = ": ";
        for (var e : byType.entrySet()) {
            s.append(sep).append(e.getKey()).append('×').append(e.getValue());
            sep = ", ";
        }
        return s.toString();
    }
}
