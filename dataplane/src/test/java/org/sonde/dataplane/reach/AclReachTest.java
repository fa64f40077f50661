package org.sonde.dataplane.reach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
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

/**
 * ACLs and VLAN membership in reachability, on two switches: A takes everything from its terminal
 * PA to B over link ab and back, B likewise to its terminal PB. A has spare ports AS and AT, deny
 * sinks when asked. Headers are dst (4 bits) and tp (4 bits): 256 in all.
 */
class AclReachTest {
    static final HeaderLayout LAYOUT = HeaderLayout.builder("acl-test").field("dst", 4).field("tp", 4).build();
    static final int PA = 1, AB = 2, AS = 3, AT = 4, BA = 11, PB = 12;
    static final AclBinding.Direction IN = AclBinding.Direction.IN, OUT = AclBinding.Direction.OUT;

    static Network net(HeaderLayout layout, List<Acl> acls, List<AclBinding> bindings, List<VlanMembership> vlans, List<Action> bActions) {
        List<Port> ports = List.of(new Port(PA, "A", "pa"), new Port(AB, "A", "ab"), new Port(AS, "A", "as"), new Port(AT, "A", "at"),
                new Port(BA, "B", "ba"), new Port(PB, "B", "pb"));
        List<Link> links = List.of(new Link("ab", AB, BA, Origin.NONE), new Link("ba", BA, AB, Origin.NONE));
        List<RuleTable> tables = List.of(
                new RuleTable("A", MatchPolicy.FIRST_MATCH, List.of(rule("a-out", PA, List.of(new Action.Forward(List.of(AB)))),
                        rule("a-in", AB, List.of(new Action.Forward(List.of(PA)))))),
                new RuleTable("B", MatchPolicy.FIRST_MATCH, List.of(rule("b-out", BA, bActions), rule("b-in", PB, List.of(new Action.Forward(List.of(BA)))))));
        return new Network(layout, List.of(new Device("A"), new Device("B")), ports, links, tables, acls, bindings, vlans, List.of());
    }

    static Network net(List<Acl> acls, List<AclBinding> bindings) {
        return net(LAYOUT, acls, bindings, List.of(), List.of(new Action.Forward(List.of(PB))));
    }

    private static Rule rule(String id, int in, List<Action> actions) {
        return new Rule(id, 1, Set.of(in), Match.ANY, actions);
    }

    static Match dst(long value, int prefixBits) {
        return Match.ANY.and("dst", Ternary.prefix(value, prefixBits, 4));
    }

    static AclEntry permit(Match m) {
        return new AclEntry(AclEntry.Verdict.PERMIT, m);
    }

    static AclEntry deny(Match m) {
        return new AclEntry(AclEntry.Verdict.DENY, m);
    }

    static ReachResult reach(Network n, Map<String, Integer> sinks) {
        return Reachability.compute(n, ReachOptions.from(List.of(PA, PB)).withAclDenySinks(sinks));
    }

    static ReachResult reach(Network n) {
        return reach(n, Map.of());
    }

    static Optional<ReachResult.PairReach> pair(ReachResult r, int source, int destination) {
        return r.pairs().stream().filter(p -> p.source() == source && p.destination() == destination).findFirst();
    }

    static BigInteger headers(ReachResult r, int source, int destination) {
        return pair(r, source, destination).map(ReachResult.PairReach::headers).orElse(BigInteger.ZERO);
    }

    static Set<List<String>> histories(ReachResult r, int source, int destination) {
        return pair(r, source, destination).map(p -> p.histories().stream().map(ReachResult.PathHistory::history).collect(Collectors.toSet()))
                .orElse(Set.of());
    }

