package org.sonde.dataplane.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;

class NetworkValidationTest {
    static final HeaderLayout LAYOUT = new HeaderLayout("l", 48, List.of(new HeaderField("vlan", 0, 16), new HeaderField("ip_dst", 16, 32)));
    static final List<Device> DEVICES = List.of(new Device("a"), new Device("b"));
    static final List<Port> PORTS = List.of(new Port(1, "a", "p1"), new Port(2, "a", "p2"), new Port(3, "b", "p3"));

    static Rule rule(String id, Set<Integer> in, List<Action> actions) {
        return new Rule(id, 0, in, Match.ANY, actions);
    }

    static Network withTable(RuleTable t) {
        return Network.forwarding(LAYOUT, DEVICES, PORTS, List.of(), List.of(t));
    }

    static void rejects(Runnable build, String... fragments) {
        assertThatThrownBy(build::run).isInstanceOf(BadInputException.class).message().contains(fragments);
    }

    @Test
    void validNetworkAnswersLookups() {
        Rule r = new Rule("r1", 5, Set.of(1), new Match(Map.of("ip_dst", Ternary.prefix(0x0a000000L, 8, 32))),
                List.of(new Action.SetVlan(10), new Action.Forward(List.of(2))));
        Link l = new Link("l1", 2, 3, Origin.NONE);
        Network n = Network.forwarding(LAYOUT, DEVICES, PORTS, List.of(l), List.of(new RuleTable("a", MatchPolicy.FIRST_MATCH, List.of(r))));
        assertThat(n.rule("r1")).contains(r);
        assertThat(n.port(3)).contains(PORTS.get(2));
        assertThat(n.portsOf("a")).hasSize(2);
        assertThat(n.linksFrom(2)).containsExactly(l);
        assertThat(n.table("a").orElseThrow().rules()).containsExactly(r);
        assertThat(n.device("c")).isEmpty();
        assertThat(n.ruleCount()).isEqualTo(1);
        assertThat(r.match().fields().get("ip_dst")).isEqualTo(new Ternary(0x0a000000L, 0xff000000L));
    }

    @Test
    void duplicateIdsAreNamed() {
        rejects(() -> Network.forwarding(LAYOUT, List.of(new Device("a"), new Device("a")), List.of(), List.of(), List.of()), "device a", "duplicate device id");
        rejects(() -> Network.forwarding(LAYOUT, DEVICES, List.of(new Port(1, "a", "x"), new Port(1, "b", "y")), List.of(), List.of()), "port 1", "duplicate port number");
        rejects(() -> withTable(new RuleTable("a", MatchPolicy.FIRST_MATCH, List.of(
                rule("r", Set.of(1), List.of(new Action.Drop())), rule("r", Set.of(1), List.of(new Action.Drop()))))), "duplicate rule id r");
        rejects(() -> Network.forwarding(LAYOUT, DEVICES, PORTS, List.of(), List.of(
                new RuleTable("a", MatchPolicy.FIRST_MATCH, List.of(rule("r", Set.of(1), List.of(new Action.Drop())))),
                new RuleTable("b", MatchPolicy.FIRST_MATCH, List.of(rule("r", Set.of(3), List.of(new Action.Drop())))))), "rule r of device b", "duplicate rule id");
    }

