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
 * Topologies.LeafSpine fabric = new Topologies(net, SwitchConfig.DEFAULT, HostConfig.DEFAULT)
 *         .leafSpine(4, 2, 8, new LinkSpec(25_000_000_000L, 1_000), new LinkSpec(100_000_000_000L, 1_000));
 * net.computeRoutes();
 * }</pre>
 */
public final class Topologies {
    /** Told after each host is added, so that a large build can show its progress. */
    @FunctionalInterface
    public interface Listener {
        void hostsAdded(int added, int total);
    }

    /** Hosts {@code h0..} around one switch {@code s0}. */
    public record Star(Switch center, List<Host> hosts) {}

    /** {@code l0..} on switch {@code left}, {@code r0..} on {@code right}; the bottleneck is port 0 of each switch. */
    public record Dumbbell(Switch left, Switch right, List<Host> leftHosts, List<Host> rightHosts) {}

    /** Every leaf joined to every spine; hosts {@code h0..} leaf by leaf. */
    public record LeafSpine(List<Switch> spines, List<Switch> leaves, List<Host> hosts) {}

    private final Network net;
    private final SwitchConfig switchConfig;
    private final HostConfig hostConfig;
    private final Listener listener;
    private int added;
    private int total;

    /** Shapes with these switch and host settings. */
    public Topologies(Network net, SwitchConfig switchConfig, HostConfig hostConfig) {
        this(net, switchConfig, hostConfig, (a, t) -> {});
    }

    /** Shapes with these switch and host settings, telling {@code listener} of every host added. */
    public Topologies(Network net, SwitchConfig switchConfig, HostConfig hostConfig, Listener listener) {
        this.net = net;
        this.switchConfig = switchConfig;
        this.hostConfig = hostConfig;
        this.listener = listener;
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

    private void start(int hosts) {
        added = 0;
        total = hosts;
    }

    private Host host(String name, Switch on, LinkSpec link) {
        Host h = net.addHost(name, hostConfig);
        net.connect(h, on, link);
        listener.hostsAdded(++added, total);
        return h;
    }
}
