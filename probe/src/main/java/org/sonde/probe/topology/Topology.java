package org.sonde.probe.topology;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What NetSonar plans over: routers and hosts, directed links, the agents (on hosts) and, where
 * configured, explicit path sets between agent pairs (LSPs); every other pair is routed over its
 * ECMP shortest paths ({@link Routes}). Built with {@link Builder}, which rejects unknown nodes,
 * duplicate names, links from a node to itself and explicit paths that are not chains of links
 * with {@link IllegalArgumentException}s saying which; readers turn those into errors naming the
 * file and line. Immutable.
 */
public final class Topology {
    private final List<Node> nodes;
    private final List<Link> links;
    private final List<Agent> agents;
    private final Map<String, Integer> nodeByName;
    private final Map<String, Integer> linkById;
    private final Map<String, Agent> agentByName;
    private final int[][] out;
    private final Map<Long, List<ExplicitPath>> explicit;

    private Topology(List<Node> nodes, List<Link> links, List<Agent> agents, Map<String, Integer> nodeByName,
                     Map<Long, List<ExplicitPath>> explicit) {
        this.nodes = List.copyOf(nodes);
        this.links = List.copyOf(links);
        this.agents = List.copyOf(agents);
        this.nodeByName = Map.copyOf(nodeByName);
        Map<String, Integer> ids = new HashMap<>();
        for (Link l : links) ids.put(l.id(), l.index());
        this.linkById = Map.copyOf(ids);
        Map<String, Agent> an = new LinkedHashMap<>();
        for (Agent a : agents) an.put(a.name(), a);
        this.agentByName = Collections.unmodifiableMap(an);
        int[] degree = new int[nodes.size()];
        for (Link l : links) degree[l.from()]++;
        out = new int[nodes.size()][];
        for (int n = 0; n < out.length; n++) out[n] = new int[degree[n]];
        int[] fill = new int[nodes.size()];
        for (Link l : links) out[l.from()][fill[l.from()]++] = l.index();
        Map<Long, List<ExplicitPath>> ex = new HashMap<>();
        explicit.forEach((k, v) -> ex.put(k, List.copyOf(v)));
        this.explicit = Map.copyOf(ex);
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<Node> nodes() {
        return nodes;
    }

    public List<Link> links() {
        return links;
    }

    public List<Agent> agents() {
        return agents;
    }

    public Node node(int index) {
        return nodes.get(index);
    }

    public Link link(int index) {
        return links.get(index);
    }

    /** The node's index, or -1. */
    public int nodeIndex(String name) {
        return nodeByName.getOrDefault(name, -1);
    }

    /** The link's index, or -1. */
    public int linkIndex(String id) {
        return linkById.getOrDefault(id, -1);
    }

    /** The agent of that name, or null. */
    public Agent agent(String name) {
        return agentByName.get(name);
    }

    /** Indexes of the links leaving {@code node}; the array is shared, not to be changed. */
    int[] out(int node) {
        return out[node];
    }

    /** The explicit paths configured from agent host {@code from} to {@code to}; empty when the pair is routed by ECMP. */
    List<ExplicitPath> explicitPaths(int from, int to) {
        return explicit.getOrDefault(key(from, to), List.of());
    }

    /** Whether a link joins two routers: the links a fault is placed on in simulations (a host's own link fails all its probes alike). */
    public boolean isFabric(Link l) {
        return !nodes.get(l.from()).isHost() && !nodes.get(l.to()).isHost();
    }

    public String describe() {
        long routers = nodes.stream().filter(n -> !n.isHost()).count();
        return "%d routers, %d hosts, %d directed links, %d agents".formatted(routers, nodes.size() - routers, links.size(), agents.size());
    }

    private static long key(int from, int to) {
        return ((long) from << 32) | (to & 0xFFFF_FFFFL);
    }

    /** Collects nodes, links, agents and explicit paths in order; names are unique. */
    public static final class Builder {
        private final List<Node> nodes = new ArrayList<>();
        private final Map<String, Integer> byName = new HashMap<>();
        private final List<Link> links = new ArrayList<>();
        private final Map<String, Integer> parallel = new HashMap<>();
        private final Map<Long, Integer> firstLink = new HashMap<>();
        private final List<Agent> agents = new ArrayList<>();
        private final Map<Long, List<ExplicitPath>> explicit = new LinkedHashMap<>();

        private Builder() {}

        public Builder router(String name) {
            return add(new Node(name, Node.Kind.ROUTER));
        }

        public Builder host(String name) {
            return add(new Node(name, Node.Kind.HOST));
        }

        private Builder add(Node n) {
            if (byName.putIfAbsent(n.name(), nodes.size()) != null) throw new IllegalArgumentException("node " + n.name() + " is declared twice");
            nodes.add(n);
            return this;
        }

        public boolean has(String name) {
            return byName.containsKey(name);
        }

        /** The directed link {@code from -> to} with WCMP weight {@code weight}. */
        public Builder link(String from, String to, double weight) {
            int f = require(from);
            int t = require(to);
            if (f == t) throw new IllegalArgumentException("link from " + from + " to itself");
            String base = from + "->" + to;
            int n = parallel.merge(base, 1, Integer::sum);
            firstLink.putIfAbsent(key(f, t), links.size());
            links.add(new Link(links.size(), n == 1 ? base : base + "#" + n, f, t, weight));
            return this;
        }

        /** Links {@code a -> b} and {@code b -> a}, both with {@code weight}. */
        public Builder biLink(String a, String b, double weight) {
            return link(a, b, weight).link(b, a, weight);
        }

        /** Makes host {@code host} an agent reached at {@code address}. */
        public Builder agent(String host, String address) {
            int n = require(host);
            if (!nodes.get(n).isHost()) throw new IllegalArgumentException(host + " is a router; agents run on hosts");
            if (agents.stream().anyMatch(a -> a.node() == n)) throw new IllegalArgumentException("host " + host + " is already an agent");
            agents.add(new Agent(host, n, address));
            return this;
        }

        /** An explicit path along the named nodes: the first and last are agents' hosts, the links between consecutive nodes must exist (the first such). */
        public Builder path(List<String> via, double weight) {
            if (via.size() < 2) throw new IllegalArgumentException("a path needs at least two nodes");
            int[] hops = new int[via.size() - 1];
            for (int i = 0; i + 1 < via.size(); i++) {
                int f = require(via.get(i));
                int t = require(via.get(i + 1));
                int found = firstLink.getOrDefault(key(f, t), -1);
                if (found < 0) throw new IllegalArgumentException("no link from " + via.get(i) + " to " + via.get(i + 1));
                if (i > 0 && nodes.get(f).isHost()) throw new IllegalArgumentException("the path passes through host " + via.get(i) + "; hosts do not forward");
                hops[i] = found;
            }
            int src = require(via.getFirst());
            int dst = require(via.getLast());
            if (!nodes.get(src).isHost() || !nodes.get(dst).isHost()) throw new IllegalArgumentException("a path runs from a host to a host");
            if (src == dst) throw new IllegalArgumentException("a path from " + via.getFirst() + " to itself");
            List<ExplicitPath> list = explicit.computeIfAbsent(key(src, dst), k -> new ArrayList<>());
            ExplicitPath p = new ExplicitPath(hops, weight);
            for (ExplicitPath q : list)
                if (java.util.Arrays.equals(q.links(), hops)) throw new IllegalArgumentException("the same path is listed twice");
            list.add(p);
            return this;
        }

        private int require(String name) {
            Integer n = byName.get(name);
            if (n == null) throw new IllegalArgumentException("unknown node " + name + " (declare it first with 'router " + name + "' or 'host " + name + "')");
            return n;
        }

        public Topology build() {
            return new Topology(nodes, links, agents, byName, explicit);
        }
    }
}
