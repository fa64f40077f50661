package org.sonde.probe.localize;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Ranks links by suspicion from one window of probe results (§3.3.1's third phase). Every method
 * reads the same observations; links no probe crossed have no evidence and rank after every link
 * that has some, in a random order. Ties are broken by a seeded shuffle, never by link order, so a
 * tie with the culprit costs accuracy as it would an operator.
 */
public final class Localizer {
    /** Sherlock's observation model: a probe through a failed link is bad with probability {@code detect}, any other probe with {@code noise}. */
    public record Model(double detect, double noise) {
        public static final Model DEFAULT = new Model(0.9, 0.01);

        public Model {
            if (!(detect > noise && noise > 0 && detect < 1)) throw new IllegalArgumentException("the model needs 0 < noise < detect < 1");
        }
    }

    /** How many links the greedy searches place one by one before the rest are ranked by their own scores. */
    public static final int GREEDY_DEPTH = 32;

    /**
     * The weight of NetBouncer's regulariser. Small: with a few paths through a link losing 5 %, a
     * larger weight rounds the link's rate up to 1 and hides the loss.
     */
    public static final double NETBOUNCER_LAMBDA = 0.01;

    private final int links;
    private final List<Observation> obs;
    /** Per link, the observations whose paths cross it. */
    private final int[][] byLink;
    private final int[] order;

    /**
     * @param links        the number of links (indexes below it)
     * @param observations one window's results (bad agents already set aside)
     * @param tieSeed      seeds the order of equally suspected links
     */
    public Localizer(int links, List<Observation> observations, long tieSeed) {
        this.links = links;
        this.obs = observations;
        int[] count = new int[links];
        for (Observation o : observations) for (int l : distinct(o.path())) count[l]++;
        byLink = new int[links][];
        for (int l = 0; l < links; l++) byLink[l] = new int[count[l]];
        int[] fill = new int[links];
        for (int i = 0; i < observations.size(); i++) for (int l : distinct(observations.get(i).path())) byLink[l][fill[l]++] = i;
        // a random permutation: position in it decides ties
        Integer[] perm = new Integer[links];
        for (int i = 0; i < links; i++) perm[i] = i;
        java.util.Collections.shuffle(Arrays.asList(perm), new Random(tieSeed));
        order = new int[links];
        for (int i = 0; i < links; i++) order[perm[i]] = i;
    }

    private static int[] distinct(int[] path) {
        // paths are short: a quadratic check beats a set
        int[] out = new int[path.length];
        int n = 0;
        outer:
        for (int l : path) {
            for (int i = 0; i < n; i++) if (out[i] == l) continue outer;
            out[n++] = l;
        }
        return n == path.length ? path : Arrays.copyOf(out, n);
    }

    /** The links, most suspected first. */
    public int[] rank(Method method) {
        return switch (method) {
            case SHERLOCK -> sherlock(Model.DEFAULT);
            case TOMOGRAPHY -> tomography();
            case VOTING -> byScore(votes());
            case NETBOUNCER -> byScore(netBouncerLoss(NETBOUNCER_LAMBDA, 20));
        };
    }

    /** {@link #rank} with evidence for the first {@code top} links. */
    public List<Suspect> suspects(Method method, int top) {
        int[] ranked = rank(method);
        double[] score = switch (method) {
            case SHERLOCK -> singleGains(Model.DEFAULT);
            case TOMOGRAPHY -> hitRatios();
            case VOTING -> votes();
            case NETBOUNCER -> netBouncerLoss(NETBOUNCER_LAMBDA, 20);
        };
        List<Suspect> out = new ArrayList<>();
        for (int i = 0; i < Math.min(top, ranked.length); i++) {
            int l = ranked[i];
            int bad = 0;
            List<Suspect.PathEvidence> ev = new ArrayList<>();
            for (int oi : byLink[l]) {
                Observation o = obs.get(oi);
                if (o.bad()) bad++;
                ev.add(new Suspect.PathEvidence(o.source(), o.target(), o.sourcePort(), o.destinationPort(), o.path(), o.sent(), o.lost(), o.bad()));
            }
            ev.sort(Comparator.comparing((Suspect.PathEvidence e) -> !e.bad()).thenComparing(e -> -(e.sent() == 0 ? 0 : (double) e.lost() / e.sent())));
            out.add(new Suspect(l, score[l], byLink[l].length, bad, ev.subList(0, Math.min(5, ev.size()))));
        }
        return out;
    }

    // ---- Sherlock-style inference

    /** Log-likelihood gain of adding each link alone to the empty failure set. */
    double[] singleGains(Model m) {
        double up = Math.log(m.detect() / m.noise());
        double down = Math.log((1 - m.detect()) / (1 - m.noise()));
        double[] g = new double[links];
        for (int l = 0; l < links; l++) for (int oi : byLink[l]) g[l] += obs.get(oi).bad() ? up : down;
        return g;
    }

    /**
     * The failure set grown greedily by likelihood, as Sherlock's Ferret searches sets of failed
     * components: each step adds the link whose failure best explains the probes no chosen link
     * explains yet (bad probes raise it by log(detect/noise), good ones lower it by
     * log((1−noise)/(1−detect))). The links placed this way come first, in order; the rest follow by
     * their gains alone.
     */
    int[] sherlock(Model m) {
        double up = Math.log(m.detect() / m.noise());
        double down = Math.log((1 - m.detect()) / (1 - m.noise()));
        boolean[] explained = new boolean[obs.size()];
        boolean[] placed = new boolean[links];
        // only links on some bad path can gain; the rest keep their single gains
        List<Integer> candidates = new ArrayList<>();
        for (int l = 0; l < links; l++) {
            for (int oi : byLink[l]) if (obs.get(oi).bad()) { candidates.add(l); break; }
        }
        int[] out = new int[links];
        int n = 0;
        for (int step = 0; step < GREEDY_DEPTH && step < candidates.size(); step++) {
            int best = -1;
            double bestGain = Double.NEGATIVE_INFINITY;
            for (int l : candidates) {
                if (placed[l]) continue;
                double g = 0;
                for (int oi : byLink[l]) if (!explained[oi]) g += obs.get(oi).bad() ? up : down;
                if (g > bestGain || (g == bestGain && order[l] < order[best])) { best = l; bestGain = g; }
            }
            placed[best] = true;
            out[n++] = best;
            for (int oi : byLink[best]) explained[oi] = true;
        }
        double[] rest = singleGains(m);
        return finish(out, n, placed, rest);
    }

    // ---- Boolean tomography

    /** Per link, the share of its probes that were bad (0 without probes). */
    double[] hitRatios() {
        double[] h = new double[links];
        for (int l = 0; l < links; l++) {
            int bad = 0;
            for (int oi : byLink[l]) if (obs.get(oi).bad()) bad++;
            h[l] = byLink[l].length == 0 ? 0 : (double) bad / byLink[l].length;
        }
        return h;
    }

    /**
     * Links on good paths are cleared (a good path means all its links are good); among the rest,
     * those covering the most unexplained bad paths are taken greedily, as in the smallest
     * consistent failure set. When lossy links let some probes through and so get cleared, the
     * greedy cover falls back to all links on bad paths weighted by their hit ratio (Kompella et
     * al.'s MAX-COVERAGE): a bad path is always explained by someone.
     */
    int[] tomography() {
        double[] hit = hitRatios();
        boolean[] cleared = new boolean[links];
        for (Observation o : obs) if (!o.bad()) for (int l : o.path()) cleared[l] = true;
        boolean[] explained = new boolean[obs.size()];
        boolean[] placed = new boolean[links];
        int[] out = new int[links];
        int n = 0;
        for (int pass = 0; pass < 2; pass++) {
            while (n < GREEDY_DEPTH) {
                int best = -1;
                double bestScore = 0;
                for (int l = 0; l < links; l++) {
                    if (placed[l] || (pass == 0 && cleared[l])) continue;
                    int cover = 0;
                    for (int oi : byLink[l]) if (obs.get(oi).bad() && !explained[oi]) cover++;
                    double s = cover == 0 ? 0 : cover + hit[l] * 0.999;
                    if (s > bestScore || (s == bestScore && s > 0 && order[l] < order[best])) { best = l; bestScore = s; }
                }
                if (best < 0) break;
                placed[best] = true;
                out[n++] = best;
                for (int oi : byLink[best]) explained[oi] = true;
            }
        }
        return finish(out, n, placed, hit);
    }

    // ---- 007

    /** Each bad probe's vote, 1/(links on its path), on every link of its path. */
    double[] votes() {
        double[] v = new double[links];
        for (Observation o : obs) {
            if (!o.bad()) continue;
            int[] p = distinct(o.path());
            for (int l : p) v[l] += 1.0 / p.length;
        }
        return v;
    }

    // ---- NetBouncer-style

    /**
     * Per-link loss, 1 − x_l, with x the link success rates that minimise Σ_p (y_p − Π_{l∈p} x_l)² +
     * λ Σ_l x_l (1 − x_l) for the paths' success rates y_p (NetBouncer, NSDI 2019, §4: the
     * regulariser pushes rates to 0 or 1), by coordinate descent from x = 1. Links without probes
     * get −1: no evidence.
     */
    double[] netBouncerLoss(double lambda, int sweeps) {
        double[] x = new double[links];
        Arrays.fill(x, 1);
        double[] y = new double[obs.size()];
        int[][] paths = new int[obs.size()][];
        for (int i = 0; i < y.length; i++) {
            y[i] = 1 - obs.get(i).lossRatio();
            paths[i] = distinct(obs.get(i).path());
        }
        // each path's product of its links' rates, kept up to date as rates change (recomputed when a rate was 0)
        double[] product = new double[y.length];
        Arrays.fill(product, 1);
        for (int s = 0; s < sweeps; s++) {
            for (int l = 0; l < links; l++) {
                if (byLink[l].length == 0) continue;
                double cy = 0, cc = 0;
                double old = x[l];
                for (int oi : byLink[l]) {
                    double c;
                    if (old > 1e-12) c = product[oi] / old;
                    else {
                        c = 1;
                        for (int j : paths[oi]) if (j != l) c *= x[j];
                    }
                    cy += c * y[oi];
                    cc += c * c;
                }
                double denom = 2 * cc - 2 * lambda;
                double v;
                if (denom > 0) v = (2 * cy - lambda) / denom;
                else v = objective(cy, cc, lambda, 0) < objective(cy, cc, lambda, 1) ? 0 : 1;
                double now = Math.max(0, Math.min(1, v));
                x[l] = now;
                for (int oi : byLink[l]) {
                    if (old > 1e-12) product[oi] = product[oi] / old * now;
                    else {
                        double c = 1;
                        for (int j : paths[oi]) c *= x[j];
                        product[oi] = c;
                    }
                }
            }
        }
        double[] loss = new double[links];
        for (int l = 0; l < links; l++) loss[l] = byLink[l].length == 0 ? -1 : 1 - x[l];
        return loss;
    }

    /** The link's part of the objective at x (constants dropped). */
    private static double objective(double cy, double cc, double lambda, double x) {
        return -2 * cy * x + cc * x * x + lambda * x * (1 - x);
    }

    // ---- ordering

    private int[] byScore(double[] score) {
        return finish(new int[links], 0, new boolean[links], score);
    }

    /** {@code out[0..n)} then the unplaced links: those with probes by falling score, then the unprobed; ties by the shuffle. */
    private int[] finish(int[] out, int n, boolean[] placed, double[] score) {
        Integer[] rest = new Integer[links - n];
        int k = 0;
        for (int l = 0; l < links; l++) if (!placed[l]) rest[k++] = l;
        Arrays.sort(rest, Comparator.comparing((Integer l) -> byLink[l].length == 0)
                .thenComparing(l -> -score[l])
                .thenComparing(l -> order[l]));
        for (Integer l : rest) out[n++] = l;
        return out;
    }

    /** How many observations cross link {@code l}. */
    int probesThrough(int l) {
        return byLink[l].length;
    }
}
