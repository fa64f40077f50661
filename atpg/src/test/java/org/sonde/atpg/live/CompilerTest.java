package org.sonde.atpg.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Examples;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.Ternary;
import org.sonde.dataplane.reach.Model;
import org.sonde.atpg.Emulator;
import org.sonde.atpg.Fault;

/** What the example network becomes on Linux, and what its faults change, without building it (no root). */
class CompilerTest {
    static final Network NET = Examples.threeSwitchWithAcls();
    static final Wiring WIRING = new Wiring(NET);
    static final LinuxConfig HEALTHY = Compiler.compile(WIRING);

    @Test
    void theShippedExampleIsTheThreeSwitchNetworkWithAcls() {
        assertThat(NetworkJson.read(Path.of("../examples/atpg/example-network.json"))).isEqualTo(NET);
    }

    @Test
    void theShippedFatTreeIsPlainLongestPrefixRoutes() {
        Network ft = Examples.fatTree(4);
        assertThat(NetworkJson.read(Path.of("../examples/atpg/fat-tree-4.json"))).isEqualTo(ft);
        Wiring w = new Wiring(ft);
        assertThat(w.terminals()).hasSize(16);
        assertThat(w.pairs()).hasSize(32);
        LinuxConfig c = Compiler.compile(w);
        assertThat(c.unexpressed()).isEmpty();
        assertThat(c.policyRuleCount()).isZero();
        assertThat(c.routeCount()).isEqualTo(ft.ruleCount());
        // edge e1-0 (device 2): its hosts' /32s down, the other edge's /24 and other pods' /16s up
        assertThat(c.nodes().get("d2").routes()).containsEntry("main 10.1.0.3/32", "route replace 10.1.0.3/32 via 169.254.0.1 dev p2001 onlink")
                .containsEntry("main 10.1.1.0/24", "route replace 10.1.1.0/24 via 169.254.0.1 dev p2003 onlink")
                .containsEntry("main 10.0.0.0/16", "route replace 10.0.0.0/16 via 169.254.0.1 dev p2002 onlink");
    }

    @Test
    void wiringPairsLinksAndGivesTerminalsTheirOwnEnds() {
        assertThat(WIRING.nodes()).containsExactly("t", "d0", "d1", "d2");
        assertThat(WIRING.terminals()).containsExactly(Examples.PA, Examples.PB, Examples.PC);
        assertThat(WIRING.pairs()).extracting(p -> p[0] + "-" + p[1]).containsExactly("2-12", "3-22", "13-23");
        assertThat(WIRING.nextHopMac(Examples.AB)).isEqualTo(Wiring.mac(Examples.BA)).isEqualTo("02:a7:00:00:00:0c");
        assertThat(WIRING.nextHopMac(Examples.PA)).isEqualTo(Wiring.terminalMac(Examples.PA));
    }

    @Test
    void prefixOnlyDeviceGetsRoutesOthersKeepFirstMatchWithPolicyRules() {
        // A: three /16s from every port: longest-prefix routes
        assertThat(HEALTHY.nodes().get("d0").routes()).containsOnly(
                entry("main 10.0.0.0/16", "route replace 10.0.0.0/16 via 169.254.0.1 dev p2 onlink"),
                entry("main 10.1.0.0/16", "route replace 10.1.0.0/16 via 169.254.0.1 dev p3 onlink"),
                entry("main 10.2.0.0/16", "route replace 10.2.0.0/16 via 169.254.0.1 dev p1 onlink"));
        // B: rB3 also matches tp_dst 80, so every rule of B is a policy rule in model order
        assertThat(HEALTHY.nodes().get("d1").setup()).filteredOn(l -> l.startsWith("rule")).containsExactly(
                "rule add pref 100 to 10.2.0.0/16 lookup 100", "rule add pref 101 to 10.1.0.0/16 lookup 101",
                "rule add pref 102 to 10.0.0.0/16 dport 80 lookup 102");
        // C: rules bound to in-ports; rC1's second copy is an nftables dup out of CB
        assertThat(HEALTHY.nodes().get("d2").setup()).filteredOn(l -> l.startsWith("rule")).containsExactly(
                "rule add pref 100 iif p21 lookup 100", "rule add pref 101 iif p22 lookup 101", "rule add pref 101 iif p23 lookup 101");
        assertThat(HEALTHY.nodes().get("d2").routes()).containsEntry("100 default", "route replace default via 169.254.0.1 dev p22 onlink table 100");
        assertThat(HEALTHY.nodes().get("d2").nft()).contains("iifname { \"p21\" } dup to 169.254.0.1 device \"p23\" return")
                .contains("iifname { \"p22\", \"p23\" } return");
        assertThat(HEALTHY.unexpressed()).isEmpty();
    }

