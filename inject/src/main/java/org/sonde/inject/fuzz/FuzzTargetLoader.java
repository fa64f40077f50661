package org.sonde.inject.fuzz;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.sonde.core.BadInputException;
import org.sonde.inject.config.RdmaVerb;
import org.sonde.core.config.YamlTree;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;

/**
 * Reads a fuzzing target from YAML. {@code objective} ({@code general} or {@code noisy-neighbour})
 * picks the built-in target; every other key overrides a part of it:
 *
 * <pre>
 * objective: noisy-neighbour
 * pool-size: 8
 * accept-probability: 0.2
 * anomaly: {innocent-mct-inflation: 3.0, counter-inconsistency: false, gbn-failure: false}
 * weights: {innocent-mct-inflation: 1.0, discards: 0.5, timeouts: 0.25}   # the terms given replace all weights
 * space:
 *   verbs: [read, write, send]
 *   num-qps: [2, 48]            # inclusive ranges
 *   num-msgs-per-qp: [1, 10]
 *   message-size: [1024, 32768]
 *   mtu: [1024, 2048, 4096]     # a list of choices
 *   tx-depth: [1, 1]
 *   injected-qps: [1, 47]
 *   events-per-qp: [1, 2]
 *   event-types: [drop, ecn]
 *   iter: [1, 2]
 * </pre>
 */
public final class FuzzTargetLoader {
    private static final String HINT = "see FuzzTargetLoader's documentation for the target format";

    private FuzzTargetLoader() {}

    public static FuzzTarget load(Path file) {
        YamlTree tree = YamlTree.read(file, "fuzz target", "give the path of a target file, or use a built-in objective");
        return read(tree, file.getFileName().toString().replaceFirst("\\.ya?ml$", ""));
    }

    public static FuzzTarget parse(String text, String source, String defaultName) {
        return read(YamlTree.parse(source, text), defaultName);
    }

    private static FuzzTarget read(YamlTree tree, String defaultName) {
        try {
            return tree.interpret(root -> read(root, defaultName), HINT);
        } catch (IllegalArgumentException e) {
            // a target's own consistency rules (FuzzTarget, AnomalyRule) span several keys
            throw new BadInputException(tree.source(), "", e.getMessage(), HINT, e);
        }
    }

    private static FuzzTarget read(ConfigMap root, String defaultName) {
        FuzzTarget.Objective objective = root.choice("objective", FuzzTarget.Objective.class, FuzzTarget.Objective.NOISY_NEIGHBOUR);
        FuzzTarget d = FuzzTarget.builtIn(objective);
        String name = root.string("name", defaultName);
        int pool = (int) root.integer("pool-size", d.poolSize(), 1, 10_000);
        double p = root.number("accept-probability", d.acceptProbability(), 0, 1);
        AnomalyRule anomaly = anomaly(root.section("anomaly"), d.anomaly());
        Map<ScoreTerm, Double> weights = root.has("weights") ? weights(root.section("weights")) : d.weights();
        SearchSpace space = space(root.section("space"), d.space());
        root.finish();
        return new FuzzTarget(name, objective, space, weights, anomaly, pool, p);
    }

    private static AnomalyRule anomaly(ConfigMap a, AnomalyRule d) {
        AnomalyRule r = new AnomalyRule(a.number("innocent-mct-inflation", d.innocentMctInflation(), 0, 1e9),
                a.bool("counter-inconsistency", d.counterInconsistency()), a.bool("gbn-failure", d.gbnFailure()));
        a.finish();
        return r;
    }

    private static Map<ScoreTerm, Double> weights(ConfigMap w) {
        Map<ScoreTerm, Double> m = new EnumMap<>(ScoreTerm.class);
        for (ScoreTerm t : ScoreTerm.values()) if (w.has(t.yamlName())) m.put(t, w.number(t.yamlName(), 0, 0, 1e6));
        w.finish();
        return m;
    }

    private static SearchSpace space(ConfigMap s, SearchSpace d) {
        SearchSpace space = new SearchSpace(
                choices(s, "verbs", d.verbs(), v -> switch (v) {
                    case "read" -> RdmaVerb.READ;
                    case "write" -> RdmaVerb.WRITE;
                    case "send" -> RdmaVerb.SEND;
                    case "send_read", "send-read" -> RdmaVerb.SEND_READ;
                    default -> null;
                }),
                range(s, "num-qps", d.numQps()), range(s, "num-msgs-per-qp", d.messagesPerQp()), range(s, "message-size", d.messageSize()),
                choices(s, "mtu", d.mtus(), v -> v.matches("\\d{1,4}") ? Integer.valueOf(v) : null),
                range(s, "tx-depth", d.txDepth()), range(s, "injected-qps", d.injectedQps()), range(s, "events-per-qp", d.eventsPerQp()),
                choices(s, "event-types", d.eventTypes(), v -> switch (v) {
                    case "drop" -> SearchSpace.EventType.DROP;
                    case "ecn" -> SearchSpace.EventType.ECN;
                    case "corrupt", "bit-error" -> SearchSpace.EventType.CORRUPT;
                    default -> null;
                }),
                range(s, "iter", d.iterations()));
        s.finish();
        return space;
    }

    private static IntRange range(ConfigMap s, String key, IntRange fallback) {
        if (!s.has(key)) return fallback;
        List<Object> l = s.list(key);
        if (l.size() != 2 || !(l.get(0) instanceof Integer lo) || !(l.get(1) instanceof Integer hi) || lo > hi) {
            throw new ConfigException(s.pathOf(key), "must be an inclusive range [min, max] of whole numbers, min ≤ max");
        }
        return new IntRange(lo, hi);
    }

    private static <T> List<T> choices(ConfigMap s, String key, List<T> fallback, Function<String, T> parse) {
        if (!s.has(key)) return fallback;
        List<T> out = new ArrayList<>();
        for (Object o : s.list(key)) {
            T v = parse.apply(String.valueOf(o).strip().toLowerCase(Locale.ROOT));
            if (v == null) throw new ConfigException(s.pathOf(key), "'" + o + "' is not a valid choice");
            out.add(v);
        }
        if (out.isEmpty()) throw new ConfigException(s.pathOf(key), "needs at least one choice");
        return out;
    }
}
