package org.sonde.probe.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.LinkSpec;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.Switch;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.net.Topologies;

class RoutesTest {
    @Test
    void fatTreeNextHopsAreTheSimulatorsEcmpRoutes() {
        Network net = new Network(1);
        LinkSpec spec = new LinkSpec(1_000_000_000L, 1_000);
        new Topologies(net, SwitchConfig.DEFAULT, HostConfig.DEFAULT).fatTree(4, spec, spec);
        net.computeRoutes();
        Topology t = Generators.fromSimulator(net);
        assertThat(t.agents()).hasSize(16);
        assertThat(t.links()).hasSize(2 * (16 + 16 + 16));
        Routes routes = new Routes(t);
        int compared = 0;
        for (Host src : net.hosts()) {
            for (Host dst : net.hosts()) {
                if (src == dst) continue;
                Dag dag = (Dag) routes.between(t.agent(src.name()), t.agent(dst.name()));
                for (int i = 0; i < dag.order().length - 1; i++) {
                    String name = t.node(dag.order()[i]).name();
                    if (!(net.node(name) instanceof Switch sw)) continue;
                    Set<String> ours = new TreeSet<>();
                    for (int l : dag.next()[i]) ours.add(t.node(t.link(l).to()).name());
                    Set<String> sims = new TreeSet<>();
                    for (int port : sw.routes(dst.ip())) sims.add(sw.ports().get(port).peer().node().name());
                    assertThat(ours).as("next hops of %s towards %s", name, dst.name()).isEqualTo(sims);
                    compared++;
                }
            }
        }
        assertThat(compared).isGreaterThan(16 * 15);
    }

    @Test
    void fatTreePathCountsAndProbabilities() {
        Topology t = Generators.fatTree(4);
        Routes routes = new Routes(t);
        PathSet interPod = routes.between(t.agent("h0"), t.agent("h15"));
        assertThat(interPod.pathCount()).isEqualTo(4);
        assertThat(interPod.traversal().minimum()).isEqualTo(0.25);
        PathSet samePod = routes.between(t.agent("h0"), t.agent("h2"));
        assertThat(samePod.pathCount()).isEqualTo(2);
        PathSet sameEdge = routes.between(t.agent("h0"), t.agent("h1"));
        assertThat(sameEdge.pathCount()).isEqualTo(1);
        assertThat(sameEdge.traversal().size()).isEqualTo(2);
    }

    @Test
    void wcmpWeightsSplitInProportion() {
        Topology t = EdgeList.parse("""
                host s agent 1
                host d agent 2
                router a
                router x
                router y
                router b
                link s a
                link a x weight 3
                link a y
                link x b
                link y b
                link b d
                """, "t.txt");
        PathSet p = new Routes(t).between(t.agent("s"), t.agent("d"));
        LinkProbabilities lp = p.traversal();
        assertThat(lp.probability()[indexOf(lp, t.linkIndex("a->x"))]).isEqualTo(0.75);
        assertThat(lp.probability()[indexOf(lp, t.linkIndex("a->y"))]).isEqualTo(0.25);
        // a hash below 0.75 takes the heavier next hop
        int[] path = p.path(node -> t.node(node).name().equals("a") ? 0.7 : 0.0);
        assertThat(t.link(path[1]).id()).isEqualTo("a->x");
        int[] other = p.path(node -> t.node(node).name().equals("a") ? 0.8 : 0.0);
        assertThat(t.link(other[1]).id()).isEqualTo("a->y");
    }

    @Test
    void hostsDoNotForward() {
        // the only route from s to d through another host is no route
        Topology t = EdgeList.parse("""
                host s agent 1
                host m agent 3
                host d agent 2
                router r1
                router r2
                link s r1
                link r1 m
                link m r2
                link r2 d
                """, "t.txt");
        assertThat(new Routes(t).between(t.agent("s"), t.agent("d"))).isNull();
        assertThat(new Routes(t).between(t.agent("s"), t.agent("m"))).isNotNull();
    }

    @Test
    void explicitPathsReplaceEcmpForTheirPair() {
        Topology t = Generators.idn(6, 8, 3, 7);
        Routes routes = new Routes(t);
        PathSet p = routes.between(t.agent("a0"), t.agent("a1"));
        assertThat(p).isInstanceOf(Explicit.class);
        assertThat(p.pathCount()).isBetween(1L, 3L);
        double sum = 0;
        for (ExplicitPath e : ((Explicit) p).paths()) {
            int[] links = e.links();
            assertThat(t.link(links[0]).from()).isEqualTo(t.nodeIndex("a0"));
            assertThat(t.link(links[links.length - 1]).to()).isEqualTo(t.nodeIndex("a1"));
            for (int i = 0; i + 1 < links.length; i++) assertThat(t.link(links[i]).to()).isEqualTo(t.link(links[i + 1]).from());
            sum += e.weight();
        }
        assertThat(sum).isPositive();
        // the same seed gives the same backbone
        assertThat(Generators.idn(6, 8, 3, 7).links()).isEqualTo(t.links());
    }

    @Test
    void aNetworkModelGetsAnAgentPerDevice() {
        org.sonde.dataplane.model.Network model = org.sonde.dataplane.model.Examples.threeSwitch();
        Topology t = Generators.fromModel(model);
        assertThat(t.agents()).hasSize(model.devices().size());
        int modelLinks = (int) model.links().stream().count();
        assertThat(t.links()).hasSize(modelLinks + 2 * t.agents().size());
        // every pair of agents is routed (the model's links join all its devices)
        Routes r = new Routes(t);
        for (Agent a : t.agents()) for (Agent b : t.agents()) if (a != b) assertThat(r.between(a, b)).as(a.name() + " -> " + b.name()).isNotNull();
    }

    private static int indexOf(LinkProbabilities lp, int link) {
        for (int i = 0; i < lp.size(); i++) if (lp.links()[i] == link) return i;
        throw new AssertionError("link " + link + " not on any path");
    }

    @SuppressWarnings("unused")
    private static String peer(Port p) {
        return p.peer().node().name();
    }

    @Test
    void reachGivesThePairsDagFiguresToTheLastBit() {
        // ECMP at every hop (fat-trees), LSPs (the IDN-like backbone), and unequal WCMP weights
        Topology wcmp = EdgeList.parse("""
                router r1
                router r2
                router r3
                router r4
                router r5
                host a agent 10.0.0.1
                host b agent 10.0.0.2
                link a r1
                link r1 r2 weight 3
                link r1 r3
                link r1 r5 weight 0.5
                link r2 r4
                link r3 r4 weight 2
                link r5 r4
                link r4 b
                """, "wcmp");
        for (Topology t : java.util.List.of(Generators.fatTree(4), Generators.named("idn", 3), wcmp)) {
            Routes routes = new Routes(t);
            int compared = 0;
            for (Agent a : t.agents()) {
                for (Agent b : t.agents()) {
                    if (a == b) continue;
                    PathSet p = routes.between(a, b);
                    Routes.Reach r = routes.reach(a.node(), b.node());
                    if (p == null) {
                        assertThat(r).isNull();
                        continue;
                    }
                    assertThat(r.pathCount()).isEqualTo(p.pathCount());
                    assertThat(r.traversal().links()).isEqualTo(p.traversal().links());
                    assertThat(r.traversal().probability()).as("%s -> %s in %s", a.name(), b.name(), t.describe()).isEqualTo(p.traversal().probability());
                    compared++;
                }
            }
            assertThat(compared).as(t.describe()).isPositive();
        }
    }
}
