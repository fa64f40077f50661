package org.sonde.dataplane.io.apkeep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.sonde.dataplane.io.apkeep.ApkeepExcerpts.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.io.apkeep.StanfordApkeepImport.AclLine;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.io.text.Range;
import org.sonde.dataplane.model.Acl;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.HeaderLayouts;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Origin;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.SwitchportMode;
import org.sonde.dataplane.model.Ternary;
import org.sonde.dataplane.model.VlanMembership;

class StanfordApkeepImportTest {
    // Ports are numbered by device (goza 1, gozb 2) and name order.
    static final int GOZA_GI4_16 = 100001, GOZA_TE2_3 = 100002, GOZA_TE2_4 = 100003, GOZA_TE3_3 = 100004;
    static final int GOZB_TE2_3 = 200001, GOZB_TE2_4 = 200002, GOZB_TE3_3 = 200003;

    @Test
    void devicesPortsAndCounts() {
        StanfordApkeepImport.Import imp = parse();
        Network n = imp.network();
        assertThat(n.layout()).isEqualTo(HeaderLayouts.APKEEP);
        assertThat(n.devices()).extracting(d -> d.id()).containsExactly("goza_rtr", "gozb_rtr");
        assertThat(n.ports()).containsExactly(new Port(GOZA_GI4_16, "goza_rtr", "gi4/16"), new Port(GOZA_TE2_3, "goza_rtr", "te2/3"),
                new Port(GOZA_TE2_4, "goza_rtr", "te2/4"), new Port(GOZA_TE3_3, "goza_rtr", "te3/3"),
                new Port(GOZB_TE2_3, "gozb_rtr", "te2/3"), new Port(GOZB_TE2_4, "gozb_rtr", "te2/4"), new Port(GOZB_TE3_3, "gozb_rtr", "te3/3"));
        assertThat(imp.insertions()).isEqualTo(15);
        assertThat(imp.deletions()).isEqualTo(2);
        assertThat(n.ruleCount()).isEqualTo(6);
    }

    @Test
    void forwardingRulesAreLongestPrefixFirstWithFileLineIds() {
        Network n = parse().network();
        RuleTable goza = n.table("goza_rtr").orElseThrow();
        assertThat(goza.policy()).isEqualTo(MatchPolicy.FIRST_MATCH);
        // /24 first; the two /20s keep file order; then /8 and the default route.
        assertThat(goza.rules()).extracting(Rule::id).containsExactly("updates#4", "updates#2", "updates#3", "updates#1", "updates#5");
        assertThat(goza.rules()).extracting(Rule::priority).containsExactly(24, 20, 20, 8, 0);
        Set<Integer> allGoza = Set.of(GOZA_GI4_16, GOZA_TE2_3, GOZA_TE2_4, GOZA_TE3_3);

        Rule r24 = n.rule("updates#4").orElseThrow();
        assertThat(r24.inPortIds()).isEqualTo(allGoza);
        assertThat(r24.match()).isEqualTo(new Match(Map.of("ip_dst", new Ternary(0x0A4BDF00L, 0xFFFFFF00L)))); // 10.75.223.0/24
        assertThat(r24.actions()).containsExactly(new Action.Forward(List.of(GOZA_TE2_4)));
        assertThat(r24.origin()).isEqualTo(new Origin("te2/4", "updates", List.of(4)));

        Rule vlan = n.rule("updates#3").orElseThrow();
        assertThat(vlan.match().fields().get("ip_dst")).isEqualTo(new Ternary(0x0A3E5000L, 0xFFFFF000L)); // 10.62.80.0/20
        assertThat(vlan.actions()).containsExactly(new Action.Forward(List.of(GOZA_TE2_3, GOZA_TE2_4, GOZA_TE3_3)));

        assertThat(n.rule("updates#1").orElseThrow().actions()).containsExactly(new Action.Drop()); // self
        assertThat(n.rule("updates#5").orElseThrow().match()).isEqualTo(Match.ANY);
        assertThat(n.table("gozb_rtr").orElseThrow().rules()).extracting(Rule::id).containsExactly("updates#6");
    }

