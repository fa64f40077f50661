package org.sonde.sim.net;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TopologiesTest {
    static final LinkSpec HOST_LINK = new LinkSpec(25_000_000_000L, 1_000, 1500);
    static final LinkSpec FABRIC_LINK = new LinkSpec(100_000_000_000L, 2_000);

    private static Topologies shapes(Network net) {
        return new Topologies(net, SwitchConfig.DEFAULT, HostConfig.DEFAULT);
    }

    @Test
    void aStarHangsItsHostsOnOneSwitchInOrder() {
        Network net = new Network(1);
        Topologies.Star star = shapes(net).star(3, HOST_LINK);
        assertThat(star.center().name()).isEqualTo("s0");
        assertThat(star.hosts()).extracting(Host::name).containsExactly("h0", "h1", "h2");
        assertThat(star.hosts()).extracting(Host::ip).containsExactly(0x0A00_0001, 0x0A00_0002, 0x0A00_0003);
        assertThat(star.center().ports()).extracting(p -> p.peer().node()).containsExactlyElementsOf(star.hosts());
        assertThat(star.hosts().getFirst().nic().mtu()).isEqualTo(1500);
        assertThat(star.hosts().getFirst().nic().rateBps()).isEqualTo(25_000_000_000L);
    }

    @Test
    void aDumbbellJoinsItsSwitchesOnPortZero() {
        Network net = new Network(1);
        Topologies.Dumbbell d = shapes(net).dumbbell(2, HOST_LINK, FABRIC_LINK);
        assertThat(net.nodes()).extracting(Node::name).containsExactly("left", "right", "l0", "l1", "r0", "r1");
        assertThat(d.leftHosts()).extracting(Host::name).containsExactly("l0", "l1");
        assertThat(d.rightHosts()).extracting(Host::name).containsExactly("r0", "r1");
        assertThat(d.left().port(0).peer().node()).isSameAs(d.right());
        assertThat(d.left().port(0).rateBps()).isEqualTo(100_000_000_000L);
        assertThat(d.left().port(0).mtu()).isEqualTo(Network.DEFAULT_MTU);
        assertThat(d.right().ports()).hasSize(3);
    }

    @Test
    void aLeafSpineJoinsEveryLeafToEverySpineAndNumbersHostsLeafByLeaf() {
        Network net = new Network(1);
        List<long[]> told = new ArrayList<>();
        Topologies.LeafSpine ls = new Topologies(net, SwitchConfig.DEFAULT, HostConfig.DEFAULT, (a, t) -> told.add(new long[] {a, t}))
                .leafSpine(3, 2, 2, HOST_LINK, FABRIC_LINK);
        assertThat(ls.spines()).extracting(Switch::name).containsExactly("spine0", "spine1");
        assertThat(ls.leaves()).extracting(Switch::name).containsExactly("leaf0", "leaf1", "leaf2");
        assertThat(ls.hosts()).extracting(Host::name).containsExactly("h0", "h1", "h2", "h3", "h4", "h5");
        assertThat(net.nodes()).extracting(Node::name)
                .containsExactly("spine0", "spine1", "leaf0", "h0", "h1", "leaf1", "h2", "h3", "leaf2", "h4", "h5");
        for (Switch leaf : ls.leaves()) {
            assertThat(leaf.ports()).extracting(p -> p.peer().node()).startsWith(ls.spines().toArray(Node[]::new));
        }
        assertThat(ls.hosts().get(3).nic().peer().node()).isSameAs(ls.leaves().get(1));
        assertThat(told).extracting(x -> x[0] + "/" + x[1]).containsExactly("1/6", "2/6", "3/6", "4/6", "5/6", "6/6");
    }

    private static Topologies.FatTree fatTree(Network net, int k) {
        Topologies.FatTree t = shapes(net).fatTree(k, HOST_LINK, FABRIC_LINK);
        net.computeRoutes();
        return t;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 6, 8})
    void aFatTreeHasAlFaresCountsAndEverySwitchKPorts(int k) {
        Network net = new Network(1);
        Topologies.FatTree t = fatTree(net, k);
        int half = k / 2;
        assertThat(t.core()).hasSize(half * half);
        assertThat(t.aggregation()).hasSize(k * half);
        assertThat(t.edge()).hasSize(k * half);
        assertThat(t.hosts()).hasSize(k * k * k / 4);
        assertThat(net.switches()).hasSize(half * half + k * k);
        assertThat(net.switches()).allSatisfy(s -> assertThat(s.ports()).as(s.name()).hasSize(k));
        for (int pod = 0; pod < k; pod++) {
            for (int i = 0; i < half; i++) {
                Switch agg = t.aggregation(pod).get(i);
                Switch edge = t.edge(pod).get(i);
                assertThat(agg.name()).isEqualTo("agg" + pod + "-" + i);
                assertThat(edge.name()).isEqualTo("edge" + pod + "-" + i);
                // up-links first: aggregation switch i reaches core i*k/2 .. i*k/2+k/2-1, an edge switch its pod's aggregation
                assertThat(agg.ports().subList(0, half)).extracting(p -> p.peer().node())
                        .containsExactlyElementsOf(t.core().subList(i * half, (i + 1) * half));
                assertThat(agg.ports().subList(half, k)).extracting(p -> p.peer().node()).containsExactlyElementsOf(t.edge(pod));
                assertThat(edge.ports().subList(0, half)).extracting(p -> p.peer().node()).containsExactlyElementsOf(t.aggregation(pod));
                assertThat(edge.ports().subList(half, k)).extracting(p -> p.peer().node())
                        .containsExactlyElementsOf(t.hosts(pod).subList(i * half, (i + 1) * half));
            }
        }
        // a core switch has one port into every pod
        for (Switch core : t.core()) {
            assertThat(core.ports()).extracting(p -> ((Switch) p.peer().node()).name().replaceFirst("-.*", ""))
                    .containsExactlyElementsOf(java.util.stream.IntStream.range(0, k).mapToObj(p -> "agg" + p).toList());
        }
        assertThat(t.core()).extracting(Switch::name).startsWith("core0");
        assertThat(t.hosts()).extracting(Host::name).startsWith("h0");
        assertThat(t.hosts().getLast().name()).isEqualTo("h" + (k * k * k / 4 - 1));
        assertThat(t.hosts()).allSatisfy(h -> assertThat(h.nic().rateBps()).isEqualTo(HOST_LINK.rateBps()));
        assertThat(t.core().getFirst().port(0).rateBps()).isEqualTo(FABRIC_LINK.rateBps());
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 6, 8})
    void aFatTreeRoutesOverEveryEqualCostPath(int k) {
        Network net = new Network(1);
        Topologies.FatTree t = fatTree(net, k);
        int half = k / 2;
        Host local = t.hosts(0).getFirst();               // on edge0-0
        Host samePod = t.hosts(0).getLast();              // on edge0-(k/2-1)
        Host otherPod = t.hosts(k - 1).get(half + 1);     // on edge(k-1)-1
        Switch edge = t.edge(0).getFirst();
        // up from an edge switch: all k/2 aggregation switches of the pod, for a host in another pod or on another edge
        assertThat(hops(edge, otherPod)).extracting(Node::name)
                .containsExactlyElementsOf(t.aggregation(0).stream().map(Switch::name).toList());
        assertThat(hops(edge, samePod)).containsExactlyElementsOf(t.aggregation(0));
        assertThat(hops(edge, local)).containsExactly(local);
        // up from an aggregation switch: its k/2 core switches; down from a core: the one aggregation switch of the pod
        for (Switch agg : t.aggregation(0)) assertThat(hops(agg, otherPod)).hasSize(half).allMatch(n -> t.core().contains(n));
        for (Switch core : t.core()) assertThat(hops(core, otherPod)).hasSize(1).allMatch(n -> t.aggregation(k - 1).contains(n));
        for (Switch agg : t.aggregation(k - 1)) assertThat(hops(agg, otherPod)).containsExactly(t.edge(k - 1).get(1));
        // every path the routes offer: (k/2)^2 between pods (one per core switch), k/2 within a pod, each of shortest length
        assertThat(paths(edge, otherPod, new ArrayList<>())).hasSize(half * half)
                .allSatisfy(p -> assertThat(p).hasSize(5))   // agg, core, agg, edge, host
                .extracting(p -> p.get(1)).containsExactlyInAnyOrderElementsOf(t.core());
        assertThat(paths(edge, samePod, new ArrayList<>())).hasSize(half).allSatisfy(p -> assertThat(p).hasSize(3));
    }

    /** The nodes the equal-cost routes of {@code s} towards {@code to} lead to, in port order. */
    private static List<Node> hops(Switch s, Host to) {
        List<Node> out = new ArrayList<>();
        for (int port : s.routes(to.ip())) out.add(s.port(port).peer().node());
        return out;
    }

    /** Every path the routes give from {@code s} to {@code to}, as the nodes after {@code s}. */
    private static List<List<Node>> paths(Switch s, Host to, List<Node> prefix) {
        List<List<Node>> all = new ArrayList<>();
        for (Node next : hops(s, to)) {
            List<Node> p = new ArrayList<>(prefix);
            p.add(next);
            if (next == to) all.add(p);
            else all.addAll(paths((Switch) next, to, p));
        }
        return all;
    }

    @Test
    void aFatTreeNeedsAnEvenKOfAtLeastTwo() {
        for (int k : new int[] {0, 1, 3, -2}) {
            assertThatThrownBy(() -> shapes(new Network(1)).fatTree(k, HOST_LINK, FABRIC_LINK))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("even k of at least 2, got " + k);
        }
    }
}
