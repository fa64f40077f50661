package org.sonde.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.sonde.search.engine.WorkloadEngine;
import org.sonde.search.mfs.FeatureSet;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Move;
import org.sonde.search.space.Point;
import org.sonde.search.space.Step;
import org.sonde.search.space.Workload;
import org.sonde.search.space.WorkloadSpace;

/**
 * One anomaly search on a target within a budget of the target's clock (Algorithm 1).
 *
 * <p>Annealing follows the paper, not its public code: a mutant is measured before the walk moves;
 * with A the current point's counter and B the mutant's, ΔE = (B−A)/A for the performance counter
 * (minimised) and (A−B)/B for a diagnostic one (maximised); a lower energy is always accepted, a
 * higher one with probability exp(−ΔE/T); T falls by {@code cooling} every
 * {@code iterationsPerTemperature} experiments and starts again at the floor. With MFS, an anomaly
 * gets its MFS and the walk restarts from a random point; mutants and restarts inside a known MFS
 * are skipped without running. An MFS test of a point an MFS test already ran (the same bound
 * reached twice, an earlier MFS's probe) reuses that verdict instead of running again. Diagnostic counters are ranked by std/mean over
 * {@code rankingPoints} random points and optimised in that order, each for an equal share of
 * the remaining budget. Beyond the paper, a mutation that lowered the energy clearly is repeated one
 * more grid step in the same direction with probability {@code repeatShare} (still one dimension
 * at a time), until it stops helping: the walk follows a counter's slope instead of redrawing
 * among dozens of dimensions every time. Also beyond the paper, with {@code screen} > 0 a step
 * draws that many mutants, passes over those inside a known MFS and measures the one a Gaussian process of the
 * counter over the last search experiments (BO's surrogate) rates best by an upper confidence bound:
 * one mutation in dozens of dimensions rarely moves the counter, and measuring each one spends the
 * budget on those that do not (the walk stays local and one dimension at a time; only the choice
 * among its mutants is informed).
 *
 * <p>One search serves every workload space: the {@link Subject} gives the space, runs and judges
 * a point, and builds an MFS in the space's features.
 *
 * <p>The search sees only the engine's counters. {@code truth}, when given, names the simulated
 * mechanisms behind an anomaly for the result's evaluation fields and is never read by the search.
 */
final class Search<P extends Workload> {
    private static final int MAX_SKIPS = 500;
    /** Search experiments a surrogate needs before it screens mutants. */
    private static final int SURROGATE_MIN = 5;
    /**
     * The screening surrogate's upper confidence bound: mean + κ sd, a smaller κ than BO's 2.576 as
     * the candidates are one mutation from a measured point (on f-like, 10 seeds: κ 1 found 8.2
     * mechanisms per seed, 0.5 6.5, 1.5 7.9, 2.576 6.9 with 32 mutants against 7.7 with κ 1).
     */
    private static final double SCREEN_KAPPA = 1.0;
    /** A relative energy drop that counts as a step worth repeating (above the counters' noise). */
    private static final double IMPROVEMENT = 0.05;
    private Step<P> improving;
    private P improvingFrom;

    private final Subject<P> subject;
    private final Function<P, List<String>> truth;
    private final SearchOptions o;
    private final WorkloadSpace<P> space;
    private final SplittableRandom rng;
    private final double budgetSeconds;
    private double clockSeconds;
    private int experiments, mfsExperiments, skipped;
    private final List<FeatureSet> known = new ArrayList<>();
    /**
     * The verdict of every MFS test so far: a test of a point already tested reuses it (an
     * experiment saved). Search experiments stay out, so an MFS whose simplified point is the
     * anomaly's own still runs it again to confirm it (a fluke has no MFS).
     */
    private final Map<P, Optional<Symptom>> verdicts = new HashMap<>();
    private final List<Found> found = new ArrayList<>();
    /** Every search experiment, in order: the surrogates learn from the last {@value #BO_WINDOW}. */
    private final List<Measured<P>> history = new ArrayList<>();
    private final Map<String, Double> firstHit = new LinkedHashMap<>();
    private final List<String> counterOrder = new ArrayList<>();
    /** For methods without MFS: anomalies already reported, by dominant mechanism or point. */
    private final java.util.Set<Object> reported = new java.util.HashSet<>();

