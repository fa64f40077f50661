package org.sonde.dataplane.io.hassel;

import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.HeaderLayouts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.sonde.dataplane.io.hassel.HasselExcerpts.*;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Origin;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.Ternary;

class HasselImportTest {
    @Test
    void stanfordExcerptBecomesTheModel() {
        HasselImport.Import imp = HasselImport.parse(STANFORD_PORT_MAP, stanfordTfs(), HeaderLayouts.HASSEL_IP_DST);
        Network n = imp.network();
        assertThat(imp.mappedPorts()).isEqualTo(3);
        assertThat(imp.derivedPorts()).isZero();
        assertThat(imp.linkRules()).isEqualTo(2);
        assertThat(imp.rulesByFile()).containsExactly(Map.entry("bbra_rtr.tf", 3));
        assertThat(n.devices()).extracting(d -> d.id()).containsExactly("bbra_rtr", "goza_rtr");
        assertThat(n.port(700009)).contains(new Port(700009, "goza_rtr", "te2/1"));
        assertThat(n.table("bbra_rtr").orElseThrow().policy()).isEqualTo(MatchPolicy.EXPLICIT);

        Rule first = n.rule("bbra_rtr.tf#1").orElseThrow();
        assertThat(first.inPortIds()).containsExactlyInAnyOrder(100001, 100015);
        assertThat(first.match()).isEqualTo(new Match(Map.of("ip_dst", Ternary.exact(0x800C0002L, 32))));
        assertThat(first.actions()).containsExactly(new Action.Forward(List.of(100015)));
        assertThat(first.origin()).isEqualTo(new Origin("bbra_rtr_1", "Stanford_backbone/bbra_rtr_route.txt", List.of(148)));

        Rule second = n.rule("bbra_rtr.tf#2").orElseThrow();
        assertThat(second.match().fields().get("ip_dst")).isEqualTo(new Ternary(0xAB400060L, 0xFFFFFFF0L));
        assertThat(second.actions()).containsExactly(new Action.Drop());
        assertThat(second.origin().lines()).containsExactly(1068, 1069);

        Rule last = n.rule("bbra_rtr.tf#3").orElseThrow();
        assertThat(last.match()).isEqualTo(Match.ANY);
        assertThat(last.shadowedBy()).containsExactly("bbra_rtr.tf#1", "bbra_rtr.tf#2");
        assertThat(first.priority()).isGreaterThan(second.priority()).isGreaterThan(last.priority());

        assertThat(n.links()).containsExactly(
                new Link("topology.tf#1", 100015, 700009, new Origin("_1", "", List.of())),
                new Link("topology.tf#2", 700009, 100015, new Origin("_2", "", List.of())));
    }

    @Test
    void internet2ExcerptAddsEngineAndOutputPortsAndRewrites() {
        HasselImport.Import imp = HasselImport.parse(I2_PORT_MAP, i2Tfs(), HeaderLayouts.HASSEL_VLAN_IP_DST);
        Network n = imp.network();
        assertThat(imp.mappedPorts()).isEqualTo(2);
        assertThat(imp.derivedPorts()).isEqualTo(2);
        assertThat(n.port(100000)).contains(new Port(100000, "atla", "engine"));
        assertThat(n.port(120001)).contains(new Port(120001, "atla", "xe-0/0/0@out"));
        assertThat(n.rule("atla.tf#1").orElseThrow().match()).isEqualTo(new Match(Map.of("vlan", Ternary.exact(11, 16))));
        Rule rw = n.rule("atla.tf#2").orElseThrow();
        assertThat(rw.match()).isEqualTo(new Match(Map.of("ip_dst", Ternary.exact(0x40391040L, 32))));
        assertThat(rw.actions()).containsExactly(new Action.SetField("vlan", 11, 0xffff), new Action.Forward(List.of(120001)));
        assertThat(n.links()).extracting(Link::id).containsExactly("topology.tf#1");
    }

    @Test
    void importedNetworkSurvivesJson() {
        Network n = HasselImport.parse(I2_PORT_MAP, i2Tfs(), HeaderLayouts.HASSEL_VLAN_IP_DST).network();
        assertThat(NetworkJson.read("i2.json", NetworkJson.write(n))).isEqualTo(n);
    }

