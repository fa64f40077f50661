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
    void vlanMembershipsFilterOnlyWhereTheLayoutHasAVlanField() {
        var access = new org.sonde.dataplane.model.VlanMembership(Examples.PA, new org.sonde.dataplane.model.SwitchportMode.Access(10));
        Network untagged = new Network(NET.layout(), NET.devices(), NET.ports(), NET.links(), NET.tables(), NET.acls(), NET.aclBindings(),
                List.of(access), List.of());
        LinuxConfig plain = Compiler.compile(new Wiring(untagged));
        assertThat(plain.unexpressed()).isEmpty();
        assertThat(plain.nodes().get("d0").ingress()).isEmpty();
        var withVlan = org.sonde.dataplane.model.HeaderLayout.builder("ip-tcp-vlan").field("ip_dst", 32).field("tp_dst", 16).field("vlan", 12).build();
        var reserved = new org.sonde.dataplane.model.VlanMembership(Examples.PB, new org.sonde.dataplane.model.SwitchportMode.Trunk(Set.of(7, 4095), 7));
        Network tagged = new Network(withVlan, NET.devices(), NET.ports(), NET.links(), NET.tables(), NET.acls(), NET.aclBindings(),
                List.of(access, reserved), List.of());
        LinuxConfig c = Compiler.compile(new Wiring(tagged));
        assertThat(c.nodes().get("d0").ingress()).contains("chain p1 {", "meta mark set vlan id map { 10 : 10 } vlan id set 0 accept",
                "ether daddr 02:a7:00:00:00:01 meta mark set 10 accept");
        // 4095 is no VLAN id a tag carries: listed, and the trunk takes only 7
        assertThat(c.unexpressed()).extracting(Unexpressed::element).contains("vlan:port " + Examples.PB);
        // the three-switch rules forward to VLAN ports without setting a VLAN: listed, not guessed
        assertThat(c.unexpressed()).filteredOn(u -> u.element().startsWith("rule:")).isNotEmpty()
                .allSatisfy(u -> assertThat(u.why()).contains("without setting or matching a VLAN"));
        assertThat(c.nodes().get("d1").ingress()).contains("vlan id map { 7 : 7 }").doesNotContain("4095");
    }

    static final Network VLANS = VlanExample.network();
    static final Wiring VLAN_WIRING = new Wiring(VLANS);
    static final LinuxConfig VLAN_CONFIG = Compiler.compile(VLAN_WIRING);

    @Test
    void theShippedVlanExampleIsVlanExample() {
        assertThat(NetworkJson.read(Path.of("../examples/atpg/vlan-network.json"))).isEqualTo(VLANS);
    }

    /** Every rule, ACL entry and membership of the VLAN example is built; only its MAC entries are listed. */
    @Test
    void theVlanExampleIsBuiltWholeButItsMacTable() {
        assertThat(VLAN_CONFIG.unexpressed()).extracting(Unexpressed::element).containsExactly("macTable:R", "macTable:D");
        assertThat(VLAN_WIRING.member(VlanExample.UP)).isFalse();
        assertThat(VLAN_WIRING.member(VlanExample.RD)).isTrue();
        // R routes each VLAN's prefix via that VLAN's next hop on the port: its neighbour is the receiver's VLAN MAC
        LinuxConfig.Node r = VLAN_CONFIG.nodes().get("d0");
        assertThat(r.routes()).containsEntry("main 10.20.0.0/16", "route replace 10.20.0.0/16 via 169.254.16.20 dev p2 onlink")
                .containsEntry("main 10.12.0.0/16", "route replace 10.12.0.0/16 via 169.254.16.10 dev p3 onlink")
                .containsEntry("main 10.30.0.0/16", "route replace 10.30.0.0/16 via 169.254.16.20 dev p3 onlink")
                .containsEntry("main 10.40.0.0/16", "route replace 10.40.0.0/16 via 169.254.16.40 dev p3 onlink")
                .containsEntry("main default", "route replace default via 169.254.0.1 dev p4 onlink");
        assertThat(r.setup()).contains("neigh replace 169.254.16.10 lladdr 2a:00:0a:00:00:0b dev p3 nud permanent",
                "neigh replace 169.254.16.40 lladdr 2a:00:28:00:00:0b dev p3 nud permanent",
                "neigh replace 169.254.16.10 lladdr 06:a7:00:00:00:01 dev p1 nud permanent");
        // the flood in VLAN 10: a copy to the trunk's VLAN 10 next hop, never back to the trunk it came in by
        assertThat(r.nft()).contains("ip daddr 10.99.0.0/16 iifname != \"p3\" dup to 169.254.16.10 device \"p3\"");
        // the ACL on interface Vlan20: its VLAN is the packet's mark, set on arrival
        assertThat(r.nft()).contains("meta mark { 20 } th dport 23 drop", "meta mark { 20 } ip daddr 10.0.0.0/8 return", "meta mark { 20 } drop",
                "iifname \"p2\" jump acl0", "iifname \"p3\" jump acl0");
        // D's trunk takes VLANs 10 and 20, tagged or at its VLAN MACs; VLAN 40, which R's trunk carries, it drops
        LinuxConfig.Node d = VLAN_CONFIG.nodes().get("d1");
        assertThat(d.ingress()).contains("chain p11 {", "policy drop;", "meta mark set vlan id map { 10 : 10, 20 : 20 } vlan id set 0 accept",
                "ether daddr 2a:00:0a:00:00:0b meta mark set 10 ether daddr set 02:a7:00:00:00:0b meta pkttype set host accept",
                "ether daddr 2a:00:14:00:00:0b meta mark set 20").doesNotContain("2a:00:28:00:00:0b");
        // the trunk's native VLAN 1 is not allowed: no untagged frame gets in
        assertThat(d.ingress()).doesNotContain("ether daddr 02:a7:00:00:00:0b meta mark");
        // D's in-port rule keeps D in policy routing
        assertThat(d.setup()).contains("rule add pref 100 iif p11 to 10.30.0.0/16 lookup 100");
        assertThat(d.routes()).containsEntry("100 default", "route replace default via 169.254.16.30 dev p13 onlink table 100");
    }

    @Test
    void vlanFaultsChangeOnlyTheRoutesAndChainsTheyMust() {
        Model model = Model.of(VLANS);
        Network drop = Emulator.inject(model, List.of(Fault.parse("test", "rule:rR3:drop"))).model().network();
        LinuxConfig dropped = Compiler.compile(VLAN_WIRING, drop, VLAN_CONFIG);
        assertThat(dropped.nodes().get("d0").routes()).containsEntry("main 10.12.0.0/16", "route replace blackhole 10.12.0.0/16");
        assertThat(dropped.nodes().get("d1").routes()).isEqualTo(VLAN_CONFIG.nodes().get("d1").routes());
        assertThat(dropped.nodes().get("d1").nft()).isEqualTo(VLAN_CONFIG.nodes().get("d1").nft());
        Network flip = Emulator.inject(model, List.of(Fault.parse("test", "acl:" + VlanExample.SVI20_IN + "#2:deny"))).model().network();
        LinuxConfig flipped = Compiler.compile(VLAN_WIRING, flip, VLAN_CONFIG);
        assertThat(flipped.nodes().get("d0").nft()).contains("meta mark { 20 } ip daddr 10.0.0.0/8 drop");
        assertThat(flipped.nodes().get("d0").routes()).isEqualTo(VLAN_CONFIG.nodes().get("d0").routes());
        assertThat(flipped.nodes().get("d0").ingress()).isEqualTo(VLAN_CONFIG.nodes().get("d0").ingress());
    }

    /** What a VLAN port cannot carry is listed: a rule sending to it without a VLAN, a VLAN match from a port without membership, a link to such a port. */
    @Test
    void whatVlanPortsCannotCarryIsListed() {
        List<RuleTable> tables = new java.util.ArrayList<>(VLANS.tables());
        RuleTable r = tables.getFirst();
        List<Rule> rules = new java.util.ArrayList<>(r.rules());
        rules.addFirst(new Rule("novlan", 9, Set.of(VlanExample.UP), Match.ANY.and("ip_dst", Ternary.prefix(10L << 24 | 77L << 16, 16, 32)),
                List.of(new Action.Forward(List.of(VlanExample.H10)))));
        rules.addFirst(new Rule("fromup", 10, Set.of(VlanExample.UP), Match.ANY.and("vlan", Ternary.exact(10, 12)),
                List.of(new Action.Forward(List.of(VlanExample.H10)))));
        tables.set(0, new RuleTable("R", r.policy(), rules));
        List<org.sonde.dataplane.model.Link> links = new java.util.ArrayList<>(VLANS.links());
        Network n = new Network(VLANS.layout(), VLANS.devices(), VLANS.ports(), links, tables, VLANS.acls(), VLANS.aclBindings(),
                VLANS.vlanMemberships(), List.of());
        assertThat(Compiler.compile(new Wiring(n)).unexpressed()).extracting(Unexpressed::element).containsExactly("rule:fromup", "rule:novlan");
        assertThat(Compiler.compile(new Wiring(n)).unexpressed().getLast().why()).contains("without setting or matching a VLAN");
        // D's trunk linked to R's routed uplink instead
        links.add(new org.sonde.dataplane.model.Link("UX", VlanExample.UP, VlanExample.D30, org.sonde.dataplane.model.Origin.NONE));
        Network crossed = new Network(VLANS.layout(), VLANS.devices(), VLANS.ports(), links, VLANS.tables(), VLANS.acls(), VLANS.aclBindings(),
                VLANS.vlanMemberships(), List.of());
        assertThat(new Wiring(crossed).unexpressed()).extracting(Unexpressed::element).containsExactly("link:4-13");
    }

    /**
     * A member port on a shared segment sends each VLAN to the address for any receiver; the segment's bridge gives each link
     * of that VLAN its receiver's VLAN MAC.
     */
    @Test
    void aSegmentBetweenVlanPortsReaddressesEachVlan() {
        Network seg = SegmentExample.network();
        var withVlan = org.sonde.dataplane.model.HeaderLayout.builder("ip-vlan").field("ip_dst", 32).field("vlan", 12).build();
        List<org.sonde.dataplane.model.VlanMembership> trunks = new java.util.ArrayList<>();
        for (int p : new int[] {SegmentExample.HS, SegmentExample.AS, SegmentExample.BS, SegmentExample.CS})
            trunks.add(new org.sonde.dataplane.model.VlanMembership(p, new org.sonde.dataplane.model.SwitchportMode.Access(2)));
        Network n = new Network(withVlan, seg.devices(), seg.ports(), seg.links(), seg.tables(), List.of(), List.of(), trunks, List.of());
        Wiring w = new Wiring(n);
        assertThat(w.nextHopMac(SegmentExample.HS, 2)).isEqualTo(Wiring.anyReceiver(2)).isEqualTo("2a:00:02:ff:ff:ff");
        String chain = Compiler.compile(w).nodes().get(Wiring.SEGMENTS).nft();
        assertThat(chain).contains("iifname \"s2\" oifname \"s11\" ether daddr 2a:00:02:ff:ff:ff ether daddr set 2a:00:02:00:00:0b accept comment \"link HA\"");
    }

}
