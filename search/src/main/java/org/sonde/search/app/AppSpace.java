package org.sonde.search.app;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.core.config.YamlTree;
import org.sonde.search.mfs.Feature;
import org.sonde.search.mfs.Range;
import org.sonde.search.space.Grid;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.QpType;
import org.sonde.search.space.SearchSpace;

/**
 * A restricted search space describing what an application may do (§5.2, "anomaly prevention"):
 * per feature, the values or the range its workloads take; a feature not given takes its whole
 * domain. Every message of the application lies in {@code requestBytes}. Read from YAML:
 * <pre>
 * mode: [one-way, bidirectional]
 * qp-type: [RC]
 * opcode: [SEND, WRITE]
 * mtu: [1024]
 * qps: [1, 512]          # a range: [lowest, highest]
 * batch: [1, 64]
 * recv-depth: [128, 1024]
 * sges: [1, 4]
 * request-bytes: [64, 65536]
 * sender-memory: [local-numa]
 * </pre>
 */
public record AppSpace(Set<Mode> modes, Map<Feature, Set<Long>> allowed, Map<Feature, Range> ranges, Range requestBytes) {
    private static final String HINT = "see the example in sonde search check-app --help";

    public static AppSpace load(Path file) {
        YamlTree tree = YamlTree.read(file, "application space", HINT);
        return tree.interpret(AppSpace::parse, HINT);
    }

    static AppSpace parse(ConfigMap c) {
        Set<Mode> modes = new LinkedHashSet<>();
        for (Object o : c.list("mode")) modes.add(named(c, "mode", o, Mode.class));
        if (modes.isEmpty()) modes.addAll(List.of(Mode.values()));
        Map<Feature, Set<Long>> allowed = new EnumMap<>(Feature.class);
        Map<Feature, Range> ranges = new EnumMap<>(Feature.class);
        for (Feature f : Feature.values()) {
            String key = f.name().toLowerCase(Locale.ROOT).replace('_', '-');
            if (f.categorical()) {
                Set<Long> vs = new LinkedHashSet<>();
                for (Object o : c.list(key)) vs.add(categorical(c, key, f, o));
                if (vs.isEmpty()) for (int v : SearchSpace.domain(f.dimension()).values()) vs.add((long) v);
                allowed.put(f, vs);
            } else {
                Grid g = SearchSpace.domain(f.dimension());
                ranges.put(f, range(c, key, g.min(), g.max()));
            }
        }
        Range req = range(c, "request-bytes", SearchSpace.SIZE.min(), SearchSpace.SIZE.max());
        c.finish();
        return new AppSpace(modes, allowed, ranges, req);
    }

    private static Range range(ConfigMap c, String key, long min, long max) {
        List<Object> l = c.list(key);
        if (l.isEmpty()) return new Range(min, max);
        if (l.size() != 2 || !(l.get(0) instanceof Number a) || !(l.get(1) instanceof Number b) || a.longValue() > b.longValue()) {
            throw new ConfigException(c.pathOf(key), "must be a range [lowest, highest] of numbers");
        }
        return new Range(a.longValue(), b.longValue());
    }

    private static long categorical(ConfigMap c, String key, Feature f, Object o) {
        return switch (f) {
            case QP_TYPE -> named(c, key, o, QpType.class).ordinal();
            case OPCODE -> named(c, key, o, Opcode.class).ordinal();
            case SENDER_MEMORY, RECEIVER_MEMORY -> named(c, key, o, Memory.class).ordinal();
            case MTU -> {
                if (!(o instanceof Integer v) || !SearchSpace.MTU.contains(v)) throw new ConfigException(c.pathOf(key), "'" + o + "' is not an RDMA MTU (1024, 2048, 4096)");
                yield v;
            }
            default -> throw new AssertionError(f);
        };
    }

    private static <E extends Enum<E>> E named(ConfigMap c, String key, Object o, Class<E> type) {
        String s = String.valueOf(o).strip().toUpperCase(Locale.ROOT).replace('-', '_');
        for (E e : type.getEnumConstants()) if (e.name().equals(s)) return e;
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) names.add(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        throw new ConfigException(c.pathOf(key), "'" + o + "' is not one of " + String.join(", ", names));
    }
}
