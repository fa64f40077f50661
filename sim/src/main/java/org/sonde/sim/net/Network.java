package org.sonde.sim.net;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.packet.Ipv4Address;
import org.sonde.sim.kernel.RandomStreams;
import org.sonde.sim.kernel.Simulator;

/**
 * A simulated network: hosts, switches and the links between them, on one {@link Simulator}.
 * Build it, call {@link #computeRoutes()}, then attach transports and run the simulator. Routes are
 * all shortest paths (in hops) from every switch to every host address; hosts never forward.
 */
public final class Network {
    private final Simulator sim = new Simulator();
    private final RandomStreams random;
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final List<Host> hosts = new ArrayList<>();
    private final List<Switch> switches = new ArrayList<>();
    private final Int2ObjectOpenHashMap<Host> hostsByIp = new Int2ObjectOpenHashMap<>();
    private boolean routed;

    public Network(long seed) {
        this.random = new RandomStreams(seed);
    }

    public Simulator simulator() {
        return sim;
    }

    public RandomStreams random() {
        return random;
    }

    /** A host with address 10.0.x.y numbered in order of creation (10.0.0.1 first). */
    public Host addHost(String name, HostConfig config) {
        return addHost(name, 0x0A00_0000 | (hosts.size() + 1), config);
    }

    public Host addHost(String name, int ip, HostConfig config) {
        checkName(name);
        if (hostsByIp.containsKey(ip)) throw new IllegalArgumentException("address of host " + name + " is taken by " + hostsByIp.get(ip).name());
        Host h = new Host(this, name, nodes.size() + 1, ip, config);
        nodes.put(name, h);
        hosts.add(h);
        hostsByIp.put(ip, h);
        return h;
    }

    /**
     * Gives {@code host} a further address (an alias, e.g. a second RoCE GID), reached through the same
     * NIC port. Aliases are added before {@link #computeRoutes()}, like hosts.
     */
    public void addAddress(Host host, int ip) {
        if (routed) throw new IllegalStateException("the network is complete; add addresses before computeRoutes()");
        if (host.network() != this) throw new IllegalArgumentException("host " + host + " belongs to another network");
        if (ip == 0) throw new IllegalArgumentException("host " + host + ": 0.0.0.0 is no address");
        Host owner = hostsByIp.get(ip);
        if (owner != null) throw new IllegalArgumentException("address " + Ipv4Address.format(ip) + " of host " + host.name() + " is taken by " + owner.name());
        host.addAlias(ip);
        hostsByIp.put(ip, host);
    }

    public Switch addSwitch(String name, SwitchConfig config) {
        checkName(name);
        Switch s = new Switch(this, name, nodes.size() + 1, config);
        nodes.put(name, s);
        switches.add(s);
        return s;
    }

    private void checkName(String name) {
        if (routed) throw new IllegalStateException("the network is complete; add nodes before computeRoutes()");
        if (name == null || name.isBlank()) throw new IllegalArgumentException("a node needs a name");
        if (nodes.containsKey(name)) throw new IllegalArgumentException("node name '" + name + "' is used twice");
    }

    /** Jumbo frames, as data-center fabrics carry them (and RoCE's 4096-byte path MTU needs). */
    public static final int DEFAULT_MTU = 9000;

    /** A full-duplex link with the {@link #DEFAULT_MTU}. */
    public void connect(Node a, Node b, long rateBps, long delayNanos) {
        connect(a, b, rateBps, delayNanos, DEFAULT_MTU);
    }

    /** A full-duplex link with the settings of {@code link}. */
    public void connect(Node a, Node b, LinkSpec link) {
        connect(a, b, link.rateBps(), link.delayNanos(), link.mtu());
    }

