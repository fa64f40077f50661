package org.sonde.probe.sim;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.sonde.probe.localize.BadAgents;
import org.sonde.probe.localize.Localizer;
import org.sonde.probe.localize.Method;
import org.sonde.probe.localize.Observation;
import org.sonde.probe.localize.ProbeRecord;
import org.sonde.probe.plan.Candidate;
import org.sonde.probe.plan.CoverPolicy;
import org.sonde.probe.plan.Plan;
import org.sonde.probe.plan.PlanOptions;
import org.sonde.probe.plan.Planner;
import org.sonde.probe.plan.Strategy;
import org.sonde.probe.plan.Tuple;
import org.sonde.probe.topology.Agent;
import org.sonde.probe.topology.Link;
import org.sonde.probe.topology.PathSet;
import org.sonde.probe.topology.Routes;
import org.sonde.probe.topology.Topology;

/**
 * The simulation harness of §3.6: plans once, then runs independent trials. In each, routers hash
 * with a fresh salt (the operator does not know the hash function), failed links drop a share of
 * packets, every planned probe sends its pings along the path its 5-tuple hashes to, traceroute
 * reports that path (or, in single-path mode, the planner's assumed path is used), bad probes are
 * judged by their loss, and every localisation method ranks the links from the same observations.
 * Trials run in parallel, each from its own seed, so results do not depend on the thread count.
 */
public final class Simulation {
    private Simulation() {}

    /** Percent cut-offs of Table 3.3: the failures fall within the top X % of links. */
    public static final double[] PERCENTS = {0.5, 1, 2};

    /** One planned probe: its pair, tuple, real paths and (single-path mode) the path localisation assumes. */
    private record Probe(int sourceAgent, int source, int target, Tuple tuple, long key, PathSet paths, int[] assumed) {}

    /** What every trial shares: the plan, its probes, the links failures may strike, and (single-path mode) the links assumed covered. */
    private record Setup(Plan plan, List<Probe> probes, List<Link> fabric, boolean[] assumedCover) {}

    private static Setup setup(Topology topology, SimulationOptions o) {
        Routes routes = new Routes(topology);
        SplittableRandom planRandom = new SplittableRandom(o.seed());
        CoverPolicy cover = o.singlePath() ? new CoverPolicy.Fixed(1) : o.cover();
        PlanOptions po = new PlanOptions(cover, o.singlePath() ? Strategy.ALL_PAIRS : o.strategy(), o.alpha(), o.seed(), 80, 3_000,
                org.sonde.probe.plan.Limits.NONE);
        List<Candidate> candidates = Planner.candidates(routes, cover);
        // failures strike router-to-router links that carry some agent pair's traffic: a link no path
        // uses drops nothing anyone sends
        boolean[] used = new boolean[topology.links().size()];
        for (Candidate c : candidates) for (int l : c.links()) used[l] = true;
        List<Link> fabric = topology.links().stream().filter(l -> topology.isFabric(l) && used[l.index()]).toList();
        if (fabric.size() < o.failures())
            throw new IllegalArgumentException("the topology has " + fabric.size() + " router-to-router links on agents' paths, fewer than " + o.failures() + " failures");
        int[] chosen = Planner.choose(candidates, topology.links().size(), po);
        Plan plan = Planner.assemble(topology, candidates, chosen, po);
        List<Probe> probes = new ArrayList<>();
        boolean[] assumedCover = new boolean[topology.links().size()];
        List<Agent> agents = topology.agents();
        for (int ai = 0; ai < plan.agents().size(); ai++) {
            Plan.AgentPlan ap = plan.agents().get(ai);
            Agent src = topology.agent(ap.agent());
            for (Plan.Target t : ap.targets()) {
                Agent dst = topology.agent(t.agent());
                PathSet paths = routes.between(src, dst);
                int[] assumed = null;
                if (o.singlePath()) {
                    SplittableRandom r = planRandom.split();
                    assumed = paths.path(node -> r.nextDouble());
                    for (int l : assumed) assumedCover[l] = true;
                }
                for (Tuple u : t.tuples())
                    probes.add(new Probe(agents.indexOf(src), src.node(), dst.node(), u, u.key(src.node(), dst.node()), paths, assumed));
            }
        }
        return new Setup(plan, probes, fabric, assumedCover);
    }