    /** Hears every search experiment (not MFS ones) before it runs, with the MFSs known then. */
    private java.util.function.BiConsumer<P, List<FeatureSet>> observer = (p, k) -> {};

    Search(Subject<P> subject, Function<P, List<String>> truth, SearchOptions options) {
        this.subject = subject;
        this.space = subject.space();
        this.truth = truth == null ? p -> List.of() : truth;
        this.o = options;
        this.rng = new SplittableRandom(options.seed());
        this.budgetSeconds = options.budgetHours() * 3600;
    }

    /** A search on an RDMA engine (simulated or remote), with the paper's monitor. */
    static Search<Point> rdma(WorkloadEngine engine, Function<Point, List<String>> truth, SearchOptions options) {
        return new Search<>(new RdmaSubject(engine), truth, options);
    }

    private record Measured<P>(P point, Subject.Outcome outcome) {
        Optional<Symptom> verdict() {
            return outcome.verdict();
        }
    }

    private boolean timeLeft() {
        return clockSeconds < budgetSeconds;
    }

    public SearchResult run() {
        long t0 = System.nanoTime();
        switch (o.method()) {
            case RANDOM -> random();
            case WALK -> walk();
            case BO -> bayesian();
            default -> anneal();
        }
        return new SearchResult(subject.name(), o.method(), o.seed(), o.budgetHours(), o.screen(), Math.min(clockSeconds, budgetSeconds) / 3600, experiments,
                mfsExperiments, skipped, counterOrder, found, firstHit, (System.nanoTime() - t0) / 1e9);
    }

    /** Sets the observer of search experiments (tests check that none lies inside a known MFS). */
    Search<P> observe(java.util.function.BiConsumer<P, List<FeatureSet>> o) {
        this.observer = o;
        return this;
    }

    /** A search experiment: run, judge, record; an anomaly is handled (MFS or report) before returning. */
    private Measured<P> measure(P p) {
        observer.accept(p, List.copyOf(known));
        Subject.Outcome out = subject.run(p);
        clockSeconds += out.seconds();
        experiments++;
        Optional<Symptom> v = out.verdict();
        if (v.isPresent()) anomaly(p, v.get());
        Measured<P> m = new Measured<>(p, out);
        history.add(m);
        return m;
    }

    private void anomaly(P p, Symptom s) {
        // the budget ran out while this experiment ran: what it saw comes after the search (and no MFS is built past it)
        if (clockSeconds > budgetSeconds) return;
        double at = clockSeconds / 3600;
        List<String> ids = truth.apply(p);
        if (!ids.isEmpty()) firstHit.putIfAbsent(ids.get(0), at);
        if (o.method().mfs()) {
            Optional<? extends FeatureSet> mfs = subject.minimalFeatureSet(p, s, q -> {
                Optional<Symptom> seen = verdicts.get(q);
                if (seen != null) return seen;
                Subject.Outcome r = subject.run(q);
                clockSeconds += r.seconds();
                mfsExperiments++;
                verdicts.put(q, r.verdict());
                return r.verdict();
            }, o.bisectSteps());
            mfs.ifPresent(known::add);
            found.add(new Found(s, at, p, mfs.orElse(null), ids, mfs.map(m -> subject.perftest(m, p)).orElse(null)));
        } else {
            Object key = ids.isEmpty() ? p : ids.get(0) + "/" + s;
            if (reported.add(key)) found.add(new Found(s, at, p, null, ids, null));
        }
    }

    private boolean covered(P p) {
        for (FeatureSet m : known) if (m.matches(p)) return true;
        return false;
    }

    private P randomPoint() {
        for (int k = 0; k < MAX_SKIPS; k++) {
            P p = space.random(rng);
            if (!covered(p)) return p;
            skipped++;
        }
        return space.random(rng);
    }

