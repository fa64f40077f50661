package org.sonde.probe.sim;

import org.sonde.probe.localize.BadAgents;
import org.sonde.probe.localize.Method;
import org.sonde.probe.plan.CoverPolicy;
import org.sonde.probe.plan.Strategy;

/**
 * One simulated experiment (dissertation §3.6): a plan, then per trial a fresh (unknown) hash
 * function, failed links and bad agents, one window of probes, and localisation.
 *
 * @param failures          simultaneously failed links per trial, drawn among router-to-router links
 * @param trials            trials
 * @param cover             tuples per pair (§3.6 default: inflation 2)
 * @param strategy          which pairs probe
 * @param alpha             α of MSC-α
 * @param seed              the one seed of everything random
 * @param pings             pings per probe in the window
 * @param lossRate          the share of packets a failed link drops
 * @param lossThreshold     a probe is bad when it loses more than this share of its pings
 * @param falseNegatives    the share of bad probes relabelled good (Table 3.5)
 * @param badAgentShare     each agent is bad with this probability; a bad agent distorts each of its
 *                          probes with a probability drawn from [0.1, 0.9] (Table 3.6)
 * @param badAgentFilter    the filter applied before localisation, or null for none
 * @param singlePath        plan as if each pair had one path (a random one of its paths, one tuple per
 *                          pair) and localise on that assumed path while probes take their real paths
 *                          (Table 3.4's "All-pairs + single path")
 * @param method            the localisation reported as {@code accuracy}; every method runs on the same probes
 * @param paths             how probes' paths change within the window (Tables 3.7 and 3.8)
 */
public record SimulationOptions(int failures, int trials, CoverPolicy cover, Strategy strategy, int alpha, long seed,
                                int pings, double lossRate, double lossThreshold, double falseNegatives,
                                double badAgentShare, BadAgents badAgentFilter, boolean singlePath, Method method, PathDynamics paths) {
    public SimulationOptions {
        if (paths == null) throw new IllegalArgumentException("path dynamics must be given (PathDynamics.FIXED for none)");
        if (singlePath && !(paths instanceof PathDynamics.Fixed))
            throw new IllegalArgumentException("single-path mode assumes one path per pair: it does not combine with path changes");
        if (failures < 1) throw new IllegalArgumentException("at least one failed link per trial, got " + failures);
        if (trials < 1) throw new IllegalArgumentException("at least one trial, got " + trials);
        if (pings < 1) throw new IllegalArgumentException("at least one ping per probe, got " + pings);
        if (!(lossRate > 0 && lossRate <= 1)) throw new IllegalArgumentException("the loss rate of a failed link must be above 0 and at most 1, got " + lossRate);
        if (!(lossThreshold >= 0 && lossThreshold < 1)) throw new IllegalArgumentException("the loss threshold must be from 0 to below 1, got " + lossThreshold);
        if (!(falseNegatives >= 0 && falseNegatives < 1)) throw new IllegalArgumentException("the false negative share must be from 0 to below 1, got " + falseNegatives);
        if (!(badAgentShare >= 0 && badAgentShare < 1)) throw new IllegalArgumentException("the bad agent share must be from 0 to below 1, got " + badAgentShare);
    }

    /** §3.6's settings: inflation 2, MSC-2, one failure, 1,000 trials; links drop 5 %, 100 pings per probe. */
    public static SimulationOptions defaults(long seed) {
        return new SimulationOptions(1, 1000, new CoverPolicy.Inflation(2), Strategy.MSC, 2, seed, 100, 0.05, 0.01, 0, 0,
                BadAgents.DEFAULT, false, Method.SHERLOCK, PathDynamics.FIXED);
    }

    SimulationOptions withFailures(int f) {
        return new SimulationOptions(f, trials, cover, strategy, alpha, seed, pings, lossRate, lossThreshold, falseNegatives, badAgentShare, badAgentFilter, singlePath, method, paths);
    }

    public SimulationOptions withTrials(int t) {
        return new SimulationOptions(failures, t, cover, strategy, alpha, seed, pings, lossRate, lossThreshold, falseNegatives, badAgentShare, badAgentFilter, singlePath, method, paths);
    }

    public SimulationOptions withCover(CoverPolicy c) {
        return new SimulationOptions(failures, trials, c, strategy, alpha, seed, pings, lossRate, lossThreshold, falseNegatives, badAgentShare, badAgentFilter, singlePath, method, paths);
    }

    public SimulationOptions withStrategy(Strategy s) {
        return new SimulationOptions(failures, trials, cover, s, alpha, seed, pings, lossRate, lossThreshold, falseNegatives, badAgentShare, badAgentFilter, singlePath, method, paths);
    }

    SimulationOptions withAlpha(int a) {
        return new SimulationOptions(failures, trials, cover, strategy, a, seed, pings, lossRate, lossThreshold, falseNegatives, badAgentShare, badAgentFilter, singlePath, method, paths);
    }

    SimulationOptions withFalseNegatives(double fn) {
        return new SimulationOptions(failures, trials, cover, strategy, alpha, seed, pings, lossRate, lossThreshold, fn, badAgentShare, badAgentFilter, singlePath, method, paths);
    }

    SimulationOptions withBadAgents(double share, BadAgents filter) {
        return new SimulationOptions(failures, trials, cover, strategy, alpha, seed, pings, lossRate, lossThreshold, falseNegatives, share, filter, singlePath, method, paths);
    }

    SimulationOptions withSinglePath(boolean b) {
        return new SimulationOptions(failures, trials, cover, strategy, alpha, seed, pings, lossRate, lossThreshold, falseNegatives, badAgentShare, badAgentFilter, b, method, paths);
    }

    SimulationOptions withMethod(Method m) {
        return new SimulationOptions(failures, trials, cover, strategy, alpha, seed, pings, lossRate, lossThreshold, falseNegatives, badAgentShare, badAgentFilter, singlePath, m, paths);
    }

    SimulationOptions withLoss(int p, double rate, double threshold) {
        return new SimulationOptions(failures, trials, cover, strategy, alpha, seed, p, rate, threshold, falseNegatives, badAgentShare, badAgentFilter, singlePath, method, paths);
    }

    public SimulationOptions withPaths(PathDynamics d) {
        return new SimulationOptions(failures, trials, cover, strategy, alpha, seed, pings, lossRate, lossThreshold, falseNegatives, badAgentShare, badAgentFilter, singlePath, method, d);
    }
}