    /**
     * An ACL bound on several ports (as on a VLAN's SVI) is met from one rule's step at each of
     * them: the listener hears of its entry's step once, and each path still has its history.
     */
    @Test
    void anEntryMetFromOneStepAtSeveralPortsIsToldOnce() {
        List<Port> ports = List.of(new Port(PA, "A", "pa"), new Port(AS, "A", "as"), new Port(AT, "A", "at"));
        List<RuleTable> tables = List.of(new RuleTable("A", MatchPolicy.FIRST_MATCH,
                List.of(rule("flood", PA, List.of(new Action.Forward(List.of(AS, AT)))))));
        Acl web = new Acl("web", List.of(permit(Match.ANY.and("tp", Ternary.exact(8, 4)))));
        Network n = new Network(LAYOUT, List.of(new Device("A")), ports, List.of(), tables, List.of(web),
                List.of(new AclBinding(AS, OUT, "web"), new AclBinding(AT, OUT, "web")), List.of(), List.of());
        ElementIds ids = new ElementIds(n);
        List<int[]> steps = new java.util.ArrayList<>();
        Map<Integer, List<String>> histories = new java.util.HashMap<>();
        PathListener listener = new PathListener() {
            @Override
            public void step(int element, int parent) {
                steps.add(new int[] {element, parent});
            }

            @Override
            public void path(int source, int destination, long[] example, int last) {
                java.util.LinkedList<String> history = new java.util.LinkedList<>();
                for (int s = last; s >= 0; s = steps.get(s)[1]) history.addFirst(ids.id(steps.get(s)[0]));
                histories.put(destination, history);
            }
        };
        Reachability.compute(n, ReachOptions.from(List.of(PA)).withWorkers(1), ids, () -> listener);
        String entry = ids.id(steps.get(1)[0]);
        assertThat(histories).isEqualTo(Map.of(AS, List.of("flood", entry), AT, List.of("flood", entry)));
        assertThat(steps).hasSize(2);
    }

    @Test
    void withoutBindingsEverythingPasses() {
        ReachResult r = reach(net(List.of(new Acl("x", List.of())), List.of()));
        assertThat(headers(r, PA, PB)).isEqualTo(BigInteger.valueOf(256));
        assertThat(histories(r, PA, PB)).containsExactly(List.of("a-out", "ab", "b-out"));
    }

    @Test
    void theFirstMatchingEntryDecides() {
        // deny 0001, then permit 000x: only dst 0000 gets through, by entry 2.
        Acl x = new Acl("x", List.of(deny(dst(0b0001, 4)), permit(dst(0b0000, 3))));
        ReachResult r = reach(net(List.of(x), List.of(new AclBinding(PA, IN, "x"))));
        assertThat(headers(r, PA, PB)).isEqualTo(BigInteger.valueOf(16));
        assertThat(histories(r, PA, PB)).containsExactly(List.of("acl:x#2", "a-out", "ab", "b-out"));
        assertThat(r.exercisedRules()).contains("acl:x#2").doesNotContain("acl:x#1");
        assertThat(pair(r, PA, PB).orElseThrow().example()).containsEntry("dst", 0L);
        // The other way round the permit comes first: 0000 and 0001 pass, the deny entry never decides.
        Acl y = new Acl("y", List.of(permit(dst(0b0000, 3)), deny(dst(0b0001, 4))));
        ReachResult s = reach(net(List.of(y), List.of(new AclBinding(PA, IN, "y"))));
        assertThat(headers(s, PA, PB)).isEqualTo(BigInteger.valueOf(32));
        assertThat(s.exercisedRules()).contains("acl:y#1").doesNotContain("acl:y#2");
    }

    @Test
    void whatNoEntryMatchesIsDenied() {
        ReachResult r = reach(net(List.of(new Acl("none", List.of())), List.of(new AclBinding(PA, IN, "none"))));
        assertThat(pair(r, PA, PB)).isEmpty();
        assertThat(pair(r, PA, AB)).isEmpty();
        // IN on PA filters what enters there, not what leaves: PB still reaches PA.
        assertThat(headers(r, PB, PA)).isEqualTo(BigInteger.valueOf(256));
        ReachResult partial = reach(net(List.of(new Acl("half", List.of(permit(dst(0b1000, 1))))), List.of(new AclBinding(PA, IN, "half"))));
        assertThat(headers(partial, PA, PB)).isEqualTo(BigInteger.valueOf(128));
    }