    @Test
    void aDirectorysLayoutAndStages(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Files.writeString(dir.resolve("topology.tf"), STANFORD_TOPOLOGY_TF.replaceFirst("^8", "99"));
        java.nio.file.Files.writeString(dir.resolve("bbra_rtr.tf"), BBRA_TF);
        assertThat(HasselImport.layoutOf(dir)).isEqualTo(HeaderLayouts.HASSEL_IP_DST); // router files decide, not topology.tf
        java.nio.file.Files.writeString(dir.resolve("a.tf"), "12$a$0$0$0$\n#\n");
        assertThat(HasselImport.layoutOf(dir)).isEqualTo(HeaderLayouts.HASSEL_VLAN_IP_DST);
        java.nio.file.Files.writeString(dir.resolve("a.tf"), "");
        assertThat(HasselImport.layoutOf(dir)).isEqualTo(HeaderLayouts.HASSEL);
        assertThat(HasselImport.stages(dir)).isEqualTo(1);
        java.nio.file.Files.writeString(dir.resolve("stages"), "2\n");
        assertThat(HasselImport.stages(dir)).isEqualTo(2);
        java.nio.file.Files.writeString(dir.resolve("stages"), "two\n");
        assertThatThrownBy(() -> HasselImport.stages(dir)).isInstanceOf(BadInputException.class).hasMessageEndingWith("line 1: expected the number of stages, got two");
        assertThatThrownBy(() -> HasselImport.layoutOf(dir.resolve("absent"))).isInstanceOf(org.sonde.core.EnvironmentException.class);
        java.nio.file.Files.delete(dir.resolve("a.tf"));
        java.nio.file.Files.delete(dir.resolve("bbra_rtr.tf"));
        assertThatThrownBy(() -> HasselImport.layoutOf(dir)).isInstanceOf(BadInputException.class).hasMessageContaining("expected router .tf files");
    }

