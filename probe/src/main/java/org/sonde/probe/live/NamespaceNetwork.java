package org.sonde.probe.live;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.packet.Ipv4Address;
import org.sonde.netio.NetNamespace;
import org.sonde.netio.Testbed;
import org.sonde.probe.topology.Agent;
import org.sonde.probe.topology.Link;
import org.sonde.probe.topology.Topology;

/**
 * A {@link Topology} made real: routers and hosts as network namespaces joined by veth links
 * (netio's {@link Testbed}), laid out by {@link Layout}, with Linux multipath routes hashed on the
 * 5-tuple ({@code net.ipv4.fib_multipath_hash_policy=1}), so a probe's path is the kernel's ECMP
 * choice. Each node hashes with its own seed ({@code net.ipv4.fib_multipath_hash_seed}, derived
 * from its name, so paths are the same on every run): Linux's flow hash is symmetric, and with one
 * seed everywhere a flow's answers would retrace its path link by link, so the two directions of a
 * link could not be told apart by round trips; fabrics seed their switches apart for the same
 * reason (hash polarisation). Routers forward, answer TTL expiry without the ICMP rate limit
 * (traceroute sends many at once), and can be given {@link Fault faults}.
 *
 * <pre>{@code
 * try (NamespaceNetwork n = NamespaceNetwork.create(Generators.fatTree(4), "sonde-probe-t", false)) {
 *     n.apply(new Fault.Lossy("agg0-0->core0", 0.1));
 *     List<String> path = n.kernelPath(topology.agent("h0"), topology.agent("h15"), 40001, 80);
 * }
 * }</pre>
 */
public final class NamespaceNetwork implements AutoCloseable {
    /** The prefix of a testbed {@code sonde probe testbed up} brings up. */
    public static final String DEFAULT_PREFIX = "sonde-probe";

    private final Layout layout;
    private final Testbed testbed;

    private NamespaceNetwork(Layout layout, Testbed testbed) {
        this.layout = layout;
        this.testbed = testbed;
    }

    /**
     * Creates the namespaces, links, addresses and routes of {@code topology}.
     *
     * @param keep whether the testbed outlives this process (named {@code PREFIX-NODE}, see
     *             {@link Testbed.Builder#keep()}); otherwise closing deletes it
     */
    public static NamespaceNetwork create(Topology topology, String prefix, boolean keep) {
        Layout layout = new Layout(topology);
        Testbed.Builder b = Testbed.builder(prefix);
        for (String n : layout.names()) b.node(n);
        for (int[] p : layout.pairs()) {
            b.link(layout.name(p[0]), layout.interfaceTo(p[0], p[1]), Ipv4Address.format(layout.addressTo(p[0], p[1])) + "/30",
                    layout.name(p[1]), layout.interfaceTo(p[1], p[0]), Ipv4Address.format(layout.addressTo(p[1], p[0])) + "/30");
        }
        for (int node = 0; node < topology.nodes().size(); node++) {
            String name = layout.name(node);
            boolean router = !topology.node(node).isHost();
            if (router) b.forwarding(name);
            // the L4 hash: a probe's path follows its ports; and no ICMP rate limit, for traceroute
            b.sysctl(name, "net.ipv4.fib_multipath_hash_policy", "1").sysctl(name, "net.ipv4.fib_multipath_hash_seed", Long.toString(seed(name)))
                    .sysctl(name, "net.ipv4.icmp_ratemask", "0")
                    .sysctl(name, "net.ipv6.conf.all.disable_ipv6", "1");
            for (Map.Entry<Agent, List<int[]>> r : layout.routes(node).entrySet()) {
                List<String> vias = new ArrayList<>();
                for (int[] hop : r.getValue()) vias.add(Ipv4Address.format(hop[0]) + (hop[1] == 1 ? "" : " weight " + hop[1]));
                if (!vias.isEmpty()) b.multipathRoute(name, r.getKey().address() + "/32", vias);
            }
        }
        if (keep) b.keep();
        Testbed t = b.create();
        try {
            for (Agent a : topology.agents()) t.exec(layout.name(a.node()), "ip", "addr", "add", a.address() + "/32", "dev", "lo");
        } catch (RuntimeException e) {
            t.close();
            throw e;
        }
        return new NamespaceNetwork(layout, t);
    }

    /** A node's hash seed: a fixed mix of its name, never 0 (which asks the kernel for a random one). */
    static long seed(String name) {
        long h = 0x9E3779B97F4A7C15L;
        for (char c : name.toCharArray()) h = (h ^ c) * 0x100000001B3L;
        h ^= h >>> 29;
        return (h & 0xFFFF_FFFFL) | 1;
    }

    /** The kept testbed of {@code prefix} that an earlier {@link #create} with {@code keep} made for this topology. */
    public static NamespaceNetwork attach(Topology topology, String prefix) {
        Layout layout = new Layout(topology);
        return new NamespaceNetwork(layout, Testbed.attach(prefix, layout.names()));
    }