    /** A full-duplex link: a new port on each node, the same rate, propagation delay and MTU (IP bytes) both ways. */
    public void connect(Node a, Node b, long rateBps, long delayNanos, int mtu) {
        if (mtu < 576 || mtu > 65_535) throw new IllegalArgumentException("link " + a + " - " + b + ": MTU must be 576..65535, got " + mtu);
        if (routed) throw new IllegalStateException("the network is complete; connect nodes before computeRoutes()");
        if (rateBps <= 0) throw new IllegalArgumentException("link " + a + " - " + b + ": rate must be positive");
        if (delayNanos < 0) throw new IllegalArgumentException("link " + a + " - " + b + ": delay must not be negative");
        if (a == b) throw new IllegalArgumentException("link from " + a + " to itself");
        if (a instanceof Host h && !h.ports.isEmpty()) throw new IllegalArgumentException("host " + a + " has one NIC, already connected");
        if (b instanceof Host h && !h.ports.isEmpty()) throw new IllegalArgumentException("host " + b + " has one NIC, already connected");
        Port pa = newPort(a);
        Port pb = newPort(b);
        pa.connect(pb, rateBps, delayNanos, mtu);
        pb.connect(pa, rateBps, delayNanos, mtu);
    }

    private static Port newPort(Node n) {
        Scheduling s = switch (n) {
            case Host h -> h.config().scheduling();
            case Switch sw -> sw.config().scheduling();
        };
        Port p = new Port(n, n.ports.size(), s);
        n.ports.add(p);
        return p;
    }

    /**
     * Fills every switch's table with the equal-cost shortest paths to every host. A host hangs
     * below the switches its ports lead to; hosts never forward. Hosts on one switch share its
     * routes towards that switch, so a breadth-first search runs once per such switch, not once
     * per host: a dumbbell of 100,000 pairs needs two searches, not 200,000.
     */
    public void computeRoutes() {
        computeRoutes(BuildProgress.NONE);
    }

    /** {@link #computeRoutes()}, telling {@code progress} of each host whose routes are complete. */
    public void computeRoutes(BuildProgress progress) {
        if (routed) return;
        long done = 0;
        for (Host h : hosts) if (h.ports.isEmpty()) throw new IllegalArgumentException("host " + h + " is not connected to anything");
        int[] dist = new int[nodes.size() + 1];
        Map<Switch, List<Host>> bySwitch = new LinkedHashMap<>();
        for (Host h : hosts) {
            Switch only = onlySwitch(h);
            if (only != null) {
                bySwitch.computeIfAbsent(only, k -> new ArrayList<>()).add(h);
            } else {
                routeTo(h, dist);
                progress.update(++done, hosts.size());
            }
        }
        SwitchGraph graph = SwitchGraph.of(switches, nodes.size());
        int[] hops = new int[switches.size()];
        int[] scratch = new int[0];
        for (Map.Entry<Switch, List<Host>> e : bySwitch.entrySet()) {
            Switch edge = e.getKey();
            int from = graph.position(edge);
            graph.hops(from, hops);
            // every switch gets one entry per address of the group: the addresses once, not once per switch
            IntArrayList group = new IntArrayList();
            for (Host h : e.getValue()) group.addElements(group.size(), h.addressArray());
            int[] ips = group.toIntArray();
            for (int i = 0; i < hops.length; i++) {
                if (i == from || hops[i] < 0) continue;
                int[] peers = graph.peers()[i];
                if (scratch.length < peers.length) scratch = new int[peers.length];
                int n = 0;
                for (int port = 0; port < peers.length; port++) if (peers[port] >= 0 && hops[peers[port]] == hops[i] - 1) scratch[n++] = port;
                if (n == 0) continue;
                int[] out = Arrays.copyOf(scratch, n);
                Switch s = switches.get(i);
                for (int ip : ips) s.setRoutes(ip, out);
            }
            // the edge switch's own ports to each of its hosts, in port order, from one pass over its ports
            Map<Host, IntArrayList> down = new HashMap<>();
            for (Port p : edge.ports) {
                if (p.peer().node() instanceof Host h) down.computeIfAbsent(h, k -> new IntArrayList()).add(p.index());
            }
            for (Host h : e.getValue()) {
                int[] out = down.get(h).toIntArray();
                for (int ip : h.addressArray()) edge.setRoutes(ip, out);
                progress.update(++done, hosts.size());
            }
        }
        for (Switch s : switches) s.ready();
        routed = true;
    }