    @Test
    void unknownReferencesAreNamed() {
        rejects(() -> Network.forwarding(LAYOUT, DEVICES, List.of(new Port(1, "z", "p")), List.of(), List.of()), "port 1", "unknown device z");
        rejects(() -> Network.forwarding(LAYOUT, DEVICES, PORTS, List.of(new Link("l9", 1, 77, Origin.NONE)), List.of()), "link l9 destination", "unknown port 77");
        rejects(() -> withTable(new RuleTable("a", MatchPolicy.FIRST_MATCH, List.of(rule("r7", Set.of(9), List.of(new Action.Drop()))))), "rule r7 of device a in-ports", "unknown port 9");
        rejects(() -> withTable(new RuleTable("a", MatchPolicy.FIRST_MATCH, List.of(rule("r7", Set.of(1), List.of(new Action.Forward(List.of(3))))))),
                "rule r7 of device a forward", "port 3 belongs to device b, not a");
        rejects(() -> withTable(new RuleTable("zz", MatchPolicy.FIRST_MATCH, List.of())), "unknown device zz");
        rejects(() -> withTable(new RuleTable("a", MatchPolicy.FIRST_MATCH, List.of(new Rule("r", 0, Set.of(1),
                new Match(Map.of("tcp_dst", new Ternary(1, 1))), List.of(new Action.Drop()))))), "rule r of device a", "unknown header field tcp_dst");
        rejects(() -> new Network(LAYOUT, DEVICES, PORTS, List.of(), List.of(), List.of(), List.of(new AclBinding(1, AclBinding.Direction.IN, "acl9")),
                List.of(), List.of()), "ACL binding acl9 IN on port 1", "unknown ACL acl9");
        rejects(() -> new Network(LAYOUT, DEVICES, PORTS, List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(new MacEntry("a", 10, 0x001122334455L, Set.of(3)))), "MAC entry 00:11:22:33:44:55 in VLAN 10 of device a", "belongs to device b");
    }

    @Test
    void aPortMayChainSeveralAclsPerDirectionButNotOneTwice() {
        List<Acl> acls = List.of(new Acl("174", List.of()), new Acl("175", List.of()));
        List<AclBinding> chain = List.of(new AclBinding(1, AclBinding.Direction.IN, "174"), new AclBinding(1, AclBinding.Direction.IN, "175"),
                new AclBinding(1, AclBinding.Direction.OUT, "174"));
        Network n = new Network(LAYOUT, DEVICES, PORTS, List.of(), List.of(), acls, chain, List.of(), List.of());
        assertThat(n.aclBindingsOf(1)).containsExactlyElementsOf(chain);
        rejects(() -> new Network(LAYOUT, DEVICES, PORTS, List.of(), List.of(), acls,
                        List.of(chain.get(0), new AclBinding(1, AclBinding.Direction.IN, "174")), List.of(), List.of()),
                "ACL binding 174 IN on port 1", "ACL 174 is already bound IN on this port");
    }

    @Test
    void widthsAndVlanFieldAreChecked() {
        rejects(() -> withTable(new RuleTable("a", MatchPolicy.FIRST_MATCH, List.of(new Rule("r", 0, Set.of(1),
                new Match(Map.of("vlan", new Ternary(0x10000, 0x10000))), List.of(new Action.Drop()))))), "constraint on vlan is wider than the field's 16 bits");
        HeaderLayout noVlan = new HeaderLayout("ip", 32, List.of(new HeaderField("ip_dst", 0, 32)));
        rejects(() -> Network.forwarding(noVlan, DEVICES, PORTS, List.of(), List.of(new RuleTable("a", MatchPolicy.FIRST_MATCH,
                List.of(rule("r", Set.of(1), List.of(new Action.PopVlan(), new Action.Drop())))))), "VLAN action", "unknown header field vlan");
        rejects(() -> new HeaderLayout("x", 16, List.of(new HeaderField("a", 0, 10), new HeaderField("b", 8, 8))), "field b overlaps field a");
        rejects(() -> new HeaderLayout("x", 16, List.of(new HeaderField("a", 8, 10))), "field a ends past the header's 16 bits");
    }