    /** Deletes the kept testbed of {@code prefix}; returns the namespaces deleted. */
    public static List<String> delete(String prefix) {
        return Testbed.deleteKept(prefix);
    }

    public Layout layout() {
        return layout;
    }

    public Testbed testbed() {
        return testbed;
    }

    /** The namespace node of an agent. */
    public String node(Agent a) {
        return layout.name(a.node());
    }

    private Link link(String id) {
        int i = layout.topology().linkIndex(id);
        if (i < 0) throw new IllegalArgumentException("no link " + id + " in the topology (links are named FROM->TO, e.g. agg0-0->core0)");
        return layout.topology().link(i);
    }

    /** Puts the fault in place. */
    public void apply(Fault f) {
        Link l = link(f.link());
        String from = layout.name(l.from()), to = layout.name(l.to());
        switch (f) {
            case Fault.Lossy x -> testbed.dropLeaving(from, layout.interfaceTo(l.from(), l.to()), x.share());
            case Fault.Down d -> testbed.setUp(to, layout.interfaceTo(l.to(), l.from()), false);
            case Fault.Slow x -> testbed.rateLimit(from, layout.interfaceTo(l.from(), l.to()), x.bitsPerSecond());
        }
    }

    /** Takes the fault away again. */
    public void clear(Fault f) {
        Link l = link(f.link());
        switch (f) {
            case Fault.Lossy x -> testbed.clearDrops(layout.name(l.from()));
            case Fault.Down d -> testbed.setUp(layout.name(l.to()), layout.interfaceTo(l.to(), l.from()), true);
            case Fault.Slow x -> testbed.clearRateLimit(layout.name(l.from()), layout.interfaceTo(l.from(), l.to()));
        }
    }

    /** One TCP flow whose path to ask the kernel for. */
    public record Flow(Agent source, Agent target, int sourcePort, int destinationPort) {}

    /**
     * The path each flow's packets take, as the kernel's routing chooses it: {@code ip route get}
     * with the flow's ports and protocol at every hop, from the source host to the target (node
     * names, source first); a path that ends before the target ends where the kernel had no route.
     * One {@code ip -batch} per namespace and hop level.
     */
    List<List<String>> kernelPaths(List<Flow> flows) {
        Topology t = layout.topology();
        List<List<String>> paths = new ArrayList<>();
        int[] at = new int[flows.size()];
        String[] arrivedOn = new String[flows.size()];
        List<Integer> walking = new ArrayList<>();
        for (int i = 0; i < flows.size(); i++) {
            paths.add(new ArrayList<>(List.of(t.node(flows.get(i).source().node()).name())));
            at[i] = flows.get(i).source().node();
            walking.add(i);
        }
        for (int hop = 0; hop < t.nodes().size() && !walking.isEmpty(); hop++) {
            Map<Integer, List<Integer>> byNode = new LinkedHashMap<>();
            for (int i : walking) byNode.computeIfAbsent(at[i], k -> new ArrayList<>()).add(i);
            List<Integer> next = new ArrayList<>();
            for (Map.Entry<Integer, List<Integer>> e : byNode.entrySet()) {
                List<String> cmds = new ArrayList<>();
                for (int i : e.getValue()) {
                    Flow f = flows.get(i);
                    cmds.add("route get " + f.target().address() + " from " + f.source().address() + (arrivedOn[i] == null ? "" : " iif " + arrivedOn[i])
                            + " ipproto tcp sport " + f.sourcePort() + " dport " + f.destinationPort());
                }
                String out = NetNamespace.ipBatch(testbed.namespace(layout.name(e.getKey())), cmds);
                List<String> answers = new ArrayList<>();
                for (String line : out.split("\n")) if (!line.isBlank() && !Character.isWhitespace(line.charAt(0))) answers.add(line);
                if (answers.size() != cmds.size())
                    throw new IllegalStateException("ip route get in " + layout.name(e.getKey()) + " answered " + answers.size() + " of " + cmds.size() + " queries: " + out);
                for (int j = 0; j < cmds.size(); j++) {
                    int i = e.getValue().get(j);
                    String[] w = answers.get(j).split("\\s+");
                    String dev = null;
                    for (int k = 0; k + 1 < w.length; k++) if (w[k].equals("dev")) dev = w[k + 1];
                    int neighbour = dev == null ? -1 : layout.neighbour(at[i], dev);
                    if (neighbour < 0 || w[0].equals("local") || answers.get(j).contains("unreachable")) continue; // no route on: the path ends here
                    paths.get(i).add(t.node(neighbour).name());
                    arrivedOn[i] = layout.interfaceTo(neighbour, at[i]);
                    at[i] = neighbour;
                    if (neighbour != flows.get(i).target().node()) next.add(i);
                }
            }
            walking = next;
        }
        return paths;
    }

    @Override
    public void close() {
        testbed.close();
    }
}
