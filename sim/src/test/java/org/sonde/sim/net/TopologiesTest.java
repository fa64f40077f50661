package org.sonde.sim.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

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
        List<int[]> told = new ArrayList<>();
        Topologies.LeafSpine ls = new Topologies(net, SwitchConfig.DEFAULT, HostConfig.DEFAULT, (a, t) -> told.add(new int[] {a, t}))
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
}