    @Test
    void aclKeepsItsPortRangeAndCoversItExactly() {
        StanfordApkeepImport.Import imp = parse();
        Acl acl = imp.network().acl("goza_rtr_157").orElseThrow();
        Ternary proto6 = Ternary.exact(6, 8);
        assertThat(acl.entries()).containsExactly(
                new AclEntry(AclEntry.Verdict.DENY, new Match(Map.of("ip_src", Ternary.exact(0xC8570D0EL, 32)))),
                new AclEntry(AclEntry.Verdict.DENY, new Match(Map.of("ip_proto", proto6, "tp_dst", Ternary.exact(137, 16)))),
                new AclEntry(AclEntry.Verdict.DENY, new Match(Map.of("ip_proto", proto6, "tp_dst", new Ternary(138, 0xFFFE)))),
                new AclEntry(AclEntry.Verdict.PERMIT, Match.ANY));
        AclLine range = imp.aclLines().stream().filter(l -> l.aclId().equals("goza_rtr_157") && l.line() == 2).findFirst().orElseThrow();
        assertThat(range).isEqualTo(new AclLine("goza_rtr_157", "acls/goza_rtr_157", 2, AclEntry.Verdict.DENY, new Range(6, 6),
                new Ternary(0, 0), new Range(0, 65535), new Ternary(0, 0), new Range(137, 139), 65532, 1, 2));
        assertThat(imp.aclLines()).hasSize(9);

        Acl acl100 = imp.network().acl("goza_rtr_100").orElseThrow();
        // Cisco wildcards: 1 bits are free.
        assertThat(acl100.entries().getFirst()).isEqualTo(new AclEntry(AclEntry.Verdict.PERMIT, new Match(Map.of(
                "ip_src", new Ternary(0xAC110000L, 0xFFFF0000L), "ip_dst", new Ternary(0xAC1B1020L, 0xFFFFFFE0L)))));
    }

    @Test
    void bindingsChainInUsageOrder() {
        Network n = parse().network();
        assertThat(n.aclBindingsOf(GOZA_TE2_3)).containsExactly(new AclBinding(GOZA_TE2_3, AclBinding.Direction.OUT, "goza_rtr_100"),
                new AclBinding(GOZA_TE2_3, AclBinding.Direction.OUT, "goza_rtr_157"));
        assertThat(n.aclBindingsOf(GOZA_GI4_16)).containsExactly(new AclBinding(GOZA_GI4_16, AclBinding.Direction.OUT, "goza_rtr_100"));
        assertThat(n.aclBindingsOf(GOZB_TE2_3)).containsExactly(new AclBinding(GOZB_TE2_3, AclBinding.Direction.IN, "gozb_rtr_100"));
    }

    @Test
    void linksCollapseAclNodeChains() {
        Network n = parse().network();
        assertThat(n.links()).containsExactly(
                new Link("topo.txt#1", GOZA_TE2_3, GOZB_TE2_3, new Origin("", "topo.txt", List.of(1, 2, 3, 4))),
                new Link("topo.txt#5", GOZB_TE2_3, GOZA_TE2_3, new Origin("", "topo.txt", List.of(5))));
    }

    @Test
    void vlanLinesBecomeTrunkMemberships() {
        Network n = parse().network();
        assertThat(n.vlanMembership(GOZA_TE2_3)).contains(new VlanMembership(GOZA_TE2_3, new SwitchportMode.Trunk(Set.of(1, 10), 1)));
        assertThat(n.vlanMembership(GOZA_TE2_4)).contains(new VlanMembership(GOZA_TE2_4, new SwitchportMode.Trunk(Set.of(10), 1)));
        assertThat(n.vlanMembership(GOZA_GI4_16)).isEmpty();
        assertThat(n.vlanMemberships()).hasSize(6);
    }

    @Test
    void importedNetworkSurvivesJson() {
        Network n = parse().network();
        assertThat(NetworkJson.read("apkeep.json", NetworkJson.write(n))).isEqualTo(n);
    }