    @Test
    void chainedAclsMustAllPermitInBindingOrder() {
        Acl first = new Acl("first", List.of(permit(dst(0, 1)))); // dst 0xxx
        Acl second = new Acl("second", List.of(deny(Match.ANY.and("tp", Ternary.exact(0, 4))), permit(Match.ANY)));
        ReachResult r = reach(net(List.of(first, second), List.of(new AclBinding(PA, IN, "first"), new AclBinding(PA, IN, "second"))));
        assertThat(headers(r, PA, PB)).isEqualTo(BigInteger.valueOf(8 * 15));
        assertThat(histories(r, PA, PB)).containsExactly(List.of("acl:first#1", "acl:second#2", "a-out", "ab", "b-out"));
        ReachResult swapped = reach(net(List.of(first, second), List.of(new AclBinding(PA, IN, "second"), new AclBinding(PA, IN, "first"))));
        assertThat(headers(swapped, PA, PB)).isEqualTo(BigInteger.valueOf(8 * 15));
        assertThat(histories(swapped, PA, PB)).containsExactly(List.of("acl:second#2", "acl:first#1", "a-out", "ab", "b-out"));
    }

    @Test
    void inFiltersArrivalsAndOutFiltersDepartures() {
        Acl w = new Acl("w", List.of(permit(dst(0b1000, 1)))); // dst 1xxx
        ReachResult out = reach(net(List.of(w), List.of(new AclBinding(AB, OUT, "w"))));
        assertThat(headers(out, PA, PB)).isEqualTo(BigInteger.valueOf(128));
        assertThat(histories(out, PA, PB)).containsExactly(List.of("a-out", "acl:w#1", "ab", "b-out"));
        // Leaving by AB is also a delivery at AB, after the OUT ACL.
        assertThat(headers(out, PA, AB)).isEqualTo(BigInteger.valueOf(128));
        assertThat(headers(out, PB, PA)).isEqualTo(BigInteger.valueOf(256));
        ReachResult in = reach(net(List.of(w), List.of(new AclBinding(AB, IN, "w"))));
        assertThat(headers(in, PA, PB)).isEqualTo(BigInteger.valueOf(256));
        assertThat(headers(in, PB, PA)).isEqualTo(BigInteger.valueOf(128));
        assertThat(histories(in, PB, PA)).containsExactly(List.of("b-in", "ba", "acl:w#1", "a-in"));
        // OUT on a terminal filters what is delivered there.
        ReachResult edge = reach(net(List.of(w), List.of(new AclBinding(PB, OUT, "w"))));
        assertThat(headers(edge, PA, PB)).isEqualTo(BigInteger.valueOf(128));
        assertThat(histories(edge, PA, PB)).containsExactly(List.of("a-out", "ab", "b-out", "acl:w#1"));
    }

    @Test
    void eachPermitEntryIsAPathOfItsOwn() {
        Acl s = new Acl("s", List.of(permit(dst(0b0000, 2)), permit(dst(0b0100, 2)), deny(Match.ANY)));
        ReachResult r = reach(net(List.of(s), List.of(new AclBinding(PA, IN, "s"))));
        ReachResult.PairReach p = pair(r, PA, PB).orElseThrow();
        assertThat(p.headers()).isEqualTo(BigInteger.valueOf(128));
        assertThat(p.paths()).isEqualTo(2);
        assertThat(histories(r, PA, PB)).containsExactlyInAnyOrder(List.of("acl:s#1", "a-out", "ab", "b-out"), List.of("acl:s#2", "a-out", "ab", "b-out"));
        assertThat(p.histories()).extracting(ReachResult.PathHistory::headers).containsOnly(BigInteger.valueOf(64));
        // Deny entries stop headers without a sink: not exercised.
        assertThat(r.exercisedRules()).contains("acl:s#1", "acl:s#2").doesNotContain("acl:s#3");
    }