    private Move move() {
        return rng.nextDouble() < o.neighbourShare() ? Move.NEIGHBOUR : Move.JUMP;
    }

    private void random() {
        while (timeLeft()) measure(randomPoint());
    }

    private void walk() {
        P cur = space.random(rng);
        while (timeLeft()) {
            cur = space.mutate(cur, rng, move()).point();
            measure(cur);
        }
    }

    /** The counters to optimise, in order (-1: the performance counter), after measuring {@code start}'s points. */
    private List<Integer> counters(List<Measured<P>> start) {
        List<Integer> counters = new ArrayList<>();
        if (o.method().diagnostic()) {
            for (int k = 0; k < o.rankingPoints() && timeLeft(); k++) start.add(measure(randomPoint()));
            counters.addAll(rank(start));
            for (int k : counters) counterOrder.add(subject.diagnosticCounters().get(k));
        } else {
            counters.add(-1);
            start.add(measure(randomPoint()));
        }
        return counters;
    }

    private void anneal() {
        List<Measured<P>> start = new ArrayList<>();
        List<Integer> counters = counters(start);
        Measured<P> cur = start.get(start.size() - 1);
        double sliceEnd = clockSeconds;
        double slice = (budgetSeconds - clockSeconds) / counters.size();
        for (int counter : counters) {
            sliceEnd += slice;
            double t = o.startTemperature();
            int iter = 0;
            while (timeLeft() && clockSeconds < sliceEnd) {
                Step<P> next = propose(cur.point(), counter);
                Measured<P> n = next == null ? measure(randomPoint()) : measure(next.point());
                if (n.verdict().isPresent() && o.method().mfs()) {
                    // a new anomaly: its MFS is known now; start again elsewhere
                    improving = null;
                    if (timeLeft()) cur = measure(randomPoint());
                } else {
                    double a = signal(cur, counter), b = signal(n, counter);
                    double dE = counter < 0 ? (b - a) / a : (a - b) / Math.max(b, 1e-9);
                    if (next != null) {
                        // remember a step that clearly helped, to take it again; forget it once it stops helping
                        if (dE < -IMPROVEMENT) {
                            improving = next;
                            improvingFrom = cur.point();
                        } else if (improving != null && next.dimension().equals(improving.dimension())) {
                            improving = null;
                        }
                    }
                    if (dE < 0 || rng.nextDouble() < Math.exp(-dE / t)) cur = n;
                }
                if (++iter % o.iterationsPerTemperature() == 0) {
                    t *= o.cooling();
                    if (t < o.minTemperature()) t = o.startTemperature();
                }
            }
        }
    }

    /**
     * The mutant of {@code cur} to measure next, or null when {@value #MAX_SKIPS} draws all fell
     * inside known MFSs (without MFS nothing is passed over). Without screening, the first one drawn
     * outside them; with it, the best by the surrogate of {@code counter} among {@code screen} drawn,
     * those inside a known MFS passed over: beside a known region fewer are left to rate and the pick
     * is less greedy (on f-like, 30 seeds: 7.9 mechanisms per seed, against 7.5 rating 128 outside).
     */
    private Step<P> propose(P cur, int counter) {
        GaussianProcess gp = o.screen() > 0 && history.size() >= SURROGATE_MIN ? surrogate(window(), counter) : null;
        int wanted = gp == null ? 1 : o.screen();
        Step<P> pick = null;
        double pickScore = Double.NEGATIVE_INFINITY;
        for (int k = 0, drawn = 0; k < MAX_SKIPS && (drawn < wanted || pick == null); k++) {
            Step<P> m = null;
            if (improving != null && rng.nextDouble() < o.repeatShare()) m = space.repeat(cur, improving, improvingFrom).orElse(null);
            if (m == null) m = space.mutate(cur, rng, move());
            drawn++;
            if (o.method().mfs() && covered(m.point())) {
                skipped++;
                continue;
            }
            double score = gp == null ? 0 : gp.ucb(space.features(m.point()), SCREEN_KAPPA);
            if (pick == null || score > pickScore) {
                pick = m;
                pickScore = score;
            }
        }
        return pick;
    }