    @Test
    void loadsADirectory(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("topo.txt"), TOPOLOGY);
        Files.writeString(dir.resolve("vlan.txt"), VLANS);
        Files.writeString(dir.resolve("updates"), UPDATES);
        Files.writeString(dir.resolve("parameters.json"), "{}");
        Files.createDirectory(dir.resolve("acls"));
        for (Map.Entry<String, String> e : acls().entrySet()) Files.writeString(dir.resolve("acls").resolve(e.getKey()), e.getValue());
        assertThat(StanfordApkeepImport.load(dir)).isEqualTo(parse());
        Files.delete(dir.resolve("vlan.txt"));
        assertThatThrownBy(() -> StanfordApkeepImport.load(dir)).isInstanceOf(BadInputException.class).hasMessageContaining("expected a file vlan.txt");
        assertThatThrownBy(() -> StanfordApkeepImport.load(dir.resolve("absent"))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("expected a directory acls");
        Files.writeString(dir.resolve("vlan.txt"), VLANS);
        Files.delete(dir.resolve("acls").resolve("gozb_rtr_usage"));
        Files.createDirectory(dir.resolve("acls").resolve("gozb_rtr_usage"));
        assertThatThrownBy(() -> StanfordApkeepImport.load(dir)).isInstanceOf(BadInputException.class).hasMessageContaining("expected a file acls/gozb_rtr_usage");
    }

    @Test
    void aLowerPortBoundAloneRunsToTheTop() {
        String gt = "access-list 157 permit 6 6 any null null null any null 27000 null -1 65529\n";
        String updates = UPDATES.replace("65530\n", "65530\n+ acl goza_rtr_157 access-list 157 permit 6 6 any null null null any null 27000 null 65529\n");
        StanfordApkeepImport.Import imp = StanfordApkeepImport.parse(TOPOLOGY, VLANS, updates, aclsWith("goza_rtr_157", GOZA_157 + gt));
        AclLine line = imp.aclLines().stream().filter(l -> l.aclId().equals("goza_rtr_157") && l.line() == 4).findFirst().orElseThrow();
        assertThat(line.dstPort()).isEqualTo(new Range(27000, 65535));
        assertThat(line.entryCount()).isEqualTo(new Range(27000, 65535).cover(16).size());
        rejects(TOPOLOGY, VLANS, updates, aclsWith("goza_rtr_157", GOZA_157 + gt.replace("27000 null", "null 27000")),
                "acls/goza_rtr_157: line 4: destination port low: expected an integer 0..65535, got \"null\"");
    }

    static void rejects(String topo, String vlans, String updates, Map<String, String> acls, String... fragments) {
        assertThatThrownBy(() -> StanfordApkeepImport.parse(topo, vlans, updates, acls))
                .isInstanceOf(BadInputException.class).message().contains(fragments);
    }

    static void rejectsUpdates(String updates, String... fragments) {
        rejects(TOPOLOGY, VLANS, updates, acls(), fragments);
    }

    static Map<String, String> aclsWith(String name, String text) {
        Map<String, String> m = acls();
        m.put(name, text);
        return m;
    }