    @Test
    void aclsAreFirstMatchChainsWithTheImplicitDenyBoundPerPortAndDirection() {
        String a = HEALTHY.nodes().get("d0").nft(), b = HEALTHY.nodes().get("d1").nft();
        assertThat(a).contains("th dport 22 drop\n    ip daddr 10.0.0.0/16 return\n    ip daddr 10.1.0.0/16 return\n    drop\n")
                .contains("hook prerouting").contains("iifname \"p1\" jump acl0");
        assertThat(b).contains("th dport 80 return\n    drop\n").contains("hook postrouting").contains("oifname \"p11\" jump acl0");
    }

    @Test
    void faultsChangeOnlyTheRoutesAndChainsTheyMust() {
        Model model = Model.of(NET);
        LinuxConfig drop = faulted(model, "rule:rA1:drop");
        assertThat(drop.nodes().get("d0").routes()).containsEntry("main 10.0.0.0/16", "route replace blackhole 10.0.0.0/16");
        assertThat(drop.nodes().get("d1").routes()).isEqualTo(HEALTHY.nodes().get("d1").routes());
        assertThat(drop.nodes().get("d1").nft()).isEqualTo(HEALTHY.nodes().get("d1").nft());
        // a missing policy-routed rule empties its table (the next rule decides) and keeps its policy rule
        LinuxConfig missing = faulted(model, "rule:rB3:missing");
        assertThat(missing.nodes().get("d1").routes()).doesNotContainKey("102 default").hasSize(2);
        LinuxConfig port = faulted(model, "rule:rC1:port=" + Examples.CB);
        assertThat(port.nodes().get("d2").routes()).containsEntry("100 default", "route replace default via 169.254.0.1 dev p23 onlink table 100");
        assertThat(port.nodes().get("d2").nft()).doesNotContain("dup to");
        LinuxConfig acl = faulted(model, "acl:edge-in#1:permit");
        assertThat(acl.nodes().get("d0").nft()).contains("th dport 22 return").doesNotContain("th dport 22 drop");
        assertThat(acl.nodes().get("d0").routes()).isEqualTo(HEALTHY.nodes().get("d0").routes());
        assertThat(LinuxConfig.deleteRoute("102 default")).isEqualTo("route del default table 102");
    }

    private static LinuxConfig faulted(Model model, String spec) {
        Network n = Emulator.inject(model, List.of(Fault.parse("test", spec))).model().network();
        return Compiler.compile(WIRING, n, HEALTHY);
    }

    @Test
    void whatLinuxCannotCarryIsListedNotDropped() {
        // a rewriting rule, a non-prefix destination mask and an out-of-order overlap in A
        RuleTable a = NET.table("A").orElseThrow();
        List<Rule> rules = new java.util.ArrayList<>(List.of(
                new Rule("rw", 9, Set.of(Examples.PA), Match.ANY.and("ip_dst", Ternary.prefix(10L << 24 | 9L << 16, 16, 32)),
                        List.of(new Action.SetField("tp_dst", 8080, 0xffff), new Action.Forward(List.of(Examples.AB)))),
                new Rule("odd", 8, Set.of(Examples.PA), Match.ANY.and("ip_dst", new Ternary(0x0a000001L, 0xff0000ffL)),
                        List.of(new Action.Forward(List.of(Examples.AB))))));
        rules.addAll(a.rules());
        List<RuleTable> tables = new java.util.ArrayList<>(NET.tables());
        tables.set(0, new RuleTable("A", a.policy(), rules));
        Network n = new Network(NET.layout(), NET.devices(), NET.ports(), NET.links(), tables, NET.acls(), NET.aclBindings(), List.of(), List.of());
        LinuxConfig c = Compiler.compile(new Wiring(n));
        assertThat(c.unexpressed()).extracting(Unexpressed::element).containsExactly("rule:rw", "rule:odd");
        assertThat(c.unexpressed().getFirst().why()).contains("rewrites headers");
        assertThat(c.unexpressed().get(1).why()).contains("not a prefix");
        // what is left of A is still prefix-only: routes
        assertThat(c.nodes().get("d0").routes()).hasSize(3);
    }

