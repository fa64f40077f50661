package org.sonde.probe.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import org.sonde.packet.Ipv4Address;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.LinkSpec;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Node;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.net.Topologies;

/**
 * The built-in topologies: the simulator's k-ary fat-tree (same node names and addresses as
 * {@code sonde sim}) with every host an agent, and an IDN-like backbone — sites with one agent
 * and one edge router each, over a seeded random core, with several LSPs per site pair.
 */
public final class Generators {
    /**
     * The default IDN-like backbone: 80 sites over 100 core routers, up to 4 LSPs per site pair —
     * sized so that all-pairs probing at inflation 2 sends about the 51,621 probes per round of
     * §3.6's Table 3.2 (the real IDN's sites and LSPs are not public).
     */
    public static final int IDN_SITES = 80, IDN_CORES = 100, IDN_LSPS = 4;

    private Generators() {}

    /** Al-Fares' fat-tree of k-port switches, built by {@link Topologies#fatTree}; every host is an agent. */
    public static Topology fatTree(int k) {
        Network net = new Network(0);
        LinkSpec spec = new LinkSpec(10_000_000_000L, 1_000);
        new Topologies(net, SwitchConfig.DEFAULT, HostConfig.DEFAULT).fatTree(k, spec, spec);
        return fromSimulator(net);
    }

    /** Any simulator network as a topology: its switches are routers, its hosts agents at their addresses. */
    static Topology fromSimulator(Network net) {
        Topology.Builder b = Topology.builder();
        for (Node n : net.nodes()) {
            if (n instanceof Host) b.host(n.name());
            else b.router(n.name());
        }
        for (Node n : net.nodes()) for (Port p : n.ports()) b.link(n.name(), p.peer().node().name(), 1);
        for (Host h : net.hosts()) b.agent(h.name(), Ipv4Address.format(h.ip()));
        return b.build();
    }

    /**
     * Sonde's network model ({@code dataplane}) as a topology: its devices are routers, its links
     * (port to port) directed links, and each device that has a link gets an agent host
     * {@code agent-<device>} (address 10.255.x.y by device order) — agents in every site, as
     * NetSonar deploys them.
     */
    static Topology fromModel(org.sonde.dataplane.model.Network model) {
        Topology.Builder b = Topology.builder();
        for (org.sonde.dataplane.model.Device d : model.devices()) b.router(d.id());
        java.util.Set<String> linked = new java.util.LinkedHashSet<>();
        for (org.sonde.dataplane.model.Link l : model.links()) {
            String from = model.port(l.fromPortId()).orElseThrow().deviceId();
            String to = model.port(l.toPortId()).orElseThrow().deviceId();
            if (from.equals(to)) continue;
            b.link(from, to, 1);
            linked.add(from);
            linked.add(to);
        }
        int i = 0;
        for (org.sonde.dataplane.model.Device d : model.devices()) {
            if (!linked.contains(d.id())) continue;
            String host = "agent-" + d.id();
            if (b.has(host)) throw new IllegalArgumentException("the model already has a device named " + host);
            i++;
            b.host(host).biLink(host, d.id(), 1).agent(host, Ipv4Address.format(0x0AFF_0000 | i));
        }
        return b.build();
    }

    /**
     * An IDN-like backbone (the dissertation's §3.6 network is private): {@code sites} sites, each an
     * agent host {@code a<i>} on edge router {@code e<i>}, the edge router joined to two of
     * {@code cores} core routers {@code c<j>}; the cores form a ring with random chords (average
     * degree about 4). Between every two sites up to {@code lsps} distinct label switched paths,
     * found as shortest paths under seeded random link costs, the first one the hop-count shortest.
     */
    public static Topology idn(int sites, int cores, int lsps, long seed) {
        if (sites < 2 || cores < 3 || lsps < 1) throw new IllegalArgumentException("an IDN-like backbone needs at least 2 sites, 3 cores and 1 LSP");
        Random rnd = new Random(seed);
        Topology.Builder b = Topology.builder();
        for (int c = 0; c < cores; c++) b.router("c" + c);
        Set<Long> joined = new HashSet<>();
        for (int c = 0; c < cores; c++) join(b, joined, "c", c, (c + 1) % cores);
        for (int i = 0; i < cores; i++) {
            int a = rnd.nextInt(cores);
            int z = rnd.nextInt(cores);
            if (a != z) join(b, joined, "c", a, z);
        }
        for (int s = 0; s < sites; s++) {
            b.router("e" + s).host("a" + s).biLink("a" + s, "e" + s, 1);
            int first = rnd.nextInt(cores);
            int second = (first + 1 + rnd.nextInt(cores - 1)) % cores;
            b.biLink("e" + s, "c" + first, 1).biLink("e" + s, "c" + second, 1);
            b.agent("a" + s, Ipv4Address.format(0x0A00_0000 | (s + 1) << 8 | 1));
        }
        Topology plain = b.build();
        for (int s = 0; s < sites; s++)
            for (int d = 0; d < sites; d++)
                if (s != d) for (List<String> p : lsps(plain, plain.nodeIndex("a" + s), plain.nodeIndex("a" + d), lsps, rnd)) b.path(p, 1);
        return b.build();
    }