    @Test
    void updateErrorsNameLineAndExpectation() {
        rejectsUpdates(UPDATES.replace("+ fwd goza_rtr 0 8", "* fwd goza_rtr 0 8"), "updates: line 1: expected + (insert) or - (delete), got \"*\"");
        rejectsUpdates(UPDATES.replace("+ fwd goza_rtr 0 8", "+ route goza_rtr 0 8"), "updates: line 1: expected fwd or acl after +");
        rejectsUpdates(UPDATES.replace("0 8 self 8", "0 8 self"), "updates: line 1: expected 7 fields");
        rejectsUpdates(UPDATES.replace("171921408 20 te2/3 20", "171921408 33 te2/3 33"), "updates: line 2: prefix length: expected an integer 0..32, got \"33\"");
        rejectsUpdates(UPDATES.replace("171921408 20", "171921409 20"), "updates: line 2: address 171921409 has bits set beyond its /20 prefix");
        rejectsUpdates(UPDATES.replace("171921408 20 te2/3 20", "171921408 20 te2/3 21"), "updates: line 2: expected the priority to equal the prefix length 20");
        rejectsUpdates(UPDATES.replace("171921408 20", "4294967296 20"), "updates: line 2: address: expected an integer 0..4294967295");
        rejectsUpdates(UPDATES.replace("171855872 20 vlan10", "171855872 20 vlan11"), "updates: line 3: forwards to vlan11, which vlan.txt does not list for goza_rtr");
        rejectsUpdates(UPDATES.replace("te2/4 24", "Te2/4 24"), "updates: line 4: expected a port name like te1/3");
        rejectsUpdates(UPDATES + "+ fwd gozb_rtr 0 8 self 8\n", "updates: line 18: expected the snapshot's insertions before every deletion");
        rejectsUpdates(UPDATES.replace("+ fwd goza_rtr 0 0 te2/3 0", "+ fwd goza_rtr 0 8 te2/3 8"), "updates: line 5: device goza_rtr already has a rule for this prefix");
        rejectsUpdates(UPDATES.replace("65532\n+ acl goza_rtr_157 access-list 157 permit", "65532\n+ acl goza_rtr_157 access-list 157 deny"),
                "updates: line 9: inserts an ACL line that acls/goza_rtr_157 does not have");
        rejectsUpdates(UPDATES.replace("+ acl goza_rtr_157 access-list 157 deny 6 6", "- acl goza_rtr_157 access-list 157 deny 6 6"),
                "updates: line 9: expected the snapshot's insertions before every deletion");
        rejectsUpdates(UPDATES.replace("+ acl goza_rtr_157 access-list 157 deny 0", "+ acl goza_rtr_157 access-list 158 deny 0"),
                "updates: line 7: expected the ACL id goza_rtr_157 to end with _ and the access-list name 158");
        rejectsUpdates(UPDATES.replace("+ acl gozb_rtr_100 access-list 100 deny 0 255 172.17.0.0 0.0.255.255 null null any null null null 65534\n", ""),
                "acls/gozb_rtr_100: line 2: expected updates to insert this line, but it does not");
        rejectsUpdates(UPDATES.lines().filter(l -> !l.contains("gozb_rtr_100")).reduce("", (a, b) -> a + b + "\n"),
                "acls/gozb_rtr_100: line 1: expected updates to insert this ACL's lines, but it inserts none");
        rejectsUpdates("", "updates: line 1: expected the snapshot to insert at least one fwd rule");
    }

