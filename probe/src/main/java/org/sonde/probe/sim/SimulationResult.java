package org.sonde.probe.sim;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sonde.core.Json;
import org.sonde.probe.localize.Method;

/**
 * What a simulation measured: per localisation method the share of trials whose failed links all
 * rank within the top 1, 2, 3 (and the top 0.5 %, 1 %, 2 % of links), and the plan's overhead.
 *
 * @param coverage        links the plan's pairs cover (their assumed paths in single-path mode), as a share of the links any pair reaches
 * @param meanBadAgents   bad agents per trial, on average
 * @param meanFiltered    agents the filter set aside per trial, on average
 */
public record SimulationResult(SimulationOptions options, String topology, int links, int fabricLinks, int pairs, int probesPerRound,
                               double maxRouterProbes, double coverage, Map<Method, Accuracy> accuracy, double meanBadAgents, double meanFiltered) {
    public SimulationResult {
        accuracy = Map.copyOf(accuracy);
    }

    /** Shares of trials in [0, 1]. */
    public record Accuracy(double top1, double top2, double top3, double[] topPercent) {
        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("top1", round(top1));
            m.put("top2", round(top2));
            m.put("top3", round(top3));
            Map<String, Object> p = new LinkedHashMap<>();
            for (int i = 0; i < Simulation.PERCENTS.length; i++) p.put(percent(Simulation.PERCENTS[i]), round(topPercent[i]));
            m.put("topPercent", p);
            return m;
        }
    }

    /** The accuracy of the method the options name. */
    public Accuracy main() {
        return accuracy.get(options.method());
    }

    private static String percent(double p) {
        return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
    }

    private static double round(double x) {
        return Math.round(x * 10000) / 10000.0;
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("trials", options.trials());
        m.put("topology", topology);
        m.put("method", options.method().word());
        m.put("accuracy", main().toMap());
        Map<String, Object> methods = new LinkedHashMap<>();
        for (Method x : Method.values()) methods.put(x.word(), accuracy.get(x).toMap());
        m.put("methods", methods);
        m.put("probesPerRound", probesPerRound);
        m.put("maxRouterProbesPerRound", Math.round(maxRouterProbes * 10) / 10.0);
        m.put("pairs", pairs);
        m.put("coverage", round(coverage));
        m.put("links", links);
        m.put("fabricLinks", fabricLinks);
        m.put("meanBadAgents", round(meanBadAgents));
        m.put("meanFilteredAgents", round(meanFiltered));
        if (options.paths() instanceof PathDynamics.Traceroute t && t.traceroutePeriodMinutes() > 0) {
            // Table 3.8's overhead: every probe traced once a period
            m.put("traceroutesPerSecond", Math.round(t.traceroutesPerSecond(probesPerRound) * 10) / 10.0);
            m.put("maxRouterTraceroutesPerSecond", Math.round(t.traceroutesPerSecond(maxRouterProbes) * 10) / 10.0);
        }
        Map<String, Object> opts = new LinkedHashMap<>();
        opts.put("failures", options.failures());
        opts.put("cover", switch (options.cover()) {
            case org.sonde.probe.plan.CoverPolicy.Inflation i -> "inflation " + i.factor();
            case org.sonde.probe.plan.CoverPolicy.Confidence c -> "confidence " + c.confidence();
            case org.sonde.probe.plan.CoverPolicy.Fixed f -> f.count() + " tuples";
        });
        opts.put("strategy", options.singlePath() ? "all-pairs, single path" : options.strategy().word());
        opts.put("alpha", options.alpha());
        opts.put("seed", options.seed());
        opts.put("pings", options.pings());
        opts.put("lossRate", options.lossRate());
        opts.put("lossThreshold", options.lossThreshold());
        opts.put("falseNegatives", options.falseNegatives());
        opts.put("badAgentShare", options.badAgentShare());
        opts.put("badAgentFilter", options.badAgentFilter() != null);
        opts.put("paths", switch (options.paths()) {
            case PathDynamics.Fixed f -> "fixed";
            case PathDynamics.Changes c -> c.perWindow() + " changes per window, all paths blamed";
            case PathDynamics.Traceroute t -> "median lifetime " + t.medianLifetimeMinutes() + " min, traceroute every " + t.traceroutePeriodMinutes()
                    + " min, window " + t.windowMinutes() + " min";
        });
        m.put("options", opts);
        return m;
    }

    public String json() {
        return Json.text(toMap());
    }
}