    public static SimulationResult run(Topology topology, SimulationOptions o) {
        Setup setup = setup(topology, o);
        Plan plan = setup.plan();
        List<Probe> probes = setup.probes();
        List<Link> fabric = setup.fabric();
        boolean[] assumedCover = setup.assumedCover();
        List<Agent> agents = topology.agents();
        int links = topology.links().size();
        int methods = Method.values().length;
        // per trial, per method: the rank (1-based) of the lowest-ranked failed link
        int[][] worst = new int[o.trials()][methods];
        int[] badAgents = new int[o.trials()];
        int[] filtered = new int[o.trials()];
        IntStream.range(0, o.trials()).parallel().forEach(trial -> {
            SplittableRandom rnd = new SplittableRandom(mix(o.seed(), trial));
            long salt = rnd.nextLong();
            Failures drawn = Failures.draw(rnd, fabric, links, o);
            double[] loss = drawn.loss();
            int[] failed = drawn.failed();
            double[] distortion = new double[agents.size()];
            for (int a = 0; a < agents.size(); a++) {
                if (o.badAgentShare() > 0 && rnd.nextDouble() < o.badAgentShare()) {
                    distortion[a] = 0.1 + 0.8 * rnd.nextDouble();
                    badAgents[trial]++;
                }
            }
            List<Observation> obs = new ArrayList<>(probes.size());
            for (Probe p : probes) {
                int[] path = p.paths().path(node -> hash(salt, node, p.key()));
                for (Window w : window(p, path, loss, o, rnd)) {
                    long lost = w.lost();
                    // a bad agent's hiccups look like a fifth of its pings lost
                    if (distortion[p.sourceAgent()] > 0 && rnd.nextDouble() < distortion[p.sourceAgent()]) lost = Math.max(lost, (w.pings() + 4) / 5);
                    boolean bad = (double) lost / w.pings() > o.lossThreshold();
                    if (bad && o.falseNegatives() > 0 && rnd.nextDouble() < o.falseNegatives()) {
                        bad = false;
                        lost = 0;
                    }
                    obs.add(new Observation(p.source(), p.target(), p.tuple().sourcePort(), p.tuple().destinationPort(), w.blamed(), w.pings(), lost, bad));
                }
            }
            if (o.badAgentFilter() != null) {
                BadAgents.Filtered f = o.badAgentFilter().filter(obs);
                filtered[trial] = f.badAgents().size();
                obs = f.kept();
            }
            Localizer localizer = new Localizer(links, obs, rnd.nextLong());
            for (Method m : Method.values()) {
                int[] rank = localizer.rank(m);
                int[] position = new int[links];
                for (int i = 0; i < rank.length; i++) position[rank[i]] = i + 1;
                int w = 0;
                for (int l : failed) w = Math.max(w, position[l]);
                worst[trial][m.ordinal()] = w;
            }
        });
        Map<Method, SimulationResult.Accuracy> accuracy = new EnumMap<>(Method.class);
        for (Method m : Method.values()) {
            int[] at = new int[3];
            int[] pct = new int[PERCENTS.length];
            for (int[] w : worst) {
                for (int k = 1; k <= 3; k++) if (w[m.ordinal()] <= k) at[k - 1]++;
                for (int i = 0; i < PERCENTS.length; i++) if (w[m.ordinal()] <= Math.max(1, Math.ceil(PERCENTS[i] / 100 * links))) pct[i]++;
            }
            double t = o.trials();
            double[] pctShare = new double[PERCENTS.length];
            for (int i = 0; i < pct.length; i++) pctShare[i] = pct[i] / t;
            accuracy.put(m, new SimulationResult.Accuracy(at[0] / t, at[1] / t, at[2] / t, pctShare));
        }
        int reachable = plan.reachableLinks();
        int covered = o.singlePath() ? count(assumedCover) : plan.coveredLinks();
        return new SimulationResult(o, topology.describe(), links, fabric.size(), plan.pairs(), plan.probesPerRound(), plan.maxRouterProbes(),
                reachable == 0 ? 0 : (double) covered / reachable, accuracy,
                IntStream.of(badAgents).average().orElse(0), IntStream.of(filtered).average().orElse(0));
    }