    @Test
    void aclErrorsNameFileLineAndExpectation() {
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_157", GOZA_157.replace("137 139 -1", "139 137 -1")),
                "acls/goza_rtr_157: line 2: destination port: expected low ≤ high, got 139 > 137");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_157", GOZA_157.replace("137 139 -1", "137 65536 -1")),
                "acls/goza_rtr_157: line 2: destination port high: expected an integer 0..65535");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_157", GOZA_157.replace("deny 6 6", "reject 6 6")), "acls/goza_rtr_157: line 2: expected permit or deny");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_157", GOZA_157.replace("200.87.13.14", "200.87.13.256")),
                "acls/goza_rtr_157: line 1: source address: expected octets 0..255");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_100", ACL_100.replace("172.27.16.32 0.0.0.31", "172.27.16.33 0.0.0.31")),
                "acls/goza_rtr_100: line 1: destination: address 172.27.16.33 has bits set that wildcard 0.0.0.31 leaves free");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_100", ACL_100.replace("permit 0 255 any null", "permit 0 255 any 0.0.0.1")),
                "acls/goza_rtr_100: line 3: source: expected wildcard null after any");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_157", GOZA_157.replace("null -1 65535", "null 0 65535")), "acls/goza_rtr_157: line 1: expected -1 as field 14");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_157", GOZA_157.replace("-1 65530", "-1 65533")),
                "acls/goza_rtr_157: line 3: expected priorities to fall line by line, got 65533 after 65532");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_157", GOZA_157.replace("access-list 157 deny 6", "access-list 158 deny 6")),
                "acls/goza_rtr_157: line 2: expected access-list 157 (the file's ACL)");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_157", GOZA_157.replace(" -1 65530", " 65530")), "acls/goza_rtr_157: line 3: expected 15 fields");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_157", ""), "acls/goza_rtr_157: line 1: expected at least one access-list line");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("hoza_rtr_1", GOZA_157), "acls/hoza_rtr_1: file name: expected a name <device>_…");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("hoza_rtr_usage", GOZB_USAGE), "acls/hoza_rtr_usage: file name: expected <device>_usage");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_usage", GOZA_USAGE.replace("out 100 157", "out 100 158")),
                "acls/goza_rtr_usage: line 1: ACL 158 has no file acls/goza_rtr_158");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_usage", GOZA_USAGE.replace("out 100 157", "both 100 157")),
                "acls/goza_rtr_usage: line 1: expected in or out");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_usage", GOZA_USAGE.replace("out 100 157", "out 100 100")),
                "acls/goza_rtr_usage: line 1: ACL 100 is listed twice");
        rejects(TOPOLOGY, VLANS, UPDATES, aclsWith("goza_rtr_usage", GOZA_USAGE + "te2/3 out 157\n"),
                "acls/goza_rtr_usage: line 3: port te2/3 already has a line for direction out");
    }

    @Test
    void topologyAndVlanErrorsNameLineAndExpectation() {
        rejects(TOPOLOGY.replace("gozb_rtr te2/3 goza_rtr te2/3", "gozb_rtr te2/3 goza_rtr"), VLANS, UPDATES, acls(), "topo.txt: line 5: expected 4 fields");
        rejects(TOPOLOGY.replace("gozb_rtr te2/3 goza_rtr te2/3", "gozb_rtr te2/3 hoza_rtr te2/3"), VLANS, UPDATES, acls(),
                "topo.txt: line 5: expected a device with forwarding rules in updates, got \"hoza_rtr\"");
        rejects(TOPOLOGY.replace("goza_rtr gi4/16 goza_rtr_100_gi4/16_out", "goza_rtr gi4/16 goza_rtr_100_gi4/16_up"), VLANS, UPDATES, acls(),
                "topo.txt: line 6: expected an ACL node <device>_<acl>_<port>_in|out");
        rejects(TOPOLOGY.replace("goza_rtr gi4/16 goza_rtr_100_gi4/16_out", "goza_rtr gi4/16 goza_rtr_157_gi4/16_out"), VLANS, UPDATES, acls(),
                "topo.txt: line 6: ACL node goza_rtr_157_gi4/16_out: acls/goza_rtr_usage does not bind goza_rtr_157 out on gi4/16");
        rejects(TOPOLOGY.replace("goza_rtr_157_te2/3_out permit goza_rtr_100_te2/3_out inport", "goza_rtr_157_te2/3_out permit gozb_rtr_100_te2/3_in inport"),
                VLANS, UPDATES, acls(), "topo.txt: line 1: the ACL nodes between goza_rtr te2/3 and gozb_rtr te2/3 are");
        rejects(TOPOLOGY + "goza_rtr_157_te2/3_out permit goza_rtr te3/3\n", VLANS, UPDATES, acls(), "topo.txt: line 7: ACL node goza_rtr_157_te2/3_out already has a permit edge");
        rejects(TOPOLOGY + "gozb_rtr te2/3 goza_rtr te2/3\n", VLANS, UPDATES, acls(), "topo.txt: line 7: duplicate link gozb_rtr te2/3 → goza_rtr te2/3");
        rejects(TOPOLOGY.replace("goza_rtr_100_te2/3_out permit gozb_rtr_100_te2/3_in inport", "goza_rtr_100_te2/3_out permit goza_rtr_157_te2/3_out inport"),
                VLANS, UPDATES, acls(), "topo.txt: line 1: the ACL nodes after this edge form a cycle");
        rejects(TOPOLOGY, VLANS.replace("vlan10 te2/3 te2/4 te3/3\ngozb", "vlan4096 te2/3\ngozb"), UPDATES, acls(),
                "vlan.txt: line 1: expected vlan<N> with N in 0..4095, got \"vlan4096\"");
        rejects(TOPOLOGY, VLANS + "goza_rtr vlan10 te2/3\n", UPDATES, acls(), "vlan.txt: line 4: goza_rtr vlan10 already has a line");
        rejects(TOPOLOGY, VLANS + "goza_rtr vlan12 te2/3 te2/3\n", UPDATES, acls(), "vlan.txt: line 4: expected each port once");
        rejects(TOPOLOGY, VLANS + "goza_rtr vlan12\n", UPDATES, acls(), "vlan.txt: line 4: expected \"<device> vlan<N> <port> …\"");
    }
}