    /** The last {@value #BO_WINDOW} search experiments. */
    private List<Measured<P>> window() {
        return history.subList(Math.max(0, history.size() - BO_WINDOW), history.size());
    }

    /** A Gaussian process of {@link #boTarget} over {@code window}. */
    private GaussianProcess surrogate(List<Measured<P>> window, int counter) {
        double[][] x = new double[window.size()][];
        double[] y = new double[window.size()];
        for (int i = 0; i < window.size(); i++) {
            x[i] = space.features(window.get(i).point());
            y[i] = boTarget(window.get(i), counter);
        }
        return GaussianProcess.fit(x, y, 1e-2);
    }

    private static final int BO_WINDOW = 100, BO_RANDOM_CANDIDATES = 300, BO_LOCAL_CANDIDATES = 100;
    private static final double BO_KAPPA = 2.576;

    /**
     * The BO baseline: per counter, a Gaussian process on the last {@value #BO_WINDOW} search
     * experiments (log of the diagnostic counter, or minus the efficiency), and the next point the
     * candidate with the highest upper confidence bound among {@value #BO_RANDOM_CANDIDATES} random
     * points and {@value #BO_LOCAL_CANDIDATES} mutations of the best ones seen (fewer than the
     * package's 10^4 random candidates, for speed; the local ones stand in for its L-BFGS polish).
     * Candidates inside a known MFS are not proposed.
     */
    private void bayesian() {
        List<Integer> counters = counters(new ArrayList<>());
        double sliceEnd = clockSeconds;
        double slice = (budgetSeconds - clockSeconds) / counters.size();
        for (int counter : counters) {
            sliceEnd += slice;
            while (timeLeft() && clockSeconds < sliceEnd) {
                List<Measured<P>> window = window();
                GaussianProcess gp = surrogate(window, counter);
                List<Measured<P>> best = new ArrayList<>(window);
                best.sort(Comparator.comparingDouble((Measured<P> m) -> -boTarget(m, counter)));
                P pick = null;
                double pickScore = Double.NEGATIVE_INFINITY;
                for (int c = 0; c < BO_RANDOM_CANDIDATES + BO_LOCAL_CANDIDATES; c++) {
                    P q = c < BO_RANDOM_CANDIDATES ? space.random(rng)
                            : space.mutate(best.get(rng.nextInt(Math.min(5, best.size()))).point(), rng, move()).point();
                    if (o.method().mfs() && covered(q)) {
                        skipped++;
                        continue;
                    }
                    double u = gp.ucb(space.features(q), BO_KAPPA);
                    if (u > pickScore) {
                        pickScore = u;
                        pick = q;
                    }
                }
                measure(pick == null ? randomPoint() : pick);
            }
        }
    }

    private double boTarget(Measured<P> m, int counter) {
        return counter < 0 ? -m.outcome().efficiency() : Math.log(Math.max(1e-9, m.outcome().diagnostic(counter)));
    }

    private double signal(Measured<P> m, int counter) {
        return counter < 0 ? m.outcome().efficiency() : Math.max(1e-9, m.outcome().diagnostic(counter));
    }

    /** Counter indices by decreasing std/mean over the sampled points (§7.2). */
    private List<Integer> rank(List<Measured<P>> ms) {
        int k = subject.diagnosticCounters().size();
        double[] score = new double[k];
        for (int c = 0; c < k; c++) {
            double s = 0, s2 = 0;
            for (Measured<P> m : ms) {
                double v = m.outcome().diagnostic(c);
                s += v;
                s2 += v * v;
            }
            double mean = s / ms.size();
            double var = Math.max(0, s2 / ms.size() - mean * mean);
            score[c] = mean > 0 ? Math.sqrt(var) / mean : 0;
        }
        List<Integer> idx = new ArrayList<>();
        for (int c = 0; c < k; c++) idx.add(c);
        idx.sort(Comparator.comparingDouble((Integer c) -> -score[c]).thenComparing(c -> c));
        return idx;
    }
}
