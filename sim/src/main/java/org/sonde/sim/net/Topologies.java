package org.sonde.sim.net;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Builds the usual test and data-center shapes into a {@link Network}, with the node names scenarios
 * use ({@code examples/sim/README.md}). Nodes are added in a fixed order (the upper tier's switches
 * first, then each lower switch followed by its hosts): that order gives hosts their addresses
 * (10.0.0.1 up) and ports their numbers, which scenarios and their outputs depend on. Each builder
 * returns the shape's switches and hosts in that order.
 *
 * <pre>{@code
 * Network net = new Network(seed);
 * Topologies.FatTree tree = new Topologies(net, SwitchConfig.DEFAULT, HostConfig.DEFAULT)
 *         .fatTree(4, new LinkSpec(25_000_000_000L, 1_000), new LinkSpec(100_000_000_000L, 1_000));
 * net.computeRoutes();
 * }</pre>
 */
public final class Topologies {
    /** Hosts {@code h0..} around one switch {@code s0}. */
    public record Star(Switch center, List<Host> hosts) {}

    /** {@code l0..} on switch {@code left}, {@code r0..} on {@code right}; the bottleneck is port 0 of each switch. */
    public record Dumbbell(Switch left, Switch right, List<Host> leftHosts, List<Host> rightHosts) {}

    /** Every leaf joined to every spine; hosts {@code h0..} leaf by leaf. */
    public record LeafSpine(List<Switch> spines, List<Switch> leaves, List<Host> hosts) {}

    /**
     * Al-Fares et al.'s three-tier fat-tree of k-port switches (SIGCOMM 2008): k pods of k/2 edge and
     * k/2 aggregation switches, (k/2)² core switches, k³/4 hosts. Aggregation switch i of every pod
     * reaches core switches i·k/2 .. i·k/2 + k/2 − 1.
     *
     * @param aggregation pod by pod, k/2 per pod
     * @param edge        pod by pod, k/2 per pod
     * @param hosts       edge switch by edge switch, k/2 per edge switch
     */
    public record FatTree(int k, List<Switch> core, List<Switch> aggregation, List<Switch> edge, List<Host> hosts) {
        /** The aggregation switches of pod {@code pod}. */
        public List<Switch> aggregation(int pod) {
            return aggregation.subList(pod * (k / 2), (pod + 1) * (k / 2));
        }

        /** The edge switches of pod {@code pod}. */
        public List<Switch> edge(int pod) {
            return edge.subList(pod * (k / 2), (pod + 1) * (k / 2));
        }

        /** The hosts of pod {@code pod}. */
        public List<Host> hosts(int pod) {
            int perPod = k * k / 4;
            return hosts.subList(pod * perPod, (pod + 1) * perPod);
        }
    }

    private final Network net;
    private final SwitchConfig switchConfig;
    private final HostConfig hostConfig;
    private final BuildProgress progress;
    private int added;
    private int total;

    /** Shapes with these switch and host settings. */
    public Topologies(Network net, SwitchConfig switchConfig, HostConfig hostConfig) {
        this(net, switchConfig, hostConfig, BuildProgress.NONE);
    }

    /** Shapes with these switch and host settings, telling {@code progress} of every host added (of the shape's hosts). */
    public Topologies(Network net, SwitchConfig switchConfig, HostConfig hostConfig, BuildProgress progress) {
        this.net = net;
        this.switchConfig = switchConfig;
        this.hostConfig = hostConfig;
        this.progress = progress;
    }

    public Star star(int hosts, LinkSpec link) {
        start(hosts);
        Switch center = net.addSwitch("s0", switchConfig);
        List<Host> all = new ArrayList<>(hosts);
        for (int i = 0; i < hosts; i++) all.add(host("h" + i, center, link));
        return new Star(center, Collections.unmodifiableList(all));
    }

