package org.sonde.testgen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
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
import org.sonde.dataplane.model.Ternary;

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
}
