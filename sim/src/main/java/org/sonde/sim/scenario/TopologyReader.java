package org.sonde.sim.scenario;

import static org.sonde.sim.scenario.NodeNames.node;
import static org.sonde.sim.scenario.SettingsReader.NO_LINK;
import static org.sonde.sim.scenario.SettingsReader.hostConfig;
import static org.sonde.sim.scenario.SettingsReader.link;
import static org.sonde.sim.scenario.SettingsReader.linkSettings;
import static org.sonde.sim.scenario.SettingsReader.switchConfig;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.packet.Ipv4Address;
import org.sonde.sim.net.BuildProgress;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.LinkSpec;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Node;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.net.Topologies;

/**
 * Reads a scenario's {@code topology}: one of the shapes {@link Topologies} builds (its keys read here,
 * the building done there), or hosts, switches and links given one by one.
 */
final class TopologyReader {
    /** 27,648 hosts; every switch holds a route to every host, so k = 64 would hold 335 million. */
    private static final int MAX_FAT_TREE_K = 48;

    private TopologyReader() {
    }

    /** Reads the section's keys, then builds what it describes into {@code net}, telling {@code progress} of each host. */
    static void read(ConfigMap t, Network net, SwitchConfig sw, HostConfig host, BuildProgress progress) {
        int kinds = (t.has("star") ? 1 : 0) + (t.has("dumbbell") ? 1 : 0) + (t.has("leaf-spine") ? 1 : 0)
                + (t.has("fat-tree") ? 1 : 0) + (t.has("links") ? 1 : 0);
        if (kinds != 1) throw new ConfigException(t.path().isEmpty() ? "topology" : t.path(),
                "needs exactly one of star, dumbbell, leaf-spine, fat-tree, or hosts/switches/links");
        Topologies shapes = new Topologies(net, sw, host, progress);
        if (t.has("star")) {
            ConfigMap s = t.section("star");
            int n = (int) s.integer("hosts", 0, 2, 100_000);
            LinkSpec l = link(s.section("link"), NO_LINK);
            s.finish();
            shapes.star(n, l);
        } else if (t.has("dumbbell")) {
            ConfigMap d = t.section("dumbbell");
            int pairs = (int) d.integer("pairs", 0, 1, 100_000);
            LinkSpec access = link(d.section("access"), NO_LINK);
            LinkSpec bottleneck = link(d.section("bottleneck"), NO_LINK);
            d.finish();
            shapes.dumbbell(pairs, access, bottleneck);
        } else if (t.has("leaf-spine")) {
            ConfigMap c = t.section("leaf-spine");
            int leaves = (int) c.integer("leaves", 0, 1, 10_000);
            int spines = (int) c.integer("spines", 0, 1, 10_000);
            int perLeaf = (int) c.integer("hosts-per-leaf", 0, 1, 10_000);
            LinkSpec hostLink = link(c.section("host-link"), NO_LINK);
            LinkSpec fabric = link(c.section("fabric-link"), NO_LINK);
            c.finish();
            shapes.leafSpine(leaves, spines, perLeaf, hostLink, fabric);
        } else if (t.has("fat-tree")) {
            ConfigMap f = t.section("fat-tree");
            int k = (int) f.integer("k", -1, 2, MAX_FAT_TREE_K);
            if (k < 0) throw new ConfigException(f.pathOf("k"), "is required: the switches' port count, even, e.g. 4");
            LinkSpec hostLink = link(f.section("host-link"), NO_LINK);
            LinkSpec fabric = link(f.section("fabric-link"), NO_LINK);
            f.finish();
            try {
                shapes.fatTree(k, hostLink, fabric);
            } catch (IllegalArgumentException e) { // the links are checked above: only k can be wrong (odd)
                throw new ConfigException(f.pathOf("k"), e.getMessage());
            }
        } else {
            explicit(t, net, sw, host);
        }
        t.finish();
    }

    private static void explicit(ConfigMap t, Network net, SwitchConfig sw, HostConfig host) {
        for (Map.Entry<String, Object> e : named(t, "switches").entrySet()) {
            String name = e.getKey();
            Object v = e.getValue();
            net.addSwitch(name, v == null ? sw : switchConfig(ConfigMap.of(t.pathOf("switches") + "." + name, v), sw));
        }
        for (Map.Entry<String, Object> e : named(t, "hosts").entrySet()) {
            String name = e.getKey();
            Object v = e.getValue();
            ConfigMap h = ConfigMap.of(t.pathOf("hosts") + "." + name, v);
            String ip = h.string("ip", null);
            List<Object> aliases = h.list("addresses");
            HostConfig hc = hostConfig(h, host);
            Host added = ip == null ? net.addHost(name, hc) : net.addHost(name, ipv4(h.pathOf("ip"), ip), hc);
            for (int i = 0; i < aliases.size(); i++) {
                String where = h.pathOf("addresses") + "[" + i + "]";
                try {
                    net.addAddress(added, ipv4(where, String.valueOf(aliases.get(i))));
                } catch (IllegalArgumentException ex) {
                    throw new ConfigException(where, ex.getMessage());
                }
            }
        }
        ConfigMap linkDefaults = t.section("link");
        LinkSpec defaults = linkSettings(linkDefaults, NO_LINK);
        linkDefaults.finish();
        List<Object> links = t.list("links");
        for (int i = 0; i < links.size(); i++) {
            String where = t.pathOf("links") + "[" + i + "]";
            ConfigMap l = ConfigMap.of(where, links.get(i) instanceof List<?> pair ? Map.of("between", pair) : links.get(i));
            List<Object> ends = l.list("between");
            if (ends.size() != 2) throw new ConfigException(l.pathOf("between"), "names the two nodes of the link, e.g. [h0, s0]");
            Node a = node(net, l.pathOf("between"), String.valueOf(ends.get(0)));
            Node b = node(net, l.pathOf("between"), String.valueOf(ends.get(1)));
            LinkSpec spec = linkSettings(l, defaults);
            if (spec.rateBps() <= 0) throw new ConfigException(l.pathOf("rate"), "is required here or in topology.link");
            l.finish();
            try {
                net.connect(a, b, spec);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(where, e.getMessage());
            }
        }
    }

    /** Nodes given as a list of names or as a mapping from names to their settings (null: defaults). */
    private static Map<String, Object> named(ConfigMap t, String key) {
        Object v = t.raw(key);
        if (v == null) throw new ConfigException(t.pathOf(key), "is required with links");
        Map<String, Object> m = new LinkedHashMap<>();
        if (v instanceof List<?> l) {
            for (Object o : l) {
                if (o == null || o instanceof Map || o instanceof List) throw new ConfigException(t.pathOf(key), "lists names, not " + o);
                if (m.containsKey(String.valueOf(o))) throw new ConfigException(t.pathOf(key), "names '" + o + "' twice");
                m.put(String.valueOf(o), null);
            }
        } else {
            ConfigMap section = t.section(key);
            for (String name : section.keys()) m.put(name, section.raw(name));
        }
        return m;
    }

    private static int ipv4(String where, String text) {
        try {
            return Ipv4Address.parse(text).value();
        } catch (IllegalArgumentException e) {
            throw new ConfigException(where, "'" + text + "' is not an IPv4 address");
        }
    }
}
