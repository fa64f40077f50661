package org.sonde.sim.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Node;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.Switch;

/** The nodes, hosts and ports a scenario names, found in the network; a name that is wrong is an error at its key. */
final class NodeNames {
    private NodeNames() {
    }

    static Node node(Network net, String where, String name) {
        Node n = net.node(name);
        if (n == null) throw new ConfigException(where, "no node is named '" + name + "'");
        return n;
    }

    static Host host(Network net, String where, String name) {
        if (!(node(net, where, name) instanceof Host h)) throw new ConfigException(where, "'" + name + "' is a switch, not a host");
        return h;
    }

    /** Host names: one name, a list, or a pattern with * ("l*"), in the network's order. */
    static List<Host> hosts(ConfigMap m, String key, Network net) {
        Object v = m.raw(key);
        if (v == null) throw new ConfigException(m.pathOf(key), "is required: a host, a list of hosts or a pattern such as h*");
        List<Object> items = v instanceof List<?> l ? new ArrayList<>(l) : List.of(v);
        List<Host> out = new ArrayList<>();
        for (Object o : items) {
            String s = String.valueOf(o);
            if (s.contains("*")) {
                Pattern pattern = Pattern.compile("\\Q" + s.replace("*", "\\E.*\\Q") + "\\E"); // once, not once per host
                List<Host> matched = net.hosts().stream().filter(h -> pattern.matcher(h.name()).matches()).toList();
                if (matched.isEmpty()) throw new ConfigException(m.pathOf(key), "pattern '" + s + "' matches no host");
                out.addAll(matched);
            } else {
                out.add(host(net, m.pathOf(key), s));
            }
        }
        return out;
    }

    /** Ports as "node:index", "node>peer" (the port of node facing peer), or a host name (its NIC). */
    static List<Port> ports(ConfigMap m, String key, Network net) {
        List<Port> out = new ArrayList<>();
        for (Object o : m.list(key)) {
            String s = String.valueOf(o);
            String where = m.pathOf(key);
            if (s.equals("all-switch-ports")) {
                for (Switch sw : net.switches()) out.addAll(sw.ports());
            } else if (s.contains(">")) {
                String[] ab = s.split(">", 2);
                Node a = node(net, where, ab[0].strip());
                Node b = node(net, where, ab[1].strip());
                Port p = a.ports().stream().filter(x -> x.peer().node() == b).findFirst()
                        .orElseThrow(() -> new ConfigException(where, a.name() + " has no link to " + b.name()));
                out.add(p);
            } else if (s.contains(":")) {
                String[] ni = s.split(":", 2);
                Node n = node(net, where, ni[0].strip());
                int i;
                try {
                    i = Integer.parseInt(ni[1].strip());
                } catch (NumberFormatException e) {
                    throw new ConfigException(where, "'" + s + "': the port index must be a number");
                }
                if (i < 0 || i >= n.ports().size()) throw new ConfigException(where, n.name() + " has ports 0.." + (n.ports().size() - 1) + ", not " + i);
                out.add(n.port(i));
            } else if (node(net, where, s) instanceof Host h) {
                out.add(h.nic());
            } else {
                throw new ConfigException(where, "'" + s + "' is a switch; name one of its ports as " + s + ":INDEX or " + s + ">PEER");
            }
        }
        return out;
    }
}
