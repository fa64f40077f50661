package org.sonde.core.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.core.BadInputException;

/**
 * Typed, checked access to one section of a scenario (a YAML mapping): every getter names the key's
 * full path in its error, quantities are parsed with {@link Units}, and {@link #finish()} rejects keys
 * nobody asked for, listing the known ones — so a typo is an error, not a silently ignored setting.
 */
public final class ConfigMap {
    private final String path;
    private final Map<String, Object> values;
    private final Path baseDirectory;
    private final Set<String> known = new LinkedHashSet<>();

    private ConfigMap(String path, Map<String, Object> values, Path baseDirectory) {
        this.path = path;
        this.values = values;
        this.baseDirectory = baseDirectory;
    }

    /** Wraps a parsed mapping; {@code null} is an empty section. {@code path} names it in errors ("tcp", "switches.s1"). */
    public static ConfigMap of(String path, Object section) {
        return of(path, section, Path.of(""));
    }

    /**
     * As {@link #of(String, Object)}, for a section of a file in {@code baseDirectory}: the file names it
     * gives ({@link #file}) are relative to that directory, not to where Sonde runs.
     */
    public static ConfigMap of(String path, Object section, Path baseDirectory) {
        if (section == null) return new ConfigMap(path, Map.of(), baseDirectory);
        if (!(section instanceof Map<?, ?> m)) throw new ConfigException(path, "must be a mapping of keys to values, got " + describe(section));
        Map<String, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) copy.put(String.valueOf(e.getKey()), e.getValue());
        return new ConfigMap(path, copy, baseDirectory);
    }

    /** The directory relative file names in this section are resolved against. */
    public Path baseDirectory() {
        return baseDirectory;
    }

    /** A file name given in this section, resolved against {@link #baseDirectory()} (absolute names stay as they are). */
    public Path file(String name) {
        return baseDirectory.resolve(name);
    }

    public String path() {
        return path;
    }

    public String pathOf(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    public boolean has(String key) {
        known.add(key);
        return values.containsKey(key) && values.get(key) != null;
    }

    public Object raw(String key) {
        known.add(key);
        return values.get(key);
    }

    public String string(String key, String fallback) {
        Object v = raw(key);
        if (v == null) return fallback;
        if (v instanceof Map || v instanceof List) throw new ConfigException(pathOf(key), "must be a single value, got " + describe(v));
        return String.valueOf(v);
    }

    public String requiredString(String key) {
        String s = string(key, null);
        if (s == null) throw new ConfigException(pathOf(key), "is required");
        return s;
    }

    public <E extends Enum<E>> E choice(String key, Class<E> type, E fallback) {
        String s = string(key, null);
        if (s == null) return fallback;
        for (E e : type.getEnumConstants()) if (e.name().equalsIgnoreCase(s.replace('-', '_'))) return e;
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) names.add(e.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
        throw new ConfigException(pathOf(key), "'" + s + "' is not one of " + String.join(", ", names));
    }

    public long integer(String key, long fallback, long min, long max) {
        Object v = raw(key);
        if (v == null) return fallback;
        long x;
        if (v instanceof Integer || v instanceof Long) x = ((Number) v).longValue();
        else {
            try {
                x = Long.parseLong(String.valueOf(v).strip());
            } catch (NumberFormatException e) {
                throw new ConfigException(pathOf(key), "'" + v + "' is not a whole number");
            }
        }
        return inRange(key, x, min, max);
    }

    public double number(String key, double fallback, double min, double max) {
        Object v = raw(key);
        if (v == null) return fallback;
        double x;
        try {
            x = v instanceof Number n ? n.doubleValue() : Double.parseDouble(String.valueOf(v).strip());
        } catch (NumberFormatException e) {
            throw new ConfigException(pathOf(key), "'" + v + "' is not a number");
        }
        if (!(x >= min && x <= max)) throw new ConfigException(pathOf(key), x + " is outside " + min + ".." + max);
        return x;
    }

    public boolean bool(String key, boolean fallback) {
        Object v = raw(key);
        if (v == null) return fallback;
        if (v instanceof Boolean b) return b;
        return switch (String.valueOf(v).strip().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "yes", "on" -> true;
            case "false", "no", "off" -> false;
            default -> throw new ConfigException(pathOf(key), "'" + v + "' is not true or false");
        };
    }

    public long nanos(String key, long fallback, long min, long max) {
        return quantity(key, fallback, min, max, Units::nanos);
    }

    public long bytes(String key, long fallback, long min, long max) {
        return quantity(key, fallback, min, max, Units::bytes);
    }

    public long bitsPerSecond(String key, long fallback, long min, long max) {
        return quantity(key, fallback, min, max, Units::bitsPerSecond);
    }

    public Distribution distribution(String key, Distribution fallback) {
        String s = string(key, null);
        if (s == null) return fallback;
        try {
            return Distribution.parse(s);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(pathOf(key), e.getMessage());
        }
    }

    public ConfigMap section(String key) {
        return of(pathOf(key), raw(key), baseDirectory);
    }

    /** The list under {@code key} (empty if absent). */
    public List<Object> list(String key) {
        Object v = raw(key);
        if (v == null) return List.of();
        if (!(v instanceof List<?> l)) throw new ConfigException(pathOf(key), "must be a list, got " + describe(v));
        return new ArrayList<>(l);
    }

    /** Every key of the section, for sections whose keys are names (e.g. of hosts). */
    public Set<String> keys() {
        known.addAll(values.keySet());
        return values.keySet();
    }

    /** Rejects keys that no getter asked for. Call after reading the section. */
    public void finish() {
        for (String k : values.keySet()) {
            if (!known.contains(k)) {
                throw new ConfigException(pathOf(k), "is not a known setting" + (known.isEmpty() ? "" : "; known here: " + String.join(", ", known)));
            }
        }
    }

    private interface Parser {
        long parse(String text);
    }

    private long quantity(String key, long fallback, long min, long max, Parser parser) {
        String s = string(key, null);
        if (s == null) return fallback;
        long x;
        try {
            x = parser.parse(s);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(pathOf(key), e.getMessage());
        }
        return inRange(key, x, min, max);
    }

    private long inRange(String key, long x, long min, long max) {
        if (x < min || x > max) throw new ConfigException(pathOf(key), x + " is outside " + min + ".." + max);
        return x;
    }

    private static String describe(Object v) {
        return v instanceof Map ? "a mapping" : v instanceof List ? "a list" : "'" + v + "'";
    }

    /**
     * A setting that is missing, malformed or out of range: bad input (exit 3) whose location is
     * the key's path. {@link YamlTree#interpret} adds the file and line.
     */
    public static final class ConfigException extends BadInputException {
        private final String key;

        public ConfigException(String key, String problem) {
            this(key, problem, null);
        }

        public ConfigException(String key, String problem, String hint) {
            super(null, key, problem, hint, null);
            this.key = key;
        }

        public String key() {
            return key;
        }
    }
}
