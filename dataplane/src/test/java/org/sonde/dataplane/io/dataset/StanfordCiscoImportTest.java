package org.sonde.dataplane.io.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.dataplane.io.cisco.CiscoCef;
import org.sonde.dataplane.io.cisco.CiscoConfig;
import org.sonde.dataplane.io.cisco.CiscoExcerpts;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.io.text.ImportNote;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.MacEntry;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Origin;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.SwitchportMode;
import org.sonde.dataplane.model.Ternary;
import org.sonde.dataplane.model.VlanMembership;

class StanfordCiscoImportTest {
    private static final String ROUTE = "goza_rtr_route.txt";

    private static StanfordCiscoImport.Import excerpt() {
        return StanfordCiscoImport.parse(CiscoExcerpts.files(), "topology.txt", CiscoExcerpts.TOPOLOGY);
    }

    private static List<Action> actions(Network n, int line) {
        return n.rule(ROUTE + "#" + line).orElseThrow().actions();
    }

    @Test
    void devicesPortsAndMissingFib() {
        StanfordCiscoImport.Import imp = excerpt();
        Network n = imp.network();
        assertThat(n.devices()).extracting(d -> d.id()).containsExactly("bbra_rtr", "goza_rtr");
        assertThat(n.ports()).containsExactly(new Port(100001, "bbra_rtr", "te1/3"), new Port(200001, "goza_rtr", "te2/1"),
                new Port(200002, "goza_rtr", "gi4/4"), new Port(200003, "goza_rtr", "gi4/5"), new Port(200004, "goza_rtr", "gi4/6"));
        assertThat(imp.missingFiles()).containsExactly("bbra_rtr_route.txt");
        assertThat(imp.devicesWithoutRules()).containsExactly("bbra_rtr");
        assertThat(n.table("bbra_rtr")).isEmpty();
        assertThat(n.links()).containsExactly(new Link("topology.txt#2", 200001, 100001, new Origin("", "topology.txt", List.of(2))),
                new Link("topology.txt#3", 100001, 200001, new Origin("", "topology.txt", List.of(3))));
    }

    @Test
    void fibRowsResolveThroughArpMacAndSpanningTree() {
        StanfordCiscoImport.Import imp = excerpt();
        Network n = imp.network();
        List<Rule> rules = n.table("goza_rtr").orElseThrow().rules();
        // Longest prefix first, file order among equal lengths; ids are <file>#<line>.
        assertThat(rules).extracting(Rule::id).containsExactly(ROUTE + "#7", ROUTE + "#14", ROUTE + "#5", ROUTE + "#6", ROUTE + "#8",
                ROUTE + "#9", ROUTE + "#11", ROUTE + "#12", ROUTE + "#3", ROUTE + "#4", ROUTE + "#13", ROUTE + "#2");
        Rule def = n.rule(ROUTE + "#2").orElseThrow();
        assertThat(def.match()).isEqualTo(Match.ANY);
        assertThat(def.inPortIds()).containsExactlyInAnyOrder(200001, 200002, 200003, 200004);
        // Vlan20 + 172.20.20.2: ARP → 0014.c240.a576, MAC table (VLAN 20) → Te2/1.
        assertThat(def.actions()).containsExactly(new Action.SetVlan(20), new Action.Forward(List.of(200001)));
        assertThat(def.origin()).isEqualTo(new Origin("address vlan20", ROUTE, List.of(2)));
        // Vlan20 attached: flood to the STP-forwarding ports of VLAN 20.
        assertThat(actions(n, 11)).containsExactly(new Action.SetVlan(20), new Action.Forward(List.of(200001, 200002)));
        assertThat(n.rule(ROUTE + "#11").orElseThrow().match()).isEqualTo(new Match(Map.of("ip_dst", Ternary.prefix(0xAC14_1400L, 24, 32))));
        // dot1Q subinterface: its VLAN, out of the parent.
        assertThat(actions(n, 5)).containsExactly(new Action.SetVlan(17), new Action.Forward(List.of(200004)));
        assertThat(actions(n, 6)).containsExactly(new Action.SetVlan(17), new Action.Forward(List.of(200004)));
        // drop, Null0, receive, multicast.
        for (int line : List.of(3, 4, 7, 13, 14)) assertThat(actions(n, line)).containsExactly(new Action.Drop());
        // What could not be resolved as written is still a rule (it shadows shorter prefixes) and is listed.
        assertThat(actions(n, 8)).containsExactly(new Action.Drop());
        assertThat(actions(n, 9)).containsExactly(new Action.SetVlan(20), new Action.Forward(List.of(200001, 200002)));
        assertThat(actions(n, 12)).containsExactly(new Action.Drop());
        assertThat(imp.unresolved()).extracting(ImportNote::line).containsExactly(8, 9, 12);
        assertThat(imp.unresolved().get(0).reason()).contains("points at Router, not a port");
        assertThat(imp.unresolved().get(1).reason()).contains("not in VLAN 20's MAC table: flooded");
        assertThat(imp.unresolved().get(2).reason()).isEqualTo("VLAN 30 has no STP-forwarding port");
        assertThat(imp.nextHopKinds()).containsExactlyInAnyOrderEntriesOf(Map.of(CiscoCef.Kind.ADDRESS, 4, CiscoCef.Kind.ATTACHED, 4,
                CiscoCef.Kind.RECEIVE, 2, CiscoCef.Kind.DROP, 1, CiscoCef.Kind.MULTICAST, 1));
        assertThat(imp.ecmpContinuations()).isEqualTo(1);
    }