    @Test
    void rulesAndTablesAreChecked() {
        rejects(() -> rule("r", Set.of(1), List.of()), "rule r", "end with forward or drop");
        rejects(() -> rule("r", Set.of(1), List.of(new Action.Drop(), new Action.PopVlan())), "end with forward or drop");
        rejects(() -> rule("r", Set.of(1), List.of(new Action.Drop(), new Action.Drop())), "action 1", "must be last");
        rejects(() -> rule("r", Set.of(), List.of(new Action.Drop())), "expected at least one in-port");
        rejects(() -> new Action.Forward(List.of()), "use drop for none");
        rejects(() -> new Ternary(3, 1), "value has bits outside the mask");
        rejects(() -> new SwitchportMode.Access(5000), "VLAN id 5000 is outside 0..4095");
        rejects(() -> new RuleTable("a", MatchPolicy.FIRST_MATCH, List.of(new Rule("r1", 1, Set.of(1), Match.ANY, List.of(new Action.Drop())),
                new Rule("r2", 2, Set.of(1), Match.ANY, List.of(new Action.Drop())))), "rule r2 (priority 2) comes after rule r1 of lower priority 1");
        rejects(() -> new RuleTable("a", MatchPolicy.EXPLICIT, List.of(new Rule("r1", 0, Set.of(1), Match.ANY, List.of(new Action.Drop()), List.of("r2"), Origin.NONE))),
                "rule r1 is shadowed by r2, which is not an earlier rule");
        rejects(() -> new RuleTable("a", MatchPolicy.FIRST_MATCH, List.of(
                rule("r1", Set.of(1), List.of(new Action.Drop())),
                new Rule("r2", 0, Set.of(1), Match.ANY, List.of(new Action.Drop()), List.of("r1"), Origin.NONE))), "only the EXPLICIT policy");
    }

    @Test
    void matchDropsWildcardsSoEqualMatchesAreEqual() {
        assertThat(new Match(Map.of("vlan", new Ternary(0, 0)))).isEqualTo(Match.ANY);
        assertThat(Ternary.prefix(0xffffffffL, 24, 32)).isEqualTo(new Ternary(0xffffff00L, 0xffffff00L));
        assertThat(Ternary.prefix(-1L, 64, 64)).isEqualTo(new Ternary(-1L, -1L));
        assertThat(Ternary.prefix(5, 0, 32).isWildcard()).isTrue();
    }

    @Test
    void aclEntriesHaveIdsOfTheirOwn() {
        Acl acl = new Acl("r:5@vlan20", List.of(new AclEntry(AclEntry.Verdict.DENY, Match.ANY), new AclEntry(AclEntry.Verdict.PERMIT, Match.ANY)));
        Network n = new Network(LAYOUT, DEVICES, PORTS, List.of(), List.of(), List.of(acl), List.of(new AclBinding(1, AclBinding.Direction.IN, acl.id())),
                List.of(), List.of());
        AclEntryRef second = new AclEntryRef("r:5@vlan20", 2);
        assertThat(second.id()).isEqualTo("acl:r:5@vlan20#2");
        assertThat(AclEntryRef.parse(second.id())).contains(second);
        assertThat(n.aclEntry(second.id())).contains(acl.entries().get(1));
        // Entry n+1 is the implicit final deny; there is none after it.
        assertThat(n.aclEntry("acl:r:5@vlan20#3")).contains(Acl.IMPLICIT_DENY);
        assertThat(Acl.IMPLICIT_DENY).isEqualTo(new AclEntry(AclEntry.Verdict.DENY, Match.ANY));
        assertThat(n.aclEntry("acl:r:5@vlan20#4")).isEmpty();
        assertThat(n.aclEntry("acl:nope#1")).isEmpty();
        for (String notAnEntry : List.of("r1", "acl:", "acl:x", "acl:x#", "acl:x#0", "acl:#1", "acl:x#1a", "acl:x#99999999999"))
            assertThat(AclEntryRef.parse(notAnEntry)).as(notAnEntry).isEmpty();
        rejects(() -> new AclEntryRef("x", 0), "entries count from 1");
        rejects(() -> withTable(new RuleTable("a", MatchPolicy.FIRST_MATCH, List.of(rule("acl:x#1", Set.of(1), List.of(new Action.Drop()))))),
                "rule acl:x#1", "reserved for ACL entries");
        rejects(() -> Network.forwarding(LAYOUT, DEVICES, PORTS, List.of(new Link("acl:l", 1, 3, Origin.NONE)), List.of()), "link acl:l", "reserved for ACL entries");
    }

    @Test
    void randomNetworksAreValidAndEqualToThemselves() {
        for (long seed = 0; seed < 200; seed++)
            assertThat(RandomNetworks.network(seed)).isEqualTo(RandomNetworks.network(seed));
    }
}
