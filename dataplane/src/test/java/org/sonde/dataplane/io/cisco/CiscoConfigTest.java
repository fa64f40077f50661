package org.sonde.dataplane.io.cisco;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.io.text.Range;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Ternary;

class CiscoConfigTest {
    private static final String FILE = "goza_rtr_config.txt";
    private static final Ternary ANY = new Ternary(0, 0);

    private static CiscoConfig.Interface iface(CiscoConfig c, String name) {
        return c.interfaces().stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void interfacesAndTheirVlans() {
        CiscoConfig c = CiscoConfig.parse(FILE, CiscoExcerpts.CONFIG);
        assertThat(c.interfaces()).extracting(CiscoConfig.Interface::name)
                .containsExactly("te2/1", "gi4/4", "gi4/5", "gi4/6", "gi4/6.17", "vlan20", "lo0");
        CiscoConfig.Interface trunk = iface(c, "te2/1");
        assertThat(trunk.mode()).isEqualTo(CiscoConfig.Mode.TRUNK);
        assertThat(trunk.trunkAllowed()).containsExactlyInAnyOrder(2, 10, 20, 21);
        assertThat(trunk.nativeVlan()).isEqualTo(1);
        CiscoConfig.Interface access = iface(c, "gi4/4");
        assertThat(access.mode()).isEqualTo(CiscoConfig.Mode.ACCESS);
        assertThat(access.accessVlan()).isEqualTo(20);
        assertThat(access.accessGroups()).containsExactly(new CiscoConfig.AccessGroup("101", AclBinding.Direction.OUT, 25));
        assertThat(iface(c, "gi4/5").shutdown()).isTrue();
        assertThat(iface(c, "gi4/5").mode()).isEqualTo(CiscoConfig.Mode.ROUTED);
        assertThat(iface(c, "gi4/6.17").dot1q()).isEqualTo(17);
        assertThat(iface(c, "gi4/6.17").accessGroups()).containsExactly(new CiscoConfig.AccessGroup("inACL", AclBinding.Direction.IN, 37));
        assertThat(iface(c, "vlan20").accessGroups()).extracting(CiscoConfig.AccessGroup::acl).containsExactly("5");
        assertThat(c.ignored()).containsExactly(new CiscoConfig.Ignored(42, "ip policy route-map pbr", "policy routing: the route-map is not in the configuration"));
        assertThat(c.vlans()).containsExactly(20);
    }

    @Test
    void numberedStandardAcl() {
        CiscoConfig c = CiscoConfig.parse(FILE, CiscoExcerpts.CONFIG);
        assertThat(c.acls().keySet()).containsExactly("ctrGOZ", "inACL", "5", "101");
        CiscoConfig.Acl five = c.acls().get("5");
        assertThat(five.standard()).isTrue();
        assertThat(five.lines()).extracting(CiscoAclLine::src).containsExactly(
                new Ternary(0xAB40_0700L, 0xFFFF_FF00L), Ternary.exact(0xAB40_0709L, 32), Ternary.exact(0x0A00_0001L, 32));
        assertThat(five.lines()).extracting(CiscoAclLine::verdict).containsExactly(AclEntry.Verdict.PERMIT, AclEntry.Verdict.DENY, AclEntry.Verdict.PERMIT);
        assertThat(five.lines().getFirst().entries()).containsExactly(new AclEntry(AclEntry.Verdict.PERMIT,
                new Match(Map.of("ip_src", new Ternary(0xAB40_0700L, 0xFFFF_FF00L)))));
    }

    @Test
    void extendedAclWithAPortRange() {
        CiscoAclLine l = CiscoConfig.parse(FILE, CiscoExcerpts.CONFIG).acls().get("101").lines().getFirst();
        assertThat(l).isEqualTo(new CiscoAclLine(63, AclEntry.Verdict.PERMIT, 6, new Ternary(0xAC11_0000L, 0xFFFF_0000L),
                Ternary.exact(0xAC1B_1021L, 32), List.of(), List.of(new Range(137, 139)), false));
        // 137..139 is the blocks 137 and 138-139.
        Match base = new Match(Map.of("ip_proto", Ternary.exact(6, 8), "ip_src", l.src(), "ip_dst", l.dst()));
        assertThat(l.entries()).containsExactly(
                new AclEntry(AclEntry.Verdict.PERMIT, base.and("tp_dst", Ternary.exact(137, 16))),
                new AclEntry(AclEntry.Verdict.PERMIT, base.and("tp_dst", new Ternary(138, 0xFFFE))));
    }

    @Test
    void namedAclsWithNamedPortsAndEstablished() {
        CiscoConfig c = CiscoConfig.parse(FILE, CiscoExcerpts.CONFIG);
        assertThat(c.acls().get("ctrGOZ").standard()).isTrue();
        assertThat(c.acls().get("ctrGOZ").lines().getFirst().src()).isEqualTo(new Ternary(0x0A1E_0000L, 0xFFFF_0000L));
        List<CiscoAclLine> in = c.acls().get("inACL").lines();
        assertThat(in).hasSize(3); // the remark is not an entry
        assertThat(in.get(0).dstPorts()).containsExactly(new Range(80, 80)); // www, after sequence number 10
        assertThat(in.get(0).dst()).isEqualTo(Ternary.exact(0xAB40_010AL, 32));
        assertThat(in.get(1).established()).isTrue();
        assertThat(in.get(1).entries()).extracting(e -> e.match().fields().get("tcp_ctrl"))
                .containsExactly(new Ternary(0x10, 0x10), new Ternary(0x04, 0x14)); // ACK, or RST without ACK
        assertThat(in.get(2).protocol()).isEqualTo(17);
        assertThat(in.get(2).dstPorts()).containsExactly(new Range(137, 139)); // netbios-ns..netbios-ss, then log
        assertThat(in.get(2).src()).isEqualTo(ANY);
    }

    @Test
    void portOperators() {
        List<String> t = List.of("deny", "tcp", "any", "neq", "22", "any", "lt", "1024");
        CiscoAclLine l = CiscoAclLine.parse(FILE, 1, t, 0, false);
        assertThat(l.srcPorts()).containsExactly(new Range(0, 21), new Range(23, 65535));
        assertThat(l.dstPorts()).containsExactly(new Range(0, 1023));
        CiscoAclLine gt = CiscoAclLine.parse(FILE, 1, List.of("permit", "udp", "any", "any", "gt", "netbios-ss"), 0, false);
        assertThat(gt.dstPorts()).containsExactly(new Range(140, 65535));
        assertThat(gt.dst()).isEqualTo(ANY);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "frobnicate on|line 2: unknown command \"frobnicate\"",
            "ip nat inside source list 1|line 2: unknown command \"ip nat\"",
            "interface Gi4/1\\n ip nat inside|line 3: unknown interface command \"ip nat\"",
            "interface Gi4/1\\n switchport voice vlan 5|line 3: unknown switchport setting \"voice\"",
            "interface Serial0/0|line 2: expected an interface name like TenGigabitEthernet1/1",
            "interface Vlan5000|line 2: VLAN: expected an integer 1..4094",
            "interface Vlan20.5|line 2: expected an SVI name VlanN",
            "access-list 101 permit tcp any any eq|line 2: expected a port number or name but the line ends",
            "access-list 101 permit tcp any any eq 80 foo|line 2: unexpected \"foo\" after the ACL entry",
            "access-list 101 permit tcp any any eq 70000|line 2: port: expected an integer 0..65535",
            "access-list 101 permit ip 10.0.0.0 any|line 2: wildcard: expected a dotted IPv4 address",
            "access-list 101 permit bogus any any|line 2: expected a protocol",
            "access-list 300 permit any|line 2: access-list 300 is neither a standard",
            "access-list 5 permit any\\naccess-list 5 permit tcp any any|line 3: address: expected a dotted IPv4 address",
            "ip access-list extended X\\n permit tcp any any\\nip access-list standard X|line 4: ACL X was defined as extended at line 2",
            "ip access-list extended X\\n allow ip any any|line 3: expected permit, deny or remark",
            "interface Gi4/1\\n switchport trunk allowed vlan 1,5000|line 3: VLAN: expected an integer 1..4094",
            "interface Gi4/1\\n encapsulation dot1Q|line 3: expected encapsulation dot1Q <vlan> [native]",
            "banner motd ^C\\nnever closed|line 2: the banner's delimiter ^C is never closed",
            "' ip address 10.0.0.1 255.0.0.0'|line 2: expected a top-level command",
    })
    void errorsNameFileAndLine(String text, String message) {
        assertThatThrownBy(() -> CiscoConfig.parse(FILE, "!\n" + text.replace("\\n", "\n")))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith(FILE + ": ").hasMessageContaining(message);
    }

    @Test
    void skippedBlocksTakeTheirIndentedLinesWithThem() {
        CiscoConfig c = CiscoConfig.parse(FILE, "line vty 0 4\n password secret\n transport input ssh\nredundancy\n main-cpu\n  auto-sync running-config\n");
        assertThat(c.interfaces()).isEmpty();
        assertThat(c.acls()).isEmpty();
        assertThat(Set.copyOf(c.ignored())).isEmpty();
    }
}
