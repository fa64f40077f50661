package org.sonde.atpg;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.model.Acl;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.HeaderLayout;
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
import org.sonde.dataplane.reach.Model;

/** Like Internet2: the ingress rule wants vlan 0 and tags the packet, the next device matches the tag. */
class RewriteSelectionTest {
    @Test
    void ingressHeaderUndoesRewritesSoThePacketRetracesItsPath() {
        HeaderLayout layout = HeaderLayout.builder("v").field("vlan", 16).field("ip_dst", 32).build();
        Rule tag = new Rule("tag", 1, Set.of(1), Match.ANY.and("vlan", Ternary.exact(0, 16)),
                List.of(new Action.SetField("vlan", 5, 0xffff), new Action.Forward(List.of(2))));
        Rule out = new Rule("out", 1, Set.of(3), Match.ANY.and("vlan", Ternary.exact(5, 16)), List.of(new Action.Forward(List.of(4))));
        Network n = Network.forwarding(layout, List.of(new Device("A"), new Device("B")),
                List.of(new Port(1, "A", "a1"), new Port(2, "A", "a2"), new Port(3, "B", "b3"), new Port(4, "B", "b4")),
                List.of(new Link("AB", 2, 3, Origin.NONE)),
                List.of(new RuleTable("A", MatchPolicy.FIRST_MATCH, List.of(tag)), new RuleTable("B", MatchPolicy.FIRST_MATCH, List.of(out))));
        // Test terminals both send and receive: 1 sends, 4 receives.
        Suite s = Selector.select(Model.of(n), SelectOptions.of(List.of(1, 4), Cover.RULES));
        assertThat(s.summary().unverifiedPaths()).isZero();
        assertThat(s.tests()).singleElement().satisfies(t -> {
            assertThat(t.header()).containsEntry("vlan", 0L);
            assertThat(t.expected()).containsOnlyKeys(4);
            assertThat(t.rules()).containsExactly("tag", "out");
        });
    }

    /**
     * Like the Cisco import: a route sets the outgoing VLAN, so the example taken at the exit holds
     * VLAN 7; the packet to inject must carry a VLAN its ingress port carries and its ACL entry
     * permits (the trunk PA allows 5 and 6, its ACL only 6). An access port needs its own VLAN.
     */
    @Test
    void ingressVlanFollowsTheIngressAclEntryAndMembership() {
        HeaderLayout layout = HeaderLayout.builder("v").field("vlan", 16).field("ip_dst", 32).build();
        Rule route = new Rule("route", 1, Set.of(1, 5), Match.ANY, List.of(new Action.SetVlan(7), new Action.Forward(List.of(2))));
        Rule out = new Rule("out", 1, Set.of(3), Match.ANY, List.of(new Action.Forward(List.of(4))));
        Acl six = new Acl("six", List.of(new AclEntry(AclEntry.Verdict.PERMIT, Match.ANY.and("vlan", Ternary.exact(6, 16)))));
        Network n = new Network(layout, List.of(new Device("A"), new Device("B")),
                List.of(new Port(1, "A", "a1"), new Port(2, "A", "a2"), new Port(5, "A", "a5"), new Port(3, "B", "b3"), new Port(4, "B", "b4")),
                List.of(new Link("AB", 2, 3, Origin.NONE)),
                List.of(new RuleTable("A", MatchPolicy.FIRST_MATCH, List.of(route)), new RuleTable("B", MatchPolicy.FIRST_MATCH, List.of(out))),
                List.of(six), List.of(new AclBinding(1, AclBinding.Direction.IN, "six")),
                List.of(new VlanMembership(1, new SwitchportMode.Trunk(Set.of(5, 6), 1)), new VlanMembership(5, new SwitchportMode.Access(9)),
                        new VlanMembership(2, new SwitchportMode.Trunk(Set.of(7), 1)), new VlanMembership(3, new SwitchportMode.Trunk(Set.of(7), 1))),
                List.of());
        // Terminals send and receive: 1 and 5 send, 4 receives.
        Suite s = Selector.select(Model.of(n), SelectOptions.of(List.of(1, 5, 4), Cover.RULES));
        assertThat(s.summary().unverifiedPaths()).isZero();
        assertThat(s.tests()).anySatisfy(t -> {
            assertThat(t.ingress()).isEqualTo(1);
            assertThat(t.header()).containsEntry("vlan", 6L);
            assertThat(t.rules()).containsExactly("acl:six#1", "route", "out");
        });
        List<TestPacket> all = new java.util.ArrayList<>(s.tests());
        all.addAll(s.reserved());
        assertThat(all).anySatisfy(t -> {
            assertThat(t.ingress()).isEqualTo(5);
            assertThat(t.header()).containsEntry("vlan", 9L);
            assertThat(t.expected()).containsOnlyKeys(4);
        });
        // The implicit deny of ACL six stops VLAN 5 at PA: an expected-absent packet injected as it
        // was there (the route after the entry rewrites the VLAN, so the arrival is no example).
        assertThat(all).anySatisfy(t -> {
            assertThat(t.ingress()).isEqualTo(1);
            assertThat(t.expectDrop()).isTrue();
            assertThat(t.rules()).containsExactly("acl:six#2");
            assertThat(t.header()).containsEntry("vlan", 5L);
        });
        // On the wire a trunk's frame carries its VLAN tag; an access port's frame enters untagged.
        for (TestPacket t : all) {
            byte[] frame = SuiteFiles.frame(t, n).encode();
            int etherType = ((frame[12] & 0xff) << 8) | (frame[13] & 0xff);
            assertThat(etherType).as("packet at port %d", t.ingress()).isEqualTo(t.ingress() == 5 ? 0x0800 : 0x8100);
            if (t.ingress() == 1) assertThat(((frame[14] & 0x0f) << 8) | (frame[15] & 0xff)).isEqualTo(t.header().get("vlan").intValue());
        }
    }
}