    private static void join(Topology.Builder b, Set<Long> joined, String prefix, int x, int y) {
        long key = (long) Math.min(x, y) << 32 | Math.max(x, y);
        if (joined.add(key)) b.biLink(prefix + x, prefix + y, 1);
    }

    /** Up to {@code count} distinct simple paths: Dijkstra under unit costs, then under costs 1 + U(0, 2). */
    private static List<List<String>> lsps(Topology t, int src, int dst, int count, Random rnd) {
        List<List<String>> found = new ArrayList<>();
        Set<List<Integer>> seen = new HashSet<>();
        double[] cost = new double[t.links().size()];
        for (int attempt = 0; attempt < 6 * count && found.size() < count; attempt++) {
            for (int i = 0; i < cost.length; i++) cost[i] = attempt == 0 ? 1 : 1 + 2 * rnd.nextDouble();
            List<Integer> p = dijkstra(t, src, dst, cost);
            if (p != null && seen.add(p)) found.add(p.stream().map(n -> t.node(n).name()).toList());
        }
        return found;
    }

    private static List<Integer> dijkstra(Topology t, int src, int dst, double[] cost) {
        int n = t.nodes().size();
        double[] d = new double[n];
        int[] prev = new int[n];
        Arrays.fill(d, Double.POSITIVE_INFINITY);
        Arrays.fill(prev, -1);
        d[src] = 0;
        PriorityQueue<double[]> q = new PriorityQueue<>((x, y) -> Double.compare(x[0], y[0]));
        q.add(new double[] {0, src});
        while (!q.isEmpty()) {
            double[] top = q.poll();
            int u = (int) top[1];
            if (top[0] > d[u]) continue;
            if (u == dst) break;
            if (u != src && t.node(u).isHost()) continue;
            for (int li : t.out(u)) {
                Link l = t.link(li);
                double nd = d[u] + cost[li];
                if (nd < d[l.to()]) {
                    d[l.to()] = nd;
                    prev[l.to()] = u;
                    q.add(new double[] {nd, l.to()});
                }
            }
        }
        if (prev[dst] < 0) return null;
        List<Integer> path = new ArrayList<>();
        for (int v = dst; v != -1; v = prev[v]) path.addFirst(v);
        return path;
    }

    /**
     * A topology named on the command line: {@code fattree:K}, {@code idn} (the default backbone, or
     * {@code idn:SITES:CORES:LSPS}), {@code model:FILE} (a network model's JSON, see
     * {@link #fromModel(org.sonde.dataplane.model.Network)}), or a path to an {@link EdgeList} file.
     *
     * @param seed seeds the IDN-like generator
     */
    public static Topology named(String spec, long seed) {
        if (spec.startsWith("fattree:")) {
            int k = parseInt(spec.substring(8), spec);
            if (k < 2 || k % 2 != 0 || k > 64) throw new IllegalArgumentException("fattree:K needs an even K from 2 to 64, got " + spec);
            return fatTree(k);
        }
        if (spec.equals("idn")) return idn(IDN_SITES, IDN_CORES, IDN_LSPS, seed);
        if (spec.startsWith("idn:")) {
            String[] p = spec.split(":");
            if (p.length != 4) throw new IllegalArgumentException("expected idn or idn:SITES:CORES:LSPS, got " + spec);
            return idn(parseInt(p[1], spec), parseInt(p[2], spec), parseInt(p[3], spec), seed);
        }
        if (spec.startsWith("model:")) return fromModel(org.sonde.dataplane.io.json.NetworkJson.read(java.nio.file.Path.of(spec.substring(6))));
        return EdgeList.read(java.nio.file.Path.of(spec));
    }

    private static int parseInt(String s, String spec) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a whole number in " + spec + ", got '" + s + "'");
        }
    }
}