    private static java.util.Map.Entry<String, String> entry(String k, String v) {
        return java.util.Map.entry(k, v);
    }

    @Test
    void aSharedSegmentIsABridgeWhoseEndsTheDevicesReachByBroadcast() {
        Wiring w = new Wiring(SegmentExample.network());
        assertThat(w.nodes()).containsExactly("t", "d0", "d1", "d2", "d3", "d4", Wiring.SEGMENTS);
        assertThat(w.segments()).containsExactly(new Wiring.Segment("br0",
                List.of(SegmentExample.HS, SegmentExample.AS, SegmentExample.BS, SegmentExample.CS)));
        // two ports joined by links stay a veth pair; nothing is left out
        assertThat(w.pairs()).extracting(p -> p[0] + "-" + p[1]).containsExactly(SegmentExample.HD + "-" + SegmentExample.DH);
        assertThat(w.unexpressed()).isEmpty();
        assertThat(w.terminals()).containsExactly(SegmentExample.PH, SegmentExample.PA, SegmentExample.PB, SegmentExample.PC, SegmentExample.PD);
        assertThat(w.nextHopMac(SegmentExample.AS)).isEqualTo("ff:ff:ff:ff:ff:ff");
        assertThat(w.nextHopMac(SegmentExample.HD)).isEqualTo(Wiring.mac(SegmentExample.DH));
        assertThat(w.interfaces(Wiring.SEGMENTS)).containsExactly("br0", "s2", "s11", "s21", "s31");
        assertThat(w.interfaces("d1")).containsExactly("p11", "p12");
        // a test entering at a segment port is sent from the port's end on the bridge
        assertThat(w.into(SegmentExample.AS)).isEqualTo(new Wiring.End(Wiring.SEGMENTS, "s11", "0a:a7:00:00:00:0b"));
        assertThat(w.into(SegmentExample.HD)).isEqualTo(new Wiring.End("d4", "p41", Wiring.mac(SegmentExample.DH)));
        assertThat(w.into(SegmentExample.PA)).isEqualTo(new Wiring.End(Wiring.TERMINALS, "t12", Wiring.terminalMac(SegmentExample.PA)));

        LinuxConfig c = Compiler.compile(w);
        assertThat(c.unexpressed()).isEmpty();
        assertThat(c.nodes().get("d1").setup()).contains("neigh replace 169.254.0.1 lladdr ff:ff:ff:ff:ff:ff dev p11 nud permanent");
        LinuxConfig.Node s = c.nodes().get(Wiring.SEGMENTS);
        assertThat(s.setup()).contains("link set dev s11 address 0a:a7:00:00:00:0b");
        assertThat(Compiler.nftFamily(Wiring.SEGMENTS)).isEqualTo("bridge");
        assertThat(s.nft()).startsWith("table bridge sonde_atpg {").contains("type filter hook forward priority 0; policy drop;")
                .contains("iifname \"s2\" oifname \"s11\" ether daddr set 02:a7:00:00:00:0b accept comment \"link HA\"")
                .contains("iifname \"s31\" oifname \"s2\" ether daddr set 02:a7:00:00:00:02 accept comment \"link CH\"")
                .doesNotContain("oifname \"s21\" ether daddr set 02:a7:00:00:00:0b");
        // one accept rule per directed link of the segment, none for spoke to spoke
        assertThat(s.nftRules()).isEqualTo(6);
        assertThat(s.nft().lines().filter(l -> l.contains(" accept"))).hasSize(6);
        // routers never route back out of the port a packet came in by, as the model does not: on the segment, the
        // zone routers' copies of what is not theirs stop there (their 10/8 route points back to the hub)
        assertThat(c.nodes().get("d0").nft()).contains("iifname \"p2\" oifname \"p2\" drop", "iifname \"p3\" oifname \"p3\" drop");
        assertThat(c.nodes().get("d1").nft()).contains("chain hairpin", "iifname \"p11\" oifname \"p11\" drop");
    }