    @Test
    void loadsADirectory(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Files.writeString(dir.resolve("port_map.txt"), STANFORD_PORT_MAP);
        java.nio.file.Files.writeString(dir.resolve("stages"), "1\n");
        for (Map.Entry<String, String> e : stanfordTfs().entrySet()) java.nio.file.Files.writeString(dir.resolve(e.getKey()), e.getValue());
        assertThat(HasselImport.load(dir, HeaderLayouts.HASSEL_IP_DST)).isEqualTo(HasselImport.parse(STANFORD_PORT_MAP, stanfordTfs(), HeaderLayouts.HASSEL_IP_DST));
        java.nio.file.Files.delete(dir.resolve("port_map.txt"));
        assertThatThrownBy(() -> HasselImport.load(dir, HeaderLayouts.HASSEL_IP_DST)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("expected a file port_map.txt");
        assertThatThrownBy(() -> HasselImport.load(dir.resolve("absent"), HeaderLayouts.HASSEL_IP_DST))
                .isInstanceOf(org.sonde.core.EnvironmentException.class).hasMessageContaining("absent");
    }

    static void rejects(String portMap, Map<String, String> tfs, String... fragments) {
        assertThatThrownBy(() -> HasselImport.parse(portMap, tfs, HeaderLayouts.HASSEL_IP_DST))
                .isInstanceOf(BadInputException.class).message().contains(fragments);
    }

    static Map<String, String> withBbra(String bbra) {
        Map<String, String> tfs = new HashMap<>(stanfordTfs());
        tfs.put("bbra_rtr.tf", bbra);
        return tfs;
    }

    @Test
    void parseErrorsNameFileLineAndExpectation() {
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("8$bbra_rtr$3$", "8$bbra_rtr$4$")), "bbra_rtr.tf: line 1: header declares 4 rules but the file has 3");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("#\nfwd", "##\nfwd")), "bbra_rtr.tf: line 2: expected \"#\"");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("fwd$[100001]$1010", "flood$[100001]$1010")), "bbra_rtr.tf: line 4: expected action fwd, rw or link");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("$bbra_rtr_3$", "$bbra_rtr_3")), "bbra_rtr.tf: line 5: expected 13 fields");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("0110xxxx", "0110xxx2")), "bbra_rtr.tf: line 4: match: expected only 0, 1 and x, got '2'");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("0110xxxx", "0110xxx")), "bbra_rtr.tf: line 4: match: expected None or 32 characters, got 31");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("[100001]$1010", "[100001, 1OOO2]$1010")), "bbra_rtr.tf: line 4: in_ports: expected a non-negative integer, got \"1OOO2\"");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("[100001]$1010", "[100002]$1010")), "bbra_rtr.tf: line 4: port 100002 is neither in port_map.txt");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("[100001]$1010", "[700009]$1010")), "bbra_rtr.tf: line 4: port 700009 belongs to goza_rtr, not to this file's router bbra_rtr");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("#0;1000", "#2;1000")), "bbra_rtr.tf: line 5: affected_by: rule index 2 is not an earlier rule");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("$#$#2#$", "$#$#9#$")), "bbra_rtr.tf: line 3: influence_on: rule index 9");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("$148,$", "$14x,$")), "bbra_rtr.tf: line 3: source_lines: expected a non-negative integer");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("8$bbra_rtr$", "8$cbra_rtr$")), "bbra_rtr.tf: line 1: expected a router of port_map.txt");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("8$bbra_rtr$", "12$bbra_rtr$")), "bbra_rtr.tf: line 1: header length 12 means 48 header bits, but layout hassel-ip-dst has 32");
        rejects(STANFORD_PORT_MAP, withBbra(BBRA_TF.replace("None$None$None$None$[]", "1111$None$None$None$[]")), "bbra_rtr.tf: line 4: mask: expected None or 32 characters");
        rejects(STANFORD_PORT_MAP, Map.of("topology.tf", STANFORD_TOPOLOGY_TF.replace("[700009]$#$#$$$_1", "[700009, 100001]$#$#$$$_1")),
                "topology.tf: line 3: expected one in-port and one out-port in a link rule");
        rejects(STANFORD_PORT_MAP, Map.of("topology.tf", STANFORD_TOPOLOGY_TF + "fwd$[100001]$None$None$None$None$None$[100015]$#$#$$$x$\n"),
                "topology.tf: line 1: header declares 2 rules but the file has 3");
    }

    @Test
    void bitsNoFieldCoversAreRejected() {
        var lowHalf = new org.sonde.dataplane.model.HeaderLayout("low-half", 32, List.of(new org.sonde.dataplane.model.HeaderField("low", 16, 16)));
        assertThatThrownBy(() -> HasselImport.parse(STANFORD_PORT_MAP, stanfordTfs(), lowHalf))
                .isInstanceOf(BadInputException.class).hasMessageContaining("bbra_rtr.tf: line 3: match constrains bit 0, which no field of layout low-half covers");
        var ipOnly = new org.sonde.dataplane.model.HeaderLayout("ip-only", 48, List.of(new org.sonde.dataplane.model.HeaderField("ip_dst", 16, 32)));
        String atlaRwOnly = ATLA_TF.replace("12$atla$2$", "12$atla$1$").lines().filter(l -> !l.startsWith("fwd")).reduce("", (a, b) -> a + b + "\n");
        assertThatThrownBy(() -> HasselImport.parse(I2_PORT_MAP, Map.of("atla.tf", atlaRwOnly), ipOnly))
                .isInstanceOf(BadInputException.class).hasMessageContaining("atla.tf: line 3: rewrite changes bit 0, which no field of layout ip-only covers");
    }

    @Test
    void portMapErrorsNameLineAndExpectation() {
        rejects("te1:100001\n", stanfordTfs(), "port_map.txt: line 1: expected a \"$router\" line before the first port");
        rejects("$bbra_rtr\nte1/3\n", stanfordTfs(), "port_map.txt: line 2: expected \"interface:port\"");
        rejects("$bbra_rtr\nte1/3:100001\n$goza_rtr\nte2/1:100009\n", stanfordTfs(), "port_map.txt: line 4: port 100009 of goza_rtr has the router index 1 of bbra_rtr");
        rejects("$bbra_rtr\nte1/3:100001\nte1/4:100001\n", stanfordTfs(), "port_map.txt: line 3: port 100001 appears twice");
        rejects("", stanfordTfs(), "port_map.txt: line 1: expected at least one \"$router\" line");
    }
}
