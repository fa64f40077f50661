package org.sonde.dataplane.io.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.io.junos.JunosExcerpts;
import org.sonde.dataplane.io.text.ImportNote;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Origin;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.Ternary;

class Internet2JunosImportTest {
    private static final String ATLA = JunosExcerpts.ATLA, WASH = JunosExcerpts.WASH;

    private static Internet2JunosImport.Import excerpt() {
        return Internet2JunosImport.parse(JunosExcerpts.files());
    }

    private static List<Action> actions(Network n, String file, int line) {
        return n.rule(file + "#" + line).orElseThrow().actions();
    }

    private static List<Action> forward(int port) {
        return List.of(new Action.Forward(List.of(port)));
    }

    @Test
    void devicesAndPortsFollowThePortMap() {
        Internet2JunosImport.Import imp = excerpt();
        Network n = imp.network();
        assertThat(n.layout().name()).isEqualTo("hassel-ip-dst");
        assertThat(n.devices()).extracting(d -> d.id()).containsExactly("hous", "wash", "atla");
        assertThat(n.ports()).containsExactly(new Port(300045, "hous", "xe-0/0/0"), new Port(900002, "wash", "xe-1/1/3"),
                new Port(900010, "wash", "ge-7/0/0"), new Port(900028, "wash", "xe-0/0/3"), new Port(900015, "wash", "xe-0/0/0"),
                new Port(100008, "atla", "ge-7/0/0"), new Port(100013, "atla", "ge-7/0/5"), new Port(100017, "atla", "dsc"),
                new Port(100018, "atla", "ge-6/0/0"), new Port(100020, "atla", "xe-0/0/3"), new Port(100030, "atla", "xe-1/0/3"),
                new Port(100031, "atla", "xe-1/0/2"), new Port(100032, "atla", "xe-1/0/1"));
        assertThat(imp.missingFiles()).containsExactly("hous" + Internet2JunosImport.FIB_SUFFIX);
        assertThat(n.table("hous")).isEmpty();
        // dsc is in the port map excerpt but not in the XML excerpt.
        assertThat(imp.ignored()).containsExactly(new ImportNote("port_map.txt", 11,
                "port dsc of atla is not an interface in show_interfaces.xml: no packet is routed in by it"));
    }

    @Test
    void inPortsAreThePortsWithAnInetUnitOrInABundleWithOne() {
        Network n = excerpt().network();
        // ge-7/0/5 carries only a ccc (circuit cross-connect) unit; dsc is not in the XML.
        assertThat(n.rule(ATLA + "#6").orElseThrow().inPortIds()).containsExactlyInAnyOrder(100008, 100018, 100020, 100030, 100031, 100032);
        assertThat(n.rule(WASH + "#6").orElseThrow().inPortIds()).containsExactlyInAnyOrder(900002, 900010, 900028, 900015);
    }

    @Test
    void rulesAreLongestPrefixFirstWithTheirNextHops() {
        Internet2JunosImport.Import imp = excerpt();
        Network n = imp.network();
        // /32 before /31 before /28 ... before default; file order among equal lengths; ids <file>#<line>.
        assertThat(n.table("atla").orElseThrow().rules()).extracting(Rule::id).containsExactly(
                ATLA + "#7", ATLA + "#12", ATLA + "#13", ATLA + "#15", ATLA + "#16", ATLA + "#17", ATLA + "#20", ATLA + "#24", ATLA + "#28",
                ATLA + "#19", ATLA + "#21", ATLA + "#11", ATLA + "#8", ATLA + "#10", ATLA + "#22", ATLA + "#6");
        Rule def = n.rule(ATLA + "#6").orElseThrow();
        assertThat(def.match()).isEqualTo(Match.ANY);
        assertThat(def.priority()).isZero();
        assertThat(def.actions()).containsExactly(new Action.Drop()); // rjct
        // indr, resolved by the ucst line after it: ae8.10 is a bundle, forwarded out of its first member xe-0/0/3.
        Rule indr = n.rule(ATLA + "#8").orElseThrow();
        assertThat(indr.match()).isEqualTo(new Match(Map.of("ip_dst", Ternary.prefix(0x0216_3700L, 24, 32))));
        assertThat(indr.actions()).isEqualTo(forward(100020));
        assertThat(indr.origin()).isEqualTo(new Origin("indr ucst ae8.10", ATLA, List.of(8, 9)));
        // A connected subnet (rslv) and a host in it (ucst with the host's MAC) leave by xe-1/0/2.
        assertThat(actions(n, ATLA, 11)).isEqualTo(forward(100031));
        assertThat(actions(n, ATLA, 15)).isEqualTo(forward(100031));
        // The next hop overflowed its column; the type and interface are on the next line.
        assertThat(actions(n, ATLA, 17)).isEqualTo(forward(100008));
        assertThat(n.rule(ATLA + "#17").orElseThrow().origin()).isEqualTo(new Origin("ucst ge-7/0/0.12", ATLA, List.of(17, 18)));
        assertThat(actions(n, ATLA, 19)).isEqualTo(forward(100018));
        assertThat(actions(n, ATLA, 20)).isEqualTo(forward(100018));
        assertThat(actions(n, ATLA, 21)).isEqualTo(forward(100020));
        // For the router itself (recv, locl, bcst, mcst), discard, and multicast resolve: drop.
        for (int line : List.of(7, 10, 12, 13, 16, 22, 24, 28)) assertThat(actions(n, ATLA, line)).containsExactly(new Action.Drop());
        // The second entry of a prefix is listed, not a rule.
        assertThat(imp.duplicates()).containsExactly(new ImportNote(ATLA, 14, "prefix 64.57.16.65/32 already has the entry at line 13"),
                new ImportNote(ATLA, 23, "prefix 224.0.0.0/4 already has the entry at line 22"));
        assertThat(n.rule(ATLA + "#14")).isEmpty();
        assertThat(imp.nextHopTypes()).containsExactlyInAnyOrderEntriesOf(Map.of("rjct", 2, "dscd", 3, "indr", 2, "rslv", 5, "recv", 1,
                "locl", 1, "ucst", 4, "bcst", 2, "mcst", 1, "hold", 1));
        assertThat(imp.lagEntries()).isEqualTo(3);
        assertThat(imp.ecmpAlternatives()).isZero();
        // The multicast (S,G) key and the other tables are counted, not modelled.
        assertThat(imp.otherDestinations()).isEqualTo(1);
        assertThat(imp.otherTables()).containsExactlyInAnyOrderEntriesOf(Map.of("default.iso", 2, "default.inet6", 3, "default.mpls", 3));
    }

