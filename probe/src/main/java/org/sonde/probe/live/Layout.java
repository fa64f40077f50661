package org.sonde.probe.live;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.packet.Ipv4Address;
import org.sonde.probe.topology.Agent;
import org.sonde.probe.topology.Link;
import org.sonde.probe.topology.Topology;

/**
 * How a {@link Topology} becomes namespaces: a namespace per node (its name with everything but
 * lower-case letters and digits removed), a veth pair per link (each end named after the node it
 * leads to, addressed from its own /30 in 10.128.0.0/9), each agent's address on its host's
 * loopback, and in every node a /32 route to every agent over all of its equal-cost next hops
 * (hosts never forward), weighted by the links' WCMP weights. Pure data: {@link NamespaceNetwork}
 * creates it.
 */
final class Layout {
    /** The link addresses: 10.128.0.0/9, a /30 per link. */
    static final int LINK_BASE = 0x0A80_0000;
    static final int LINK_MASK = 0xFF80_0000;

    private final Topology topology;
    private final String[] names;
    private final Map<String, Integer> byName = new HashMap<>();
    /** Per node, the interface towards each neighbour (by node index). */
    private final List<Map<Integer, String>> interfaces = new ArrayList<>();
    /** Per node, the address of its end towards each neighbour. */
    private final List<Map<Integer, Integer>> addresses = new ArrayList<>();
    private final Map<Integer, Integer> nodeByAddress = new HashMap<>();
    private final List<int[]> pairs = new ArrayList<>();

    public Layout(Topology topology) {
        this.topology = topology;
        int n = topology.nodes().size();
        names = new String[n];
        for (int i = 0; i < n; i++) {
            String name = topology.node(i).name().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]", "");
            if (name.isEmpty() || !Character.isLetter(name.charAt(0)) || name.length() > 15)
                throw new IllegalArgumentException("node " + topology.node(i).name() + " has no namespace name (" + name
                        + "): a namespace node needs a name that starts with a letter and has at most 15 letters and digits");
            Integer clash = byName.putIfAbsent(name, i);
            if (clash != null)
                throw new IllegalArgumentException("nodes " + topology.node(clash).name() + " and " + topology.node(i).name() + " both become namespace node " + name);
            names[i] = name;
            interfaces.add(new LinkedHashMap<>());
            addresses.add(new HashMap<>());
        }
        for (Link l : topology.links()) {
            int a = Math.min(l.from(), l.to()), b = Math.max(l.from(), l.to());
            if (l.weight() != Math.rint(l.weight()) || l.weight() > 256)
                throw new IllegalArgumentException("link " + l.id() + " has weight " + l.weight() + "; Linux next hops take whole weights 1..256");
            if (topology.linkIndex(topology.node(l.to()).name() + "->" + topology.node(l.from()).name()) < 0)
                throw new IllegalArgumentException("link " + l.id() + " has no reverse link; a veth link carries both directions");
            if (l.id().contains("#")) throw new IllegalArgumentException("link " + l.id() + " is a parallel link; a namespace testbed joins two nodes once");
            if (interfaces.get(a).containsKey(b)) continue;
            int base = LINK_BASE + 4 * pairs.size();
            if ((base & LINK_MASK) != LINK_BASE) throw new IllegalArgumentException("more links than 10.128.0.0/9 has /30s");
            pairs.add(new int[] {a, b});
            interfaces.get(a).put(b, names[b]);
            interfaces.get(b).put(a, names[a]);
            addresses.get(a).put(b, base + 1);
            addresses.get(b).put(a, base + 2);
            nodeByAddress.put(base + 1, a);
            nodeByAddress.put(base + 2, b);
        }
        for (Agent ag : topology.agents()) {
            int address = address(ag);
            if ((address & LINK_MASK) == LINK_BASE) throw new IllegalArgumentException("agent " + ag.name() + "'s address " + ag.address() + " is in 10.128.0.0/9, which the links use");
            if (nodeByAddress.putIfAbsent(address, ag.node()) != null) throw new IllegalArgumentException("agent " + ag.name() + "'s address " + ag.address() + " is taken");
        }
    }

    public Topology topology() {
        return topology;
    }

    /** The namespace node name of topology node {@code node}. */
    public String name(int node) {
        return names[node];
    }

    /** Every namespace node, in topology order. */
    public List<String> names() {
        return List.of(names);
    }

    /** The topology node that owns this address (a link end or an agent), or -1. */
    public int nodeOf(int address) {
        return nodeByAddress.getOrDefault(address, -1);
    }

    /** The interface of {@code from} that leads to {@code to}, or null when they are not neighbours. */
    public String interfaceTo(int from, int to) {
        return interfaces.get(from).get(to);
    }

    /** The neighbour an interface of {@code node} leads to, or -1. */
    public int neighbour(int node, String interfaceName) {
        for (Map.Entry<Integer, String> e : interfaces.get(node).entrySet()) if (e.getValue().equals(interfaceName)) return e.getKey();
        return -1;
    }

    /** The address of {@code node}'s end of its link to {@code neighbour}. */
    public int addressTo(int node, int neighbour) {
        return addresses.get(node).get(neighbour);
    }

    /** The agent's address as a number. */
    public static int address(Agent a) {
        return Ipv4Address.parse(a.address()).value();
    }

    /** The links as node pairs (lower index first), in the order their /30s are numbered. */
    public List<int[]> pairs() {
        return pairs;
    }

    /**
     * The routes of {@code node}: per agent it can reach (other than one on itself), the next hops'
     * addresses, each repeated by its link's weight expressed as {@code weight} in the returned
     * pair {@code [address, weight]}.
     */
    public Map<Agent, List<int[]>> routes(int node) {
        Map<Agent, List<int[]>> out = new LinkedHashMap<>();
        for (Agent a : topology.agents()) {
            if (a.node() == node) continue;
            int[] dist = hopsTo(a.node());
            if (dist[node] <= 0) continue;
            List<int[]> hops = new ArrayList<>();
            for (Link l : topology.links()) {
                if (l.from() != node) continue;
                int v = l.to();
                if (dist[v] == dist[node] - 1 && (v == a.node() || !topology.node(v).isHost())) hops.add(new int[] {addressTo(v, node), (int) l.weight()});
            }
            out.put(a, hops);
        }
        return out;
    }

    private final Map<Integer, int[]> distances = new HashMap<>();

    /** Hops to {@code sink} from every node, -1 where none leads; only routers pass packets on (as {@code Routes}). */
    private int[] hopsTo(int sink) {
        return distances.computeIfAbsent(sink, s -> {
            int n = topology.nodes().size();
            int[] dist = new int[n];
            Arrays.fill(dist, -1);
            dist[s] = 0;
            List<Integer> queue = new ArrayList<>(List.of(s));
            for (int i = 0; i < queue.size(); i++) {
                int v = queue.get(i);
                if (v != s && topology.node(v).isHost()) continue;
                for (Link l : topology.links()) {
                    if (l.to() != v || dist[l.from()] >= 0) continue;
                    dist[l.from()] = dist[v] + 1;
                    queue.add(l.from());
                }
            }
            return dist;
        });
    }
}
