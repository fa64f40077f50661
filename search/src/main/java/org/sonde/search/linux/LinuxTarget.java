package org.sonde.search.linux;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.core.config.YamlTree;
import org.sonde.search.space.Grid;
import org.sonde.search.tcp.TcpDimension;
import org.sonde.search.tcp.TcpSpace;

/**
 * The Linux target's settings: {@code linux} alone takes the defaults, {@code linux:FILE.yaml}
 * reads them (core's config, so errors name file, line and key):
 *
 * <pre>{@code
 * prefix: sonde-collie       # namespaces PREFIX-PID-client and PREFIX-PID-server
 * experiment: 2s             # the measured phase of each experiment (whole seconds)
 * link-rate: 1Gbps           # a tbf on both veth ends (default: none, the veth's own speed)
 * shortfall: 0.2             # a throughput anomaly: responses this share below the offered rate (default 0.2)
 * space:                     # narrower grids (values of each dimension's full grid; one value fixes it)
 *   cps: [1000, 3000]
 *   syncookies: [1]
 * }</pre>
 *
 * @param linkBitsPerSecond 0: no rate limit
 * @param shortfall         the share of the offered rate the responses must fall short by to be a throughput anomaly
 *                          ({@link TcpMonitor}; Collie's 20 % by default, less where a testbed's runs scatter less)
 */
public record LinuxTarget(String name, String prefix, int experimentSeconds, long linkBitsPerSecond, double shortfall, TcpSpace space) {
    private static final String HINT = "a Linux target file: prefix, experiment (e.g. 2s), link-rate (e.g. 1Gbps), shortfall (e.g. 0.2), "
            + "space (dimension: [values])";
    public static final String DEFAULT_PREFIX = "sonde-collie";
    /** Collie's throughput condition: 20 % below the bound (§5.1). */
    public static final double DEFAULT_SHORTFALL = 0.2;

    public LinuxTarget {
        if (!prefix.matches("[a-z][a-z0-9-]{0,15}")) throw new IllegalArgumentException("prefix '" + prefix + "': lower case letters, digits, dashes, at most 16");
        if (experimentSeconds < 1) throw new IllegalArgumentException("an experiment lasts at least 1 s");
        if (!(shortfall > 0 && shortfall < 1)) throw new IllegalArgumentException("shortfall " + shortfall + " is not between 0 and 1");
    }

    public static LinuxTarget defaults() {
        return new LinuxTarget("linux", DEFAULT_PREFIX, 2, 0, DEFAULT_SHORTFALL, TcpSpace.full());
    }

    public static LinuxTarget load(Path file) {
        return YamlTree.read(file, "linux target", HINT).interpret(c -> parse(c, "linux:" + file), HINT);
    }

    static LinuxTarget parse(String source, String text) {
        return YamlTree.parse(source, text).interpret(c -> parse(c, "linux:" + source), HINT);
    }

    private static LinuxTarget parse(ConfigMap c, String name) {
        String prefix = c.string("prefix", DEFAULT_PREFIX);
        if (!prefix.matches("[a-z][a-z0-9-]{0,15}")) throw new ConfigException(c.pathOf("prefix"), "'" + prefix + "': lower case letters, digits and dashes, at most 16");
        long nanos = c.nanos("experiment", 2_000_000_000L, 1_000_000_000L, 600_000_000_000L);
        if (nanos % 1_000_000_000L != 0) throw new ConfigException(c.pathOf("experiment"), "whole seconds, e.g. 2s (the load engine measures per second)");
        long rate = c.has("link-rate") ? c.bitsPerSecond("link-rate", 0, 1_000_000, 400_000_000_000L) : 0;
        double shortfall = c.number("shortfall", DEFAULT_SHORTFALL, 0.01, 0.99);
        Map<TcpDimension, Grid> grids = new EnumMap<>(TcpDimension.class);
        if (c.has("space")) {
            ConfigMap s = c.section("space");
            for (String key : s.keys()) {
                TcpDimension d = TcpDimension.byJsonName(key);
                if (d == null) {
                    throw new ConfigException(s.pathOf(key), "is not a dimension; the dimensions are "
                            + String.join(", ", java.util.Arrays.stream(TcpDimension.values()).map(TcpDimension::jsonName).toList()));
                }
                List<Integer> values = new ArrayList<>();
                for (Object o : s.list(key)) {
                    int v;
                    try {
                        v = Integer.parseInt(String.valueOf(o).strip());
                    } catch (NumberFormatException e) {
                        throw new ConfigException(s.pathOf(key), "'" + o + "' is not an integer");
                    }
                    if (!d.grid().contains(v)) throw new ConfigException(s.pathOf(key), v + " is not one of " + values(d.grid()));
                    if (!values.contains(v)) values.add(v);
                }
                if (values.isEmpty()) throw new ConfigException(s.pathOf(key), "needs at least one of " + values(d.grid()));
                grids.put(d, Grid.of(values.stream().sorted().mapToInt(Integer::intValue).toArray()));
            }
            s.finish();
        }
        c.finish();
        return new LinuxTarget(name, prefix, (int) (nanos / 1_000_000_000L), rate, shortfall, new TcpSpace(grids));
    }

    private static String values(Grid g) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < g.size(); i++) out.add(String.valueOf(g.get(i)));
        return "[" + String.join(", ", out) + "]";
    }
}