    @Test
    void flippedDenyEntriesReachTheirSinkWithWhatATerminalWouldReceive() {
        Acl x = new Acl("x", List.of(permit(dst(0b0000, 4)), deny(dst(0b0001, 4)), permit(dst(0b0010, 4))));
        Acl y = new Acl("y", List.of(deny(Match.ANY.and("tp", Ternary.exact(0, 4))), permit(Match.ANY)));
        Network n = net(List.of(x, y), List.of(new AclBinding(PA, IN, "x"), new AclBinding(PB, OUT, "y")));
        assertThat(pair(reach(n), PA, AS)).isEmpty();
        ReachResult r = reach(n, Map.of("acl:x#2", AS));
        // x#2 stops dst 0001 at PA; as if it permitted, PB would receive those with tp other than 0
        // (y stops tp 0): they reach x#2's sink, with the history up to the entry.
        assertThat(headers(r, PA, AS)).isEqualTo(BigInteger.valueOf(15));
        assertThat(histories(r, PA, AS)).containsExactly(List.of("acl:x#2"));
        assertThat(r.exercisedRules()).contains("acl:x#1", "acl:x#2", "acl:x#3", "acl:y#2").doesNotContain("acl:y#1");
        // Flipped parts are delivered nowhere else; what the ACLs permit is unchanged.
        assertThat(headers(r, PA, AB)).isEqualTo(BigInteger.valueOf(32));
        assertThat(headers(r, PA, PB)).isEqualTo(BigInteger.valueOf(30));
        // One entry fails at a time: dst 0001 with tp 0 would need both x#2 and y#1 to fail.
        ReachResult both = reach(n, Map.of("acl:x#2", AS, "acl:y#1", AT));
        assertThat(headers(both, PA, AS)).isEqualTo(BigInteger.valueOf(15));
        // y#1 stops tp 0 of dst 0000 (after x#1) and of dst 0010 (after x#3): one path per source and entry is kept.
        assertThat(histories(both, PA, AT)).containsExactly(List.of("acl:x#1", "a-out", "ab", "b-out", "acl:y#1"));
        assertThat(headers(both, PA, AT)).isEqualTo(BigInteger.ONE);
        assertThat(both.exercisedRules()).contains("acl:y#1");
        assertThatThrownBy(() -> reach(n, Map.of("acl:x#1", AS))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a deny entry");
    }

    @Test
    void vlanMembershipFiltersOnLayoutsWithAVlanField() {
        HeaderLayout withVlan = HeaderLayout.builder("vlan-test").field("vlan", 12).field("dst", 4).build();
        List<VlanMembership> vlans = List.of(new VlanMembership(PA, new SwitchportMode.Access(5)),
                new VlanMembership(PB, new SwitchportMode.Trunk(Set.of(5, 6), 1)));
        ReachResult r = reach(net(withVlan, List.of(), List.of(), vlans, List.of(new Action.Forward(List.of(PB)))));
        // PA is an access port of VLAN 5: only vlan 5 enters; the trunk PB carries it.
        assertThat(headers(r, PA, PB)).isEqualTo(BigInteger.valueOf(16));
        assertThat(pair(r, PA, PB).orElseThrow().example()).containsEntry("vlan", 5L);
        // From PB, VLANs 5 and 6 enter (not the native VLAN 1, which the trunk does not allow); PA lets out only 5.
        assertThat(headers(r, PB, BA)).isEqualTo(BigInteger.valueOf(32));
        assertThat(headers(r, PB, PA)).isEqualTo(BigInteger.valueOf(16));
        // A rule that moves frames to VLAN 7 cannot send them out of the trunk.
        ReachResult moved = reach(net(withVlan, List.of(), List.of(), vlans, List.of(new Action.SetVlan(7), new Action.Forward(List.of(PB)))));
        assertThat(pair(moved, PA, PB)).isEmpty();
        // Without a vlan field, membership cannot select anything (APKeep's layout): nothing is filtered.
        ReachResult plain = reach(net(LAYOUT, List.of(), List.of(), vlans, List.of(new Action.Forward(List.of(PB)))));
        assertThat(headers(plain, PA, PB)).isEqualTo(BigInteger.valueOf(256));
    }

    @Test
    void idsOfEntriesDoNotCollideWithRuleIds() {
        assertThatThrownBy(() -> Network.forwarding(LAYOUT, List.of(new Device("A")), List.of(new Port(PA, "A", "pa")), List.of(),
                List.of(new RuleTable("A", MatchPolicy.FIRST_MATCH, List.of(rule("acl:x#1", PA, List.of(new Action.Drop())))))))
                .hasMessageContaining("reserved for ACL entries");
    }
}