    /** The routes as one search per host finds them: the reference the shared searches are tested against. */
    void computeRoutesHostByHost() {
        if (routed) return;
        int[] dist = new int[nodes.size() + 1];
        for (Host h : hosts) routeTo(h, dist);
        for (Switch s : switches) s.ready();
        routed = true;
    }

    /** The one switch every port of {@code h} leads to, or null (several switches, or a host peer). */
    private static Switch onlySwitch(Host h) {
        Switch only = null;
        for (Port p : h.ports) {
            if (!(p.peer().node() instanceof Switch s) || (only != null && only != s)) return null;
            only = s;
        }
        return only;
    }

    /**
     * The switches and the links between them as arrays, by position in the network's list: the searches
     * from each of thousands of edge switches (a fat-tree of k = 48 has 1,152) then read no objects.
     *
     * @param peers    for each switch, for each of its ports, the position of the switch it leads to, or -1
     * @param position for each node id, the switch's position, or -1
     */
    private record SwitchGraph(int[][] peers, int[] position) {
        static SwitchGraph of(List<Switch> switches, int nodes) {
            int[] position = new int[nodes + 1];
            Arrays.fill(position, -1);
            for (int i = 0; i < switches.size(); i++) position[switches.get(i).id()] = i;
            int[][] peers = new int[switches.size()][];
            for (int i = 0; i < peers.length; i++) {
                List<Port> ports = switches.get(i).ports;
                peers[i] = new int[ports.size()];
                for (int p = 0; p < peers[i].length; p++) peers[i][p] = position[ports.get(p).peer().node().id()];
            }
            return new SwitchGraph(peers, position);
        }

        int position(Switch s) {
            return position[s.id()];
        }

        /** Hops from switch {@code from} to every switch, over switches only; -1 where none leads. */
        void hops(int from, int[] hops) {
            Arrays.fill(hops, -1);
            int[] queue = new int[hops.length];
            int head = 0;
            int tail = 0;
            hops[from] = 0;
            queue[tail++] = from;
            while (head < tail) {
                int u = queue[head++];
                for (int v : peers[u]) {
                    if (v >= 0 && hops[v] < 0) {
                        hops[v] = hops[u] + 1;
                        queue[tail++] = v;
                    }
                }
            }
        }
    }

    /** The routes to a host on several switches (or beside hosts): a breadth-first search from it, through switches only. */
    private void routeTo(Host target, int[] dist) {
        Arrays.fill(dist, -1);
        ArrayDeque<Node> queue = new ArrayDeque<>();
        dist[target.id()] = 0;
        queue.add(target);
        while (!queue.isEmpty()) {
            Node u = queue.poll();
            if (u instanceof Host && u != target) continue;
            for (Port p : u.ports) {
                Node v = p.peer().node();
                if (dist[v.id()] < 0) {
                    dist[v.id()] = dist[u.id()] + 1;
                    queue.add(v);
                }
            }
        }
        for (Switch s : switches) {
            if (dist[s.id()] < 0) continue;
            int[] out = s.ports.stream()
                    .filter(p -> dist[p.peer().node().id()] == dist[s.id()] - 1)
                    .filter(p -> p.peer().node() == target || p.peer().node() instanceof Switch)
                    .mapToInt(Port::index).toArray();
            if (out.length > 0) for (int ip : target.addresses()) s.setRoutes(ip, out);
        }
    }

    /** The host that has address {@code ip} (primary or alias), or null. */
    public Host host(int ip) {
        return hostsByIp.get(ip);
    }

    public Node node(String name) {
        return nodes.get(name);
    }

    public List<Host> hosts() {
        return Collections.unmodifiableList(hosts);
    }

    public List<Switch> switches() {
        return Collections.unmodifiableList(switches);
    }

    public List<Node> nodes() {
        return List.copyOf(nodes.values());
    }
}