    public Dumbbell dumbbell(int pairs, LinkSpec access, LinkSpec bottleneck) {
        start(2 * pairs);
        Switch left = net.addSwitch("left", switchConfig);
        Switch right = net.addSwitch("right", switchConfig);
        net.connect(left, right, bottleneck);
        List<Host> l = new ArrayList<>(pairs);
        List<Host> r = new ArrayList<>(pairs);
        for (int i = 0; i < pairs; i++) l.add(host("l" + i, left, access));
        for (int i = 0; i < pairs; i++) r.add(host("r" + i, right, access));
        return new Dumbbell(left, right, Collections.unmodifiableList(l), Collections.unmodifiableList(r));
    }

    public LeafSpine leafSpine(int leaves, int spines, int hostsPerLeaf, LinkSpec hostLink, LinkSpec fabricLink) {
        start(leaves * hostsPerLeaf);
        List<Switch> spine = new ArrayList<>(spines);
        for (int s = 0; s < spines; s++) spine.add(net.addSwitch("spine" + s, switchConfig));
        List<Switch> leaf = new ArrayList<>(leaves);
        List<Host> hosts = new ArrayList<>(leaves * hostsPerLeaf);
        for (int l = 0; l < leaves; l++) {
            Switch sw = net.addSwitch("leaf" + l, switchConfig);
            leaf.add(sw);
            for (Switch s : spine) net.connect(sw, s, fabricLink);
            for (int i = 0; i < hostsPerLeaf; i++) hosts.add(host("h" + hosts.size(), sw, hostLink));
        }
        return new LeafSpine(Collections.unmodifiableList(spine), Collections.unmodifiableList(leaf), Collections.unmodifiableList(hosts));
    }

    /**
     * A k-ary fat-tree: core switches {@code core0..}, then pod by pod the aggregation switches
     * {@code agg<pod>-<i>} and the edge switches {@code edge<pod>-<i>}, each edge switch followed by its
     * hosts {@code h0..}. Host links join hosts to edge switches, fabric links everything else.
     *
     * @param k switch ports, even and at least 2
     */
    public FatTree fatTree(int k, LinkSpec hostLink, LinkSpec fabricLink) {
        if (k < 2 || k % 2 != 0) throw new IllegalArgumentException("a fat-tree needs an even k of at least 2, got " + k);
        int half = k / 2;
        start(k * half * half);
        List<Switch> core = new ArrayList<>(half * half);
        for (int c = 0; c < half * half; c++) core.add(net.addSwitch("core" + c, switchConfig));
        List<Switch> aggregation = new ArrayList<>(k * half);
        List<Switch> edge = new ArrayList<>(k * half);
        List<Host> hosts = new ArrayList<>(k * half * half);
        for (int pod = 0; pod < k; pod++) {
            List<Switch> podAggregation = new ArrayList<>(half);
            for (int i = 0; i < half; i++) {
                Switch a = net.addSwitch("agg" + pod + "-" + i, switchConfig);
                for (int j = 0; j < half; j++) net.connect(a, core.get(i * half + j), fabricLink);
                podAggregation.add(a);
            }
            aggregation.addAll(podAggregation);
            for (int i = 0; i < half; i++) {
                Switch e = net.addSwitch("edge" + pod + "-" + i, switchConfig);
                edge.add(e);
                for (Switch a : podAggregation) net.connect(e, a, fabricLink);
                for (int j = 0; j < half; j++) hosts.add(host("h" + hosts.size(), e, hostLink));
            }
        }
        return new FatTree(k, Collections.unmodifiableList(core), Collections.unmodifiableList(aggregation),
                Collections.unmodifiableList(edge), Collections.unmodifiableList(hosts));
    }

    private void start(int hosts) {
        added = 0;
        total = hosts;
    }

    private Host host(String name, Switch on, LinkSpec link) {
        Host h = net.addHost(name, hostConfig);
        net.connect(h, on, link);
        progress.update(++added, total);
        return h;
    }
}