    /** A rule that copies to one of its own in-ports: the copy is made only for packets that came in by another port. */
    @Test
    void noCopyGoesBackOutOfThePortThePacketCameInBy() {
        RuleTable c = NET.table("C").orElseThrow();
        Rule rC2 = c.rules().get(1);
        List<RuleTable> tables = new java.util.ArrayList<>(NET.tables());
        tables.set(2, new RuleTable("C", c.policy(), List.of(c.rules().getFirst(),
                new Rule(rC2.id(), rC2.priority(), rC2.inPortIds(), rC2.match(), List.of(new Action.Forward(List.of(Examples.PC, Examples.CB)))))));
        Network n = new Network(NET.layout(), NET.devices(), NET.ports(), NET.links(), tables, NET.acls(), NET.aclBindings(), List.of(), List.of());
        String nft = Compiler.compile(new Wiring(n)).nodes().get("d2").nft();
        assertThat(nft).contains("    iifname { \"p22\", \"p23\" } iifname != \"p23\" dup to 169.254.0.1 device \"p23\"\n    iifname { \"p22\", \"p23\" } return\n")
                .contains("iifname \"p23\" oifname \"p23\" drop");
    }

    @Test
    void aSegmentLinkDownIsItsAcceptRuleGoneFromTheBridge() {
        Network n = SegmentExample.network();
        Wiring w = new Wiring(n);
        LinuxConfig healthy = Compiler.compile(w);
        Network down = Emulator.inject(Model.of(n), List.of(Fault.parse("test", "link:HA:down"))).model().network();
        LinuxConfig faulted = Compiler.compile(w, down, healthy);
        String before = healthy.nodes().get(Wiring.SEGMENTS).nft(), after = faulted.nodes().get(Wiring.SEGMENTS).nft();
        assertThat(after).doesNotContain("link HA").contains("link AH", "link HB");
        assertThat(before.lines().filter(l -> !l.contains("link HA"))).containsExactlyElementsOf(after.lines().toList());
        // nothing else changes
        for (String node : w.nodes()) if (!node.equals(Wiring.SEGMENTS)) assertThat(faulted.nodes().get(node)).isEqualTo(healthy.nodes().get(node));
    }

    /** Where a slowed link's qdisc goes, decided without root: the one interface that carries that direction alone, or a refusal. */
    @Test
    void aSegmentLinkIsSlowedWhereOneInterfaceCarriesItAlone() {
        Network n = SegmentExample.network();
        Wiring w = new Wiring(n);
        // hub to zone router: the hub's port sends to three, the zone router's port hears only the hub: the bridge's end towards it
        assertThat(LiveFaults.slowedAtSender(w, n, n.link("HA").orElseThrow())).isFalse();
        // zone router to hub: its port links only there
        assertThat(LiveFaults.slowedAtSender(w, n, n.link("AH").orElseThrow())).isTrue();
        assertThat(LiveFaults.slowedAtSender(w, n, n.link("HD").orElseThrow())).isTrue();
        // three routers' ports on one segment, each linked to both others: no interface carries X to Y alone
        List<org.sonde.dataplane.model.Link> mesh = new java.util.ArrayList<>();
        int[] ports = {SegmentExample.AS, SegmentExample.BS, SegmentExample.CS};
        for (int a : ports) for (int b : ports) if (a != b) mesh.add(new org.sonde.dataplane.model.Link(a + ">" + b, a, b, org.sonde.dataplane.model.Origin.NONE));
        Network m = new Network(n.layout(), n.devices(), n.ports(), mesh, n.tables(), List.of(), List.of(), List.of(), List.of());
        Wiring mw = new Wiring(m);
        assertThat(mw.segments()).hasSize(1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LiveFaults.slowedAtSender(mw, m, m.link("11>21").orElseThrow()))
                .isInstanceOf(org.sonde.core.UsageException.class).hasMessageContaining("cannot be slowed alone");
    }

    @Test
    void vlanMembershipsAreListedOnlyWhereTheLayoutHasAVlanField() {
        var access = new org.sonde.dataplane.model.VlanMembership(Examples.PA, new org.sonde.dataplane.model.SwitchportMode.Access(10));
        Network untagged = new Network(NET.layout(), NET.devices(), NET.ports(), NET.links(), NET.tables(), NET.acls(), NET.aclBindings(),
                List.of(access), List.of());
        assertThat(Compiler.compile(new Wiring(untagged)).unexpressed()).isEmpty();
        var withVlan = org.sonde.dataplane.model.HeaderLayout.builder("ip-tcp-vlan").field("ip_dst", 32).field("tp_dst", 16).field("vlan", 12).build();
        Network tagged = new Network(withVlan, NET.devices(), NET.ports(), NET.links(), NET.tables(), NET.acls(), NET.aclBindings(),
                List.of(access), List.of());
        assertThat(Compiler.compile(new Wiring(tagged)).unexpressed()).extracting(Unexpressed::element).contains("vlan:port " + Examples.PA);
    }
}
