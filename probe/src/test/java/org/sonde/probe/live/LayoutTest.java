package org.sonde.probe.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sonde.packet.Ipv4Address;
import org.sonde.probe.topology.Agent;
import org.sonde.probe.topology.Generators;
import org.sonde.probe.topology.Topology;

class LayoutTest {
    private static final Topology FAT = Generators.fatTree(4);
    private static final Layout L = new Layout(FAT);

    @Test
    void everyLinkHasItsOwnSubnetAndEveryAddressNamesItsNode() {
        assertThat(L.names()).hasSize(36).contains("edge00", "agg31", "core3", "h15").doesNotHaveDuplicates();
        assertThat(L.pairs()).hasSize(48); // 96 directed links
        Set<Integer> addresses = new HashSet<>();
        for (int[] p : L.pairs()) {
            int a = L.addressTo(p[0], p[1]), b = L.addressTo(p[1], p[0]);
            assertThat(a >>> 2).isEqualTo(b >>> 2); // one /30
            assertThat(addresses.add(a) && addresses.add(b)).isTrue();
            assertThat(L.nodeOf(a)).isEqualTo(p[0]);
            assertThat(L.neighbour(p[0], L.interfaceTo(p[0], p[1]))).isEqualTo(p[1]);
        }
        assertThat(L.nodeOf(Ipv4Address.parse("10.0.0.16").value())).isEqualTo(FAT.nodeIndex("h15"));
        assertThat(L.nodeOf(Ipv4Address.parse("10.9.9.9").value())).isEqualTo(-1);
    }

    @Test
    void routesUseEveryEqualCostNextHopAndHostsNeverForward() {
        Agent h15 = FAT.agent("h15");
        Map<Agent, List<int[]>> edge = L.routes(FAT.nodeIndex("edge0-0"));
        assertThat(edge.get(h15)).extracting(hop -> FAT.node(L.nodeOf(hop[0])).name()).containsExactlyInAnyOrder("agg0-0", "agg0-1");
        assertThat(L.routes(FAT.nodeIndex("agg0-0")).get(h15)).extracting(hop -> FAT.node(L.nodeOf(hop[0])).name()).containsExactlyInAnyOrder("core0", "core1");
        assertThat(L.routes(FAT.nodeIndex("core0")).get(h15)).extracting(hop -> FAT.node(L.nodeOf(hop[0])).name()).containsExactly("agg3-0");
        assertThat(L.routes(FAT.nodeIndex("edge3-1")).get(h15)).extracting(hop -> FAT.node(L.nodeOf(hop[0])).name()).containsExactly("h15");
        Map<Agent, List<int[]>> host = L.routes(FAT.nodeIndex("h0"));
        assertThat(host).hasSize(15).doesNotContainKey(FAT.agent("h0"));
        assertThat(host.values()).allSatisfy(hops -> assertThat(hops).extracting(hop -> FAT.node(L.nodeOf(hop[0])).name()).containsExactly("edge0-0"));
    }

    @Test
    void namesThatCollideOrLinksWithoutAWayBackAreRefused() {
        Topology clash = Topology.builder().router("r-1").router("r1").host("a").biLink("a", "r-1", 1).biLink("r-1", "r1", 1).agent("a", "10.0.0.1").build();
        assertThatThrownBy(() -> new Layout(clash)).hasMessageContaining("both become namespace node r1");
        Topology oneWay = Topology.builder().router("r").host("a").link("a", "r", 1).agent("a", "10.0.0.1").build();
        assertThatThrownBy(() -> new Layout(oneWay)).hasMessageContaining("has no reverse link");
        Topology inLinks = Topology.builder().router("r").host("a").biLink("a", "r", 1).agent("a", "10.128.0.9").build();
        assertThatThrownBy(() -> new Layout(inLinks)).hasMessageContaining("which the links use");
    }
}