    @Test
    void heldNextHopsAndUnknownInterfacesDropAndAreListed() {
        Internet2JunosImport.Import imp = excerpt();
        Network n = imp.network();
        assertThat(actions(n, WASH, 8)).isEqualTo(forward(900015)); // wash ae8's first member
        assertThat(actions(n, WASH, 10)).isEqualTo(forward(900010));
        assertThat(actions(n, WASH, 12)).containsExactly(new Action.Drop());
        assertThat(actions(n, WASH, 13)).containsExactly(new Action.Drop());
        assertThat(imp.unresolved()).containsExactly(
                new ImportNote(WASH, 12, "next hop 64.57.24.101 on ge-7/0/0.10 is held (not resolved): dropped"),
                new ImportNote(WASH, 13, "interface ae5.1030 is neither a port of port_map.txt nor a bundle: dropped"));
    }

    @Test
    void unilistTakesItsFirstNextHopAndCountsTheOthers() {
        // seat's unilist entry for 131.107.0.0/16, its two interfaces replaced by wash's.
        Map<String, String> files = JunosExcerpts.files();
        files.put(WASH, JunosExcerpts.FIB_WASH.replace("</router>", """
                131.107.0.0/16     user     0                    ulst 1048605     5
                                                                 indr 1048604     2
                                              207.231.240.7      ucst  1184     4 ge-7/0/0.10
                                                                 indr 1048601     2
                                              207.231.241.7      ucst  1191     4 ae8.10
                </router>""").replace("\n\n131.107", "\n131.107"));
        Internet2JunosImport.Import imp = Internet2JunosImport.parse(files);
        assertThat(actions(imp.network(), WASH, 14)).isEqualTo(forward(900010));
        assertThat(imp.network().rule(WASH + "#14").orElseThrow().origin().label()).isEqualTo("ulst ucst ge-7/0/0.10");
        assertThat(imp.ecmpAlternatives()).isEqualTo(1);
    }

    @Test
    void linksJoinPointToPointSubnetsAndPairBundleMembersByCircuitId() {
        Network n = excerpt().network();
        // ae8.10 and ae8.20 (64.57.28.6/31, 64.57.28.58/31) over three member pairs; ge-6/0/0.0 - xe-0/0/0.0 (64.57.28.42/31).
        assertThat(n.links()).extracting(l -> l.fromPortId() + "-" + l.toPortId()).containsExactly(
                "900015-100030", "100030-900015", "900028-100032", "100032-900028", "900002-100020", "100020-900002",
                "100018-300045", "300045-100018");
        Link wash = n.links().getFirst();
        assertThat(wash.id()).matches("show_interfaces\\.xml#[0-9]+-[0-9]+");
        assertThat(n.links().get(1).id()).isEqualTo("show_interfaces.xml#" + wash.id().split("[#-]")[2] + "-" + wash.id().split("[#-]")[1]);
        assertThat(wash.origin().label()).isEqualTo("64.57.28.6/31 64.57.28.58/31");
        assertThat(wash.origin().file()).isEqualTo("show_interfaces.xml");
        assertThat(wash.origin().lines()).hasSize(6); // the two interfaces and the four addresses
        assertThat(n.links().get(6).origin().label()).isEqualTo("64.57.28.42/31");
    }