    @Test
    void aclsBindingsVlansAndMacs() {
        StanfordCiscoImport.Import imp = excerpt();
        Network n = imp.network();
        assertThat(n.acls()).extracting(a -> a.id()).containsExactly("goza_rtr:ctrGOZ", "goza_rtr:inACL", "goza_rtr:5", "goza_rtr:101",
                "goza_rtr:inACL@vlan17", "goza_rtr:5@vlan20");
        assertThat(n.aclBindings()).containsExactly(new AclBinding(200002, AclBinding.Direction.OUT, "goza_rtr:101"),
                new AclBinding(200004, AclBinding.Direction.IN, "goza_rtr:inACL@vlan17"),
                new AclBinding(200001, AclBinding.Direction.IN, "goza_rtr:5@vlan20"),
                new AclBinding(200002, AclBinding.Direction.IN, "goza_rtr:5@vlan20"));
        // The SVI's ACL applies to VLAN 20 only: its entries in VLAN 20, then VLAN 20's implicit deny, then permit.
        List<AclEntry> scoped = n.acl("goza_rtr:5@vlan20").orElseThrow().entries();
        Ternary v20 = Ternary.exact(20, 16);
        assertThat(scoped).hasSize(5);
        assertThat(scoped.get(1)).isEqualTo(new AclEntry(AclEntry.Verdict.DENY, new Match(Map.of("ip_src", Ternary.exact(0xAB40_0709L, 32), "vlan", v20))));
        assertThat(scoped.subList(3, 5)).containsExactly(new AclEntry(AclEntry.Verdict.DENY, new Match(Map.of("vlan", v20))),
                new AclEntry(AclEntry.Verdict.PERMIT, Match.ANY));
        assertThat(n.acl("goza_rtr:101").orElseThrow().entries()).hasSize(3); // the port range 137-139 is two entries
        assertThat(n.vlanMemberships()).containsExactly(new VlanMembership(100001, new SwitchportMode.Trunk(CiscoConfig.ALL_VLANS, 1)),
                new VlanMembership(200001, new SwitchportMode.Trunk(Set.of(2, 10, 20, 21), 1)),
                new VlanMembership(200002, new SwitchportMode.Access(20)),
                new VlanMembership(200004, new SwitchportMode.Trunk(Set.of(17), 1)));
        assertThat(n.macEntries()).containsExactly(new MacEntry("goza_rtr", 20, 0x0014_c240_a576L, Set.of(200001)),
                new MacEntry("goza_rtr", 20, 0x3333_0000_000dL, Set.of(200001, 200002)));
        assertThat(imp.macRowsSkipped()).isEqualTo(2);
        assertThat(imp.ignored()).extracting(ImportNote::line).containsExactly(42);
        assertThat(imp.configs()).containsOnlyKeys("bbra_rtr", "goza_rtr");
    }

