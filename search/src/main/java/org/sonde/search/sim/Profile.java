package org.sonde.search.sim;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.core.config.YamlTree;
import org.sonde.search.engine.NicSpec;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.QpType;

/**
 * A simulated RDMA subsystem as data: the NIC's specification, the experiment clock, measurement
 * noise, the named resources (each a diagnostic counter) and the mechanisms that exhaust them.
 * Bundled: {@code f-like} (200 Gb/s, the paper's anomalies #1-#13 on subsystem F and its AMD
 * relatives), {@code h-like} (100 Gb/s, #14-#18 on subsystem H) and {@code clean} (no mechanism).
 * These are models of the paper's published observations, not of any vendor's hardware.
 */
public record Profile(String name, String description, NicSpec spec, Clock clock, double noiseRelative, double transientPauseMicros,
                      Map<String, Resource> resources, List<Mechanism> mechanisms) {
    public static final List<String> BUNDLED = List.of("f-like", "h-like", "clean");
    private static final String HINT = "see search/src/main/resources/org/sonde/search/sim/f-like.yaml for the format";

    /** Seconds one experiment takes: set-up grows with QPs and MRs (§5: 20-60 s per experiment). */
    record Clock(double baseSeconds, double perQpSeconds, double perMrSeconds, double maxSeconds) {
        public double seconds(int qps, long mrs) {
            return Math.min(maxSeconds, baseSeconds + perQpSeconds * qps + perMrSeconds * mrs);
        }
    }

    /** A resource and the diagnostic counter that reports its misses or stalls per second. */
    record Resource(String name, String counter, double eventsPerSecAtProximity1, String description) {}

    public Profile {
        resources = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(resources));
        mechanisms = List.copyOf(mechanisms);
    }

    /** A bundled profile by name. */
    public static Profile bundled(String name) {
        if (!BUNDLED.contains(name)) {
            throw new ConfigException("profile", "no bundled subsystem profile '" + name + "'; the bundled ones are " + String.join(", ", BUNDLED),
                    "name one of them, or give the path of a profile YAML file");
        }
        try (InputStream in = Profile.class.getResourceAsStream(name + ".yaml")) {
            if (in == null) throw new IllegalStateException("bundled profile " + name + " is missing from the class path");
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return read(YamlTree.parse("profile " + name, text), name);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A profile from a YAML file; errors name the file, line and key. */
    public static Profile load(Path file) {
        YamlTree tree = YamlTree.read(file, "subsystem profile", HINT);
        return read(tree, file.getFileName().toString().replaceFirst("\\.ya?ml$", ""));
    }

    static Profile read(YamlTree tree, String name) {
        return tree.interpret(root -> parse(root, name), HINT);
    }

    private static Profile parse(ConfigMap c, String name) {
        String description = c.string("description", "");
        NicSpec spec = new NicSpec(c.bitsPerSecond("line-rate", 0, 1, Long.MAX_VALUE),
                c.number("packet-rate", 0, 1, 1e12), (int) c.integer("header-bytes", 82, 0, 4096),
                c.nanos("base-latency", 5_000, 1, 1_000_000_000) / 1e9);
        if (spec.lineBitsPerSec() <= 0) throw new ConfigException(c.pathOf("line-rate"), "is required");
        ConfigMap e = c.section("experiment");
        Clock clock = new Clock(e.number("base-seconds", 20, 0, 3600), e.number("per-qp-seconds", 0.02, 0, 60),
                e.number("per-mr-seconds", 0.001, 0, 60), e.number("max-seconds", 60, 0, 3600));
        e.finish();
        ConfigMap n = c.section("noise");
        double relative = n.number("relative", 0.02, 0, 0.5);
        double transientPause = n.number("transient-pause-us", 300, 0, 1e6);
        n.finish();
        Map<String, Resource> resources = new LinkedHashMap<>();
        ConfigMap rs = c.section("resources");
        for (String r : rs.keys()) {
            ConfigMap s = rs.section(r);
            resources.put(r, new Resource(r, s.string("counter", r), s.number("events-per-sec", 1e6, 0, 1e12), s.string("description", "")));
            s.finish();
        }
        List<Mechanism> mechanisms = new ArrayList<>();
        List<Object> ms = c.list("mechanisms");
        Set<String> ids = new LinkedHashSet<>();
        for (int i = 0; i < ms.size(); i++) {
            ConfigMap m = ConfigMap.of(c.pathOf("mechanisms") + "[" + i + "]", ms.get(i));
            Mechanism mech = mechanism(m, resources);
            if (!ids.add(mech.id())) throw new ConfigException(m.pathOf("id"), "repeats mechanism id " + mech.id());
            mechanisms.add(mech);
        }
        c.finish();
        return new Profile(name, description, spec, clock, relative, transientPause, resources, mechanisms);
    }

    private static Mechanism mechanism(ConfigMap m, Map<String, Resource> resources) {
        String id = m.requiredString("id");
        int anomaly = (int) m.integer("anomaly", 0, 0, 1000);
        String resource = m.requiredString("resource");
        if (!resources.containsKey(resource)) throw new ConfigException(m.pathOf("resource"), "names no resource of the profile; known: " + String.join(", ", resources.keySet()));
        Symptom symptom = m.choice("symptom", Symptom.class, null);
        if (symptom == null || symptom == Symptom.LATENCY) throw new ConfigException(m.pathOf("symptom"), "is required: pause or throughput");
        double pause = m.number("pause-ratio", symptom == Symptom.PAUSE ? 0.05 : 0, 0, 1);
        double factor = m.number("throughput-factor", symptom == Symptom.PAUSE ? 1 - pause : 0.6, 0.01, 1);
        double slope = m.number("perf-slope", 0.1, 0, 0.15);
        String scope = m.string("scope", "any");
        if (!scope.equals("any") && !scope.equals("every")) throw new ConfigException(m.pathOf("scope"), "must be any or every");
        Set<Mode> modes = enums(m, "mode", Mode.class);
        Set<Memory> memory = enums(m, "memory", Memory.class);
        Set<QpType> qpTypes = enums(m, "qp-type", QpType.class);
        Set<Opcode> opcodes = enums(m, "opcode", Opcode.class);
        Set<Integer> mtus = new LinkedHashSet<>();
        for (Object o : m.list("mtu")) {
            if (!(o instanceof Integer v) || (v != 1024 && v != 2048 && v != 4096)) throw new ConfigException(m.pathOf("mtu"), "'" + o + "' is not an RDMA MTU (1024, 2048, 4096)");
            mtus.add(v);
        }
        Boolean mixed = m.has("mixed") ? m.bool("mixed", false) : null;
        Map<Metric, Double> atLeast = thresholds(m, "at-least");
        Map<Metric, Double> atMost = thresholds(m, "at-most");
        String cite = m.requiredString("cite");
        m.finish();
        return new Mechanism(id, anomaly, resource, symptom, pause, factor, slope, scope.equals("every"), modes, memory, qpTypes, opcodes, mtus,
                mixed, atLeast, atMost, cite);
    }

    private static Map<Metric, Double> thresholds(ConfigMap m, String key) {
        Map<Metric, Double> out = new EnumMap<>(Metric.class);
        if (!m.has(key)) return out;
        ConfigMap s = m.section(key);
        for (String k : s.keys()) {
            Metric metric = Metric.byKey(k);
            if (metric == null) {
                List<String> known = new ArrayList<>();
                for (Metric x : Metric.values()) known.add(x.key());
                throw new ConfigException(s.pathOf(k), "is not a metric; known: " + String.join(", ", known));
            }
            out.put(metric, s.number(k, 0, 0, 1e12));
        }
        return out;
    }

    private static <E extends Enum<E>> Set<E> enums(ConfigMap m, String key, Class<E> type) {
        Set<E> out = new LinkedHashSet<>();
        Function<String, String> norm = s -> s.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        for (Object o : m.list(key)) {
            try {
                out.add(Enum.valueOf(type, norm.apply(String.valueOf(o))));
            } catch (IllegalArgumentException e) {
                List<String> known = new ArrayList<>();
                for (E x : type.getEnumConstants()) known.add(x.name().toLowerCase(Locale.ROOT).replace('_', '-'));
                throw new ConfigException(m.pathOf(key), "'" + o + "' is not one of " + String.join(", ", known));
            }
        }
        return out;
    }

    /** The diagnostic counters' names, in the resources' order. */
    public List<String> counters() {
        List<String> l = new ArrayList<>();
        for (Resource r : resources.values()) l.add(r.counter());
        return l;
    }

    public Mechanism mechanism(String id) {
        for (Mechanism m : mechanisms) if (m.id().equals(id)) return m;
        throw new IllegalArgumentException("no mechanism " + id + " in profile " + name);
    }

    Map<String, Integer> resourceIndex() {
        Map<String, Integer> idx = new LinkedHashMap<>();
        int i = 0;
        for (String r : resources.keySet()) idx.put(r, i++);
        return idx;
    }
}
