package org.sonde.search.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;

/**
 * One reading of a NIC's counters, by name, as unsigned 64-bit values, from either source:
 *
 * <ul>
 *   <li>{@code ethtool -S IFACE}: ethtool's {@code do_gstats} prints "NIC statistics:" and then one
 *       line per counter, {@code "     %.*s: %llu"}; the names are the driver's (mlx5's are described
 *       in the kernel's {@code Documentation/networking/device_drivers/ethernet/mellanox/mlx5/counters.rst}:
 *       {@code rx_prio3_pause_duration} and {@code tx_prio3_pause_duration} in microseconds,
 *       {@code tx_vport_rdma_unicast_bytes}, {@code rx_pause_ctrl_phy}, ...);</li>
 *   <li>the port's {@code hw_counters} directory ({@code /sys/class/infiniband/DEV/ports/PORT/hw_counters},
 *       kernel {@code Documentation/ABI/stable/sysfs-class-infiniband}: one file per counter holding one
 *       integer, e.g. {@code out_of_buffer}, {@code packet_seq_err}), read as {@code grep -H . DIR/*},
 *       whose lines are grep's {@code FILE:LINE}.</li>
 * </ul>
 *
 * Deltas between two readings, per second, are the diagnostic counters of a remote experiment.
 */
record NicCounters(String source, Map<String, Long> values) {
    private static final String ETHTOOL_HINT = "give the output of ethtool -S IFACE (\"NIC statistics:\" and \"name: value\" lines)";
    private static final String SYSFS_HINT = "give the output of grep -H . /sys/class/infiniband/DEV/ports/PORT/hw_counters/* (\"FILE:VALUE\" lines)";

    public NicCounters {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    static NicCounters parseEthtool(String text, String source) {
        String[] lines = text.split("\r?\n", -1);
        int first = 0;
        while (first < lines.length && lines[first].isBlank()) first++;
        if (first == lines.length || !lines[first].strip().equals("NIC statistics:")) {
            throw new BadInputException(source, "line " + (first + 1), "expected \"NIC statistics:\"", ETHTOOL_HINT, null);
        }
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = first + 1; i < lines.length; i++) {
            String l = lines[i];
            if (l.isBlank()) continue;
            int colon = l.lastIndexOf(": ");
            String at = "line " + (i + 1);
            if (colon < 0) throw new BadInputException(source, at, "expected \"name: value\", got \"" + clip(l) + "\"", ETHTOOL_HINT, null);
            put(m, l.substring(0, colon).strip(), l.substring(colon + 2).strip(), source, at, ETHTOOL_HINT);
        }
        return new NicCounters(source, m);
    }

    static NicCounters parseHwCounters(String text, String source) {
        String[] lines = text.split("\r?\n", -1);
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            if (l.isBlank()) continue;
            int colon = l.lastIndexOf(':');
            String at = "line " + (i + 1);
            if (colon < 0) throw new BadInputException(source, at, "expected \"FILE:VALUE\", got \"" + clip(l) + "\"", SYSFS_HINT, null);
            String path = l.substring(0, colon);
            put(m, path.substring(path.lastIndexOf('/') + 1), l.substring(colon + 1).strip(), source, at, SYSFS_HINT);
        }
        return new NicCounters(source, m);
    }

    private static void put(Map<String, Long> m, String name, String value, String source, String at, String hint) {
        if (name.isEmpty()) throw new BadInputException(source, at, "expected a counter name before the value", hint, null);
        if (value.isEmpty() || value.length() > 20 || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new BadInputException(source, at, name + ": expected an unsigned integer, got \"" + clip(value) + "\"", hint, null);
        }
        long v;
        try {
            v = Long.parseUnsignedLong(value);
        } catch (NumberFormatException e) {
            throw new BadInputException(source, at, name + ": " + value + " does not fit in 64 bits", hint, e);
        }
        if (m.put(name, v) != null) throw new BadInputException(source, at, "counter " + name + " appears twice", hint, null);
    }

    /** This reading and {@code other} (of another source, e.g. hw_counters beside ethtool) as one; names must not clash. */
    NicCounters and(NicCounters other) {
        Map<String, Long> m = new LinkedHashMap<>(values);
        for (var e : other.values.entrySet()) {
            if (m.put(e.getKey(), e.getValue()) != null) throw new BadInputException(other.source, "counter " + e.getKey(), "also in " + source, null, null);
        }
        return new NicCounters(source + " + " + other.source, m);
    }

    /** Whether the reading has counter {@code name}. */
    boolean has(String name) {
        return values.containsKey(name);
    }

    /**
     * How much each named counter grew from {@code before} to {@code after}, per second of {@code seconds}.
     * A name missing from a reading, or a counter that went backwards (a reset), is an error naming it.
     */
    static double[] perSecond(NicCounters before, NicCounters after, double seconds, List<String> names) {
        if (!(seconds > 0)) throw new IllegalArgumentException("interval must be positive");
        double[] out = new double[names.size()];
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            long a = before.get(n), b = after.get(n);
            if (Long.compareUnsigned(b, a) < 0) {
                throw new EnvironmentException(after.source + ": counter " + n + " went back from " + Long.toUnsignedString(a) + " to " + Long.toUnsignedString(b),
                        "a counter was reset during the experiment; run it again");
            }
            out[i] = unsigned(b - a) / seconds;
        }
        return out;
    }

    private long get(String name) {
        Long v = values.get(name);
        if (v == null) {
            List<String> some = new ArrayList<>(values.keySet());
            String known = some.isEmpty() ? "none" : String.join(", ", some.subList(0, Math.min(12, some.size()))) + (some.size() > 12 ? ", ..." : "");
            throw new BadInputException(source, "counter " + name, "is not in the reading; it has " + known,
                    "name counters this NIC reports in the target file's counters section", null);
        }
        return v;
    }

    private static double unsigned(long v) {
        return v >= 0 ? v : (v >>> 1) * 2.0 + (v & 1);
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