    @Test
    void aDynamicSwitchportIsATrunkWhenSpanningTreeForwardsItInOtherVlans() {
        Map<String, String> files = CiscoExcerpts.files();
        String dynamic = "interface GigabitEthernet4/7\n switchport\n switchport trunk allowed vlan 20,30\n!\n"
                + "interface GigabitEthernet4/8\n switchport\n!\n";
        files.put("goza_rtr_config.txt", CiscoExcerpts.CONFIG.replace("interface Vlan20\n", dynamic + "interface Vlan20\n"));
        files.put("goza_rtr_spanning_tree.txt", CiscoExcerpts.STP.replace("Gi4/4               Desg FWD 4         128.388  P2p Edge\n",
                "Gi4/4               Desg FWD 4         128.388  P2p Edge\nGi4/7               Desg FWD 4         128.391  P2p\n"
                        + "Gi4/8               Desg FWD 4         128.392  P2p\n"));
        Network n = StanfordCiscoImport.parse(files, "topology.txt", CiscoExcerpts.TOPOLOGY).network();
        int gi47 = n.portsOf("goza_rtr").stream().filter(p -> p.name().equals("gi4/7")).findFirst().orElseThrow().id();
        int gi48 = n.portsOf("goza_rtr").stream().filter(p -> p.name().equals("gi4/8")).findFirst().orElseThrow().id();
        // Gi4/7 forwards VLAN 20, not its access VLAN 1: DTP made it a trunk. Gi4/8 forwards VLAN 20 too.
        assertThat(n.vlanMembership(gi47).orElseThrow().mode()).isEqualTo(new SwitchportMode.Trunk(Set.of(20, 30), 1));
        assertThat(n.vlanMembership(gi48).orElseThrow().mode()).isEqualTo(new SwitchportMode.Trunk(CiscoConfig.ALL_VLANS, 1));
        // Without spanning-tree evidence a dynamic port stays an access port of its access VLAN.
        files.put("goza_rtr_spanning_tree.txt", CiscoExcerpts.STP);
        Network quiet = StanfordCiscoImport.parse(files, "topology.txt", CiscoExcerpts.TOPOLOGY).network();
        assertThat(quiet.vlanMembership(gi47).orElseThrow().mode()).isEqualTo(new SwitchportMode.Access(1));
    }

    @Test
    void vlan83MeansVlan580OnTheFourZoneRoutersOnly() {
        Map<String, String> files = new java.util.TreeMap<>();
        String stp = CiscoExcerpts.STP + "\nVLAN0580\nInterface Role Sts Cost Prio.Nbr Type\n------\nGi4/4 Desg FWD 4 128.388 P2p\n";
        String cef = "Prefix Next Hop Interface\n172.20.83.0/24 attached Vlan83\n";
        for (String d : List.of("coza_rtr", "goza_rtr")) {
            files.put(d + "_config.txt", CiscoExcerpts.CONFIG);
            files.put(d + "_route.txt", cef);
            files.put(d + "_arp_table.txt", CiscoExcerpts.ARP);
            files.put(d + "_mac_table.txt", CiscoExcerpts.MAC);
            files.put(d + "_spanning_tree.txt", stp);
        }
        StanfordCiscoImport.Import imp = StanfordCiscoImport.parse(files, "topology.txt", "");
        assertThat(imp.network().rule("coza_rtr_route.txt#2").orElseThrow().actions())
                .containsExactly(new Action.SetVlan(580), new Action.Forward(List.of(100002)));
        assertThat(imp.network().rule("goza_rtr_route.txt#2").orElseThrow().actions()).containsExactly(new Action.Drop());
        assertThat(imp.unresolved()).containsExactly(new ImportNote("goza_rtr_route.txt", 2, "VLAN 83 has no STP-forwarding port"));
    }