    /** A trial's failed links and every link's loss rate, drawn after the trial's hash salt. */
    private record Failures(int[] failed, double[] loss) {
        static Failures draw(SplittableRandom rnd, List<Link> fabric, int links, SimulationOptions o) {
            double[] loss = new double[links];
            int[] failed = new int[o.failures()];
            List<Link> pool = new ArrayList<>(fabric);
            for (int f = 0; f < failed.length; f++) {
                Link l = pool.remove(rnd.nextInt(pool.size()));
                failed[f] = l.index();
                loss[l.index()] = o.lossRate();
            }
            return new Failures(failed, loss);
        }
    }

    /** When the records' first window starts (Unix milliseconds): a fixed moment, so that records are reproducible. */
    private static final long RECORDS_EPOCH_MILLIS = 1_764_547_200_000L;
    /** The round trip a record's answered ping takes per link of its path, in milliseconds, before jitter. */
    private static final double RECORD_MILLIS_PER_LINK = 0.025;

    /**
     * The per-probe records live agents would write ({@link ProbeRecord}, {@code sonde probe agent
     * --results}) in {@code windows} windows of the first trial: its failed links, its hash salt. Per
     * window each probe traces the path its tuple hashes to (a complete traceroute) and sends
     * {@code o.pings()} pings along it, each lost as the failed links drop it, else answered with a
     * SYN-ACK after 25 µs per link plus exponential jitter (mean 20 µs). Paths stay fixed (no
     * {@link PathDynamics} but {@link PathDynamics#FIXED}); bad agents and false negatives are not
     * modelled. Returns the failed links' ids.
     */
    public static List<String> records(Topology topology, SimulationOptions o, int windows, Consumer<ProbeRecord> out) {
        if (!(o.paths() instanceof PathDynamics.Fixed)) throw new IllegalArgumentException("records are made on fixed paths only");
        if (windows < 1) throw new IllegalArgumentException("records need at least one window, got " + windows);
        Setup setup = setup(topology, o);
        int links = topology.links().size();
        SplittableRandom rnd = new SplittableRandom(mix(o.seed(), 0));
        long salt = rnd.nextLong();
        Failures f = Failures.draw(rnd, setup.fabric(), links, o);
        Map<Integer, Agent> byNode = new java.util.HashMap<>();
        for (Agent a : topology.agents()) byNode.put(a.node(), a);
        long roundMillis = Math.max(1, setup.plan().roundMillis());
        for (long w = 0; w < windows; w++) {
            long start = RECORDS_EPOCH_MILLIS + w * roundMillis * o.pings();
            for (Probe p : setup.probes()) {
                Agent from = topology.agents().get(p.sourceAgent()), to = byNode.get(p.target());
                int[] path = p.paths().path(node -> hash(salt, node, p.key()));
                List<String> hops = new ArrayList<>(path.length + 1);
                hops.add(topology.node(p.source()).name());
                for (int l : path) hops.add(topology.node(topology.link(l).to()).name());
                int sport = p.tuple().sourcePort(), dport = p.tuple().destinationPort();
                out.accept(new ProbeRecord(w, start, ProbeRecord.Kind.TRACE, from.name(), to.name(), from.address(), sport, to.address(), dport,
                        ProbeRecord.Outcome.COMPLETE, path.length * RECORD_MILLIS_PER_LINK, hops));
                for (int i = 0; i < o.pings(); i++) {
                    boolean lost = lost(path, 1, f.loss(), rnd) > 0;
                    double rtt = lost ? Double.NaN : path.length * RECORD_MILLIS_PER_LINK - 0.02 * Math.log(1 - rnd.nextDouble());
                    out.accept(new ProbeRecord(w, start + (long) i * roundMillis, ProbeRecord.Kind.PING, from.name(), to.name(), from.address(), sport,
                            to.address(), dport, lost ? ProbeRecord.Outcome.LOST : ProbeRecord.Outcome.SYN_ACK, rtt, List.of()));
                }
            }
        }
        return java.util.Arrays.stream(f.failed()).mapToObj(l -> topology.link(l).id()).toList();
    }

    /** What localisation sees of one probe's pings: the path it blames, the pings put on it and how many were lost. */
    private record Window(int[] blamed, int pings, long lost) {}

