package org.sonde.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Several methods, several seeds, one simulated target and budget: per method, the mean and
 * standard deviation of the hours until the N-th distinct ground-truth mechanism was hit, over the
 * seeds that reached N (Figs. 4-5 of the paper), how many seeds hit each mechanism, and the MFSs'
 * precision and recall against the simulator's ground truth ({@link MfsQuality}).
 */
public record Comparison(String target, double budgetHours, int seeds, int screen, List<MethodSummary> methods) {
    public record TimeToN(int n, int seedsReaching, double meanHours, double sdHours) {}

    /**
     * @param mfsPrecision mean over the MFSs found of {@link MfsQuality#precision()} against the
     *                     mechanism each describes ({@link #described}; NaN without MFSs)
     */
    public record MethodSummary(Method method, List<Integer> found, double meanFound, List<TimeToN> timeToN, Map<String, Integer> hitBySeeds,
                                double experimentsPerSeed, double wallSeconds, int mfsCount, double mfsPrecision, double mfsRecall) {}

    /**
     * Runs every method on seeds {@code firstSeed .. firstSeed + seeds - 1}, the annealing ones
     * screening {@code screen} mutants per step ({@link SearchOptions#screen}); {@code progress} hears one line per search.
     */
    public static Comparison run(SearchTarget target, List<Method> methods, int seeds, long firstSeed, double budgetHours, int screen,
                                 Consumer<String> progress) {
        if (!(target instanceof SearchTarget.Simulated sim)) {
            throw new org.sonde.core.UsageException("--target: a comparison needs a simulated target (sim:...): it scores methods against the simulator's ground truth");
        }
        List<MethodSummary> out = new ArrayList<>();
        for (Method m : methods) {
            List<SearchResult> rs = new ArrayList<>();
            double wall = 0;
            for (int s = 0; s < seeds; s++) {
                long seed = firstSeed + s;
                SearchResult r = target.search(SearchOptions.defaults(m, budgetHours, seed).withScreen(screen));
                rs.add(r);
                wall += r.wallSeconds();
                progress.accept(String.format("%s seed %d: %d mechanisms, %d experiments", m.cliName(), seed, r.firstHitHours().size(),
                        r.experiments() + r.mfsExperiments()));
            }
            out.add(summarise(m, rs, wall, sim));
        }
        return new Comparison(target.name(), budgetHours, seeds, screen, out);
    }

    /**
     * The mechanism an MFS describes: the dominant one on its trigger, the simplified point it was
     * confirmed on. Where two mechanisms bite on the anomaly's point, the MFS's tests take away the
     * features of one while the other keeps the symptom, and the MFS describes the other; it is
     * judged against that one (the anomaly's own dominant mechanism when nothing bites on the trigger).
     */
    static String described(org.sonde.search.mfs.Mfs mfs, String anomalyMechanism, org.sonde.search.sim.SimulatedSubsystem oracle) {
        List<String> onTrigger = oracle.truth(mfs.trigger());
        return onTrigger.contains(anomalyMechanism) || onTrigger.isEmpty() ? anomalyMechanism : onTrigger.get(0);
    }

    static MethodSummary summarise(Method m, List<SearchResult> rs, double wall, SearchTarget.Simulated target) {
        List<Integer> found = new ArrayList<>();
        Map<String, Integer> hits = new LinkedHashMap<>();
        int maxN = 0;
        double exps = 0;
        for (SearchResult r : rs) {
            found.add(r.firstHitHours().size());
            maxN = Math.max(maxN, r.firstHitHours().size());
            for (String id : r.firstHitHours().keySet()) hits.merge(id, 1, Integer::sum);
            exps += r.experiments() + r.mfsExperiments();
        }
        List<TimeToN> rows = new ArrayList<>();
        for (int n = 1; n <= maxN; n++) {
            List<Double> t = new ArrayList<>();
            for (SearchResult r : rs) {
                double h = r.hoursToMechanisms(n);
                if (!Double.isNaN(h)) t.add(h);
            }
            double mean = t.stream().mapToDouble(x -> x).average().orElse(Double.NaN);
            double sd = Math.sqrt(t.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / Math.max(1, t.size() - 1));
            rows.add(new TimeToN(n, t.size(), mean, t.size() > 1 ? sd : 0));
        }
        double meanFound = found.stream().mapToInt(x -> x).average().orElse(0);
        // MFS quality against the ground truth: the simulator's mechanisms, read here for evaluation only
        org.sonde.search.sim.SimulatedSubsystem oracle = target.subsystem(0);
        double p = 0, r = 0;
        int np = 0, nr = 0, count = 0;
        for (SearchResult res : rs) {
            for (Found f : res.anomalies()) {
                if (!(f.mfs() instanceof org.sonde.search.mfs.Mfs mfs) || f.mechanism() == null) continue;
                count++;
                String described = described(mfs, f.mechanism(), oracle);
                MfsQuality q = MfsQuality.of(mfs, x -> oracle.truth(x).contains(described), 400, res.seed() * 31 + count);
                if (!Double.isNaN(q.precision())) {
                    p += q.precision();
                    np++;
                }
                if (!Double.isNaN(q.recall())) {
                    r += q.recall();
                    nr++;
                }
            }
        }
        return new MethodSummary(m, found, meanFound, rows, hits, exps / Math.max(1, rs.size()), wall, count, np == 0 ? Double.NaN : p / np,
                nr == 0 ? Double.NaN : r / nr);
    }
}