    @Test
    void subinterfaceWithoutDot1qOrParentPortDrops() {
        Map<String, String> files = CiscoExcerpts.files();
        files.put("goza_rtr_config.txt", CiscoExcerpts.CONFIG + "interface Gi4/6.18\ninterface Po1.3\n encapsulation dot1Q 3\n");
        files.put("goza_rtr_route.txt", "Prefix Next Hop Interface\n10.1.18.0/24 attached Gi4/6.18\n10.1.19.0/24 attached Po1.3\n10.1.20.0/24 attached Gi4/9\n");
        StanfordCiscoImport.Import imp = StanfordCiscoImport.parse(files, "topology.txt", "");
        assertThat(imp.unresolved()).extracting(ImportNote::reason).containsExactly(
                "subinterface gi4/6.18 has no encapsulation dot1Q", "interface po1.3 is not a port", "interface gi4/9 is not in the configuration");
        assertThat(imp.network().rule("goza_rtr_route.txt#2").orElseThrow().actions()).containsExactly(new Action.Drop());
    }

    @Test
    void errorsNameFileAndLine() {
        assertThatThrownBy(() -> StanfordCiscoImport.parse(CiscoExcerpts.files(), "topology.txt", "goza_rtr te9/9 bbra_rtr te1/3\n"))
                .isInstanceOf(BadInputException.class).hasMessage("topology.txt: line 1: no port te9/9 on device goza_rtr (expected a physical interface of its configuration)");
        assertThatThrownBy(() -> StanfordCiscoImport.parse(CiscoExcerpts.files(), "topology.txt", "goza_rtr te2/1 bbra_rtr\n"))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("topology.txt: line 1: expected \"<device> <port> <device> <port>\"");
        assertThatThrownBy(() -> StanfordCiscoImport.parse(CiscoExcerpts.files(), "topology.txt", CiscoExcerpts.TOPOLOGY + "goza_rtr te2/1 bbra_rtr te1/3\n"))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("topology.txt: line 4: duplicate link");
        Map<String, String> files = CiscoExcerpts.files();
        files.remove("goza_rtr_arp_table.txt");
        assertThatThrownBy(() -> StanfordCiscoImport.parse(files, "topology.txt", "")).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("goza_rtr_arp_table.txt: expected this file beside the configuration");
        Map<String, String> badMac = CiscoExcerpts.files();
        badMac.put("goza_rtr_mac_table.txt", CiscoExcerpts.MAC.replace("Te2/1\n", "Te9/9\n"));
        assertThatThrownBy(() -> StanfordCiscoImport.parse(badMac, "topology.txt", "")).isInstanceOf(BadInputException.class)
                .hasMessage("goza_rtr_mac_table.txt: line 3: port te9/9 is not an interface of goza_rtr_config.txt");
        assertThatThrownBy(() -> StanfordCiscoImport.parse(Map.of(), "topology.txt", "")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("expected at least one <router>_config.txt file");
    }

    @Test
    void loadsADirectory(@TempDir Path dir) throws IOException {
        for (Map.Entry<String, String> e : CiscoExcerpts.files().entrySet()) Files.writeString(dir.resolve(e.getKey()), e.getValue(),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        Path topology = dir.resolve("links.topo");
        Files.writeString(topology, CiscoExcerpts.TOPOLOGY);
        assertThat(StanfordCiscoImport.load(dir, topology).network())
                .isEqualTo(StanfordCiscoImport.parse(CiscoExcerpts.files(), "links.topo", CiscoExcerpts.TOPOLOGY).network());
        assertThat(NetworkJson.read("cisco.json", NetworkJson.write(excerpt().network()))).isEqualTo(excerpt().network());
    }

    @Test
    void aMissingDirectoryIsSaidInWords(@TempDir Path dir) throws IOException {
        Path topology = dir.resolve("links.topo");
        Files.writeString(topology, CiscoExcerpts.TOPOLOGY);
        Path absent = dir.resolve("absent");
        // The I/O error's own words, as every other importer gives them, not the exception's class name.
        assertThatThrownBy(() -> StanfordCiscoImport.load(absent, topology)).isInstanceOf(EnvironmentException.class)
                .hasMessage("cannot read the Stanford backbone files in " + absent + ": no such file or directory: " + absent);
    }
}