    /**
     * A probe's window of pings as the options' path dynamics make it: on its hashed path (or, in
     * single-path mode, blaming the assumed one); with changes, on several paths, blamed together;
     * with traceroutes, grouped by the path the last traceroute saw.
     */
    private static List<Window> window(Probe p, int[] hashed, double[] loss, SimulationOptions o, SplittableRandom rnd) {
        return switch (o.paths()) {
            case PathDynamics.Fixed f -> List.of(new Window(p.assumed() != null ? p.assumed() : hashed, o.pings(), lost(hashed, o.pings(), loss, rnd)));
            case PathDynamics.Changes c -> {
                int[] cuts = new int[c.perWindow() + 2];
                for (int k = 1; k <= c.perWindow(); k++) cuts[k] = rnd.nextInt(o.pings() + 1);
                cuts[cuts.length - 1] = o.pings();
                java.util.Arrays.sort(cuts);
                java.util.BitSet seen = new java.util.BitSet();
                long lost = 0;
                for (int k = 0; k + 1 < cuts.length; k++) {
                    int[] path = k == 0 ? hashed : p.paths().path(node -> rnd.nextDouble());
                    for (int l : path) seen.set(l);
                    lost += lost(path, cuts[k + 1] - cuts[k], loss, rnd);
                }
                yield List.of(new Window(seen.stream().toArray(), o.pings(), lost));
            }
            case PathDynamics.Traceroute t -> traced(p, hashed, loss, o.pings(), t, rnd);
        };
    }

    /** Table 3.8's window: the probe's path timeline, and each ping put on the path the last traceroute before it saw. */
    private static List<Window> traced(Probe p, int[] hashed, double[] loss, int pings, PathDynamics.Traceroute t, SplittableRandom rnd) {
        double rate = Math.log(2) / t.medianLifetimeMinutes(), period = t.traceroutePeriodMinutes();
        // the timeline from the earliest traceroute a ping may use (lifetimes are memoryless: start anywhere)
        List<Double> since = new ArrayList<>(List.of(-period));
        List<int[]> paths = new ArrayList<>(List.of(hashed));
        for (double at = -period - Math.log(1 - rnd.nextDouble()) / rate; at < t.windowMinutes(); at -= Math.log(1 - rnd.nextDouble()) / rate) {
            since.add(at);
            paths.add(p.paths().path(node -> rnd.nextDouble()));
        }
        double phase = rnd.nextDouble() * period;
        java.util.Map<Integer, long[]> byTraced = new java.util.TreeMap<>();
        for (int i = 0; i < pings; i++) {
            double at = (i + 0.5) * t.windowMinutes() / pings;
            int real = lastBefore(since, at);
            int traced = period == 0 ? real : lastBefore(since, phase + period * Math.floor((at - phase) / period));
            long[] pl = byTraced.computeIfAbsent(traced, k -> new long[2]);
            pl[0]++;
            pl[1] += lost(paths.get(real), 1, loss, rnd);
        }
        List<Window> out = new ArrayList<>();
        byTraced.forEach((k, pl) -> out.add(new Window(paths.get(k), (int) pl[0], pl[1])));
        return out;
    }

    /** The index of the last path set up at or before {@code at}. */
    private static int lastBefore(List<Double> since, double at) {
        int k = 0;
        while (k + 1 < since.size() && since.get(k + 1) <= at) k++;
        return k;
    }

    /** Pings lost of {@code pings} sent along {@code path}, each independently. */
    private static long lost(int[] path, int pings, double[] loss, SplittableRandom rnd) {
        double pass = 1;
        for (int l : path) pass *= 1 - loss[l];
        long lost = 0;
        if (pass < 1) for (int i = 0; i < pings; i++) if (rnd.nextDouble() >= pass) lost++;
        return lost;
    }

    private static int count(boolean[] b) {
        int n = 0;
        for (boolean x : b) if (x) n++;
        return n;
    }

    static long mix(long seed, long trial) {
        return splitMix(seed * 0x9E3779B97F4A7C15L + trial);
    }

    /** A router's hash of a tuple under this trial's salt, as a number in [0, 1). */
    static double hash(long salt, int node, long key) {
        long h = splitMix(salt ^ splitMix(key + node * 0xC2B2AE3D27D4EB4FL));
        return (h >>> 11) * 0x1.0p-53;
    }

    private static long splitMix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