    @Test
    void membersWithoutCircuitIdsPairInDocumentOrder() {
        Map<String, String> files = JunosExcerpts.files();
        files.put(Internet2JunosImport.INTERFACES, JunosExcerpts.INTERFACES.replaceAll("\\| I2-ATLA-WASH-10GE-[0-9]+", ""));
        Network n = Internet2JunosImport.parse(files).network();
        // wash xe-0/0/0, xe-0/0/3, xe-1/1/3 with atla xe-0/0/3, xe-1/0/1, xe-1/0/3.
        assertThat(n.links()).extracting(l -> l.fromPortId() + "-" + l.toPortId()).startsWith(
                "900015-100020", "100020-900015", "900028-100032", "100032-900028", "900002-100030", "100030-900002");
    }

    @Test
    void errorsNameFileAndLine() {
        Map<String, String> cut = JunosExcerpts.files();
        cut.put(ATLA, JunosExcerpts.FIB_ATLA.substring(0, JunosExcerpts.FIB_ATLA.indexOf("224.0.0.1/32")));
        assertThatThrownBy(() -> Internet2JunosImport.parse(cut)).isInstanceOf(BadInputException.class)
                .hasMessage(ATLA + ": line 24: expected </router> and </vn> at the end, but the file ends first (is it cut short?)");
        assertThatThrownBy(() -> Internet2JunosImport.parse(with(ATLA, JunosExcerpts.FIB_ATLA.replace("bcst    32", "bcsx    32"))))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith(ATLA + ": line 28: expected a next-hop type (bcst, dscd, hold,");
        assertThatThrownBy(() -> Internet2JunosImport.parse(with(ATLA, JunosExcerpts.FIB_ATLA.replace("2.22.55.0/24 ", "2.22.55.1/24 "))))
                .isInstanceOf(BadInputException.class).hasMessage(ATLA + ": line 8: destination 2.22.55.1/24 has bits set beyond its length");
        assertThatThrownBy(() -> Internet2JunosImport.parse(with(ATLA, JunosExcerpts.FIB_ATLA.replace("984   101 ae8.10", "984   101"))))
                .isInstanceOf(BadInputException.class).hasMessage(ATLA + ": line 9: expected the interface of unicast next hop 64.57.28.7 after NhRef");
        assertThatThrownBy(() -> Internet2JunosImport.parse(with(WASH, JunosExcerpts.FIB_WASH.replace("router name=\"wash\"", "router name=\"atla\""))))
                .isInstanceOf(BadInputException.class).hasMessage(WASH + ": line 1: expected <router name=\"wash\"> as the file name says, got the name \"atla\"");
        assertThatThrownBy(() -> Internet2JunosImport.parse(with("paix" + Internet2JunosImport.FIB_SUFFIX, JunosExcerpts.FIB_WASH)))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("paix" + Internet2JunosImport.FIB_SUFFIX
                        + ": file name: expected <router>" + Internet2JunosImport.FIB_SUFFIX + " for a router of port_map.txt");
        assertThatThrownBy(() -> Internet2JunosImport.parse(with("show_interfaces.xml", JunosExcerpts.INTERFACES.replace("<name>ae8.20</name>", "<name>ae8.20</nam>"))))
                .isInstanceOf(BadInputException.class).hasMessageMatching("show_interfaces\\.xml: line [0-9]+: expected well-formed XML: .+");
        assertThatThrownBy(() -> Internet2JunosImport.parse(with("show_interfaces.xml", JunosExcerpts.INTERFACES.replace("64.57.24/24", "64.57.24.1/24"))))
                .isInstanceOf(BadInputException.class).hasMessageMatching("show_interfaces\\.xml: line [0-9]+: ifa-destination 64\\.57\\.24\\.1/24 has bits set beyond its length");
        assertThatThrownBy(() -> Internet2JunosImport.parse(with("show_interfaces.xml", JunosExcerpts.INTERFACES.replace("<router name=\"hous\">", "<router name=\"paix\">"))))
                .isInstanceOf(BadInputException.class).hasMessage("show_interfaces.xml: expected a <router name=\"hous\"> element for router hous of port_map.txt");
        Map<String, String> noMap = JunosExcerpts.files();
        noMap.remove("port_map.txt");
        assertThatThrownBy(() -> Internet2JunosImport.parse(noMap)).isInstanceOf(BadInputException.class)
                .hasMessage("port_map.txt: expected this file beside the forwarding tables, but it is missing");
    }

    private static Map<String, String> with(String name, String text) {
        Map<String, String> files = JunosExcerpts.files();
        files.put(name, text);
        return files;
    }

    @Test
    void loadsADirectoryAndSurvivesJson(@TempDir Path dir) throws IOException {
        for (Map.Entry<String, String> e : JunosExcerpts.files().entrySet())
            Files.writeString(dir.resolve(e.getKey()), e.getValue(), StandardCharsets.ISO_8859_1);
        Files.writeString(dir.resolve("README"), "not read");
        Network n = Internet2JunosImport.load(dir).network();
        assertThat(n).isEqualTo(excerpt().network());
        assertThat(NetworkJson.read("internet2.json", NetworkJson.write(n))).isEqualTo(n);
        Files.delete(dir.resolve("show_interfaces.xml"));
        assertThatThrownBy(() -> Internet2JunosImport.load(dir)).isInstanceOf(BadInputException.class).hasMessageEndingWith("expected a file show_interfaces.xml");
    }
}
