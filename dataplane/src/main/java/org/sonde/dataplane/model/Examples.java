package org.sonde.dataplane.model;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Built-in example networks. The dissertation's three-switch example (Figure 2.5): A routes 10.0/16 to B, 10.1/16 to C, 10.2/16 to terminal PA; B routes 10.2/16 to
 * A, 10.1/16 to C, 10.0/16 with tcp 80 to PB; C broadcasts from PC to A and B and sends
 * everything from A or B to PC. For tests, demos and documentation.
 */
public final class Examples {
    private Examples() {}

    /** Port numbers of the three-switch example. */
    public static final int PA = 1, AB = 2, AC = 3, PB = 11, BA = 12, BC = 13, PC = 21, CA = 22, CB = 23;

    /** The three-switch example, with links both ways between A, B and C and a terminal port on each. */
    public static Network threeSwitch() {
        HeaderLayout layout = HeaderLayout.builder("ip-tcp").field("ip_dst", 32).field("tp_dst", 16).build();
        List<Port> ports = List.of(new Port(PA, "A", "PA"), new Port(AB, "A", "AB"), new Port(AC, "A", "AC"),
                new Port(PB, "B", "PB"), new Port(BA, "B", "BA"), new Port(BC, "B", "BC"),
                new Port(PC, "C", "PC"), new Port(CA, "C", "CA"), new Port(CB, "C", "CB"));
        List<Link> links = List.of(link("AB", AB, BA), link("BA", BA, AB), link("AC", AC, CA), link("CA", CA, AC),
                link("BC", BC, CB), link("CB", CB, BC));
        Set<Integer> a = Set.of(PA, AB, AC), b = Set.of(PB, BA, BC);
        RuleTable ta = new RuleTable("A", MatchPolicy.FIRST_MATCH, List.of(
                rule("rA1", 3, a, net(0), AB), rule("rA2", 2, a, net(1), AC), rule("rA3", 1, a, net(2), PA)));
        RuleTable tb = new RuleTable("B", MatchPolicy.FIRST_MATCH, List.of(
                rule("rB1", 3, b, net(2), BA), rule("rB2", 2, b, net(1), BC),
                rule("rB3", 1, b, net(0).and("tp_dst", Ternary.exact(80, 16)), PB)));
        RuleTable tc = new RuleTable("C", MatchPolicy.FIRST_MATCH, List.of(
                rule("rC1", 2, Set.of(PC), Match.ANY, CA, CB), rule("rC2", 1, Set.of(CA, CB), Match.ANY, PC)));
        return Network.forwarding(layout, List.of(new Device("A"), new Device("B"), new Device("C")), ports, links,
                List.of(ta, tb, tc));
    }

    /**
     * The three-switch example with ACLs, for ATPG over ACL entries: PA's terminal may only send
     * 10.0/16 and 10.1/16 and never tcp 22 ({@code edge-in}: deny tp_dst 22, permit 10.0/16,
     * permit 10.1/16, IN on PA); PB lets out only tcp 80 ({@code b-out}: permit tp_dst 80, OUT on
     * PB, which permits exactly what B's rB3 sends there); C drops 10.1.0/24 coming from A
     * ({@code c-in}: deny 10.1.0/24, permit any, IN on CA).
     */
    public static Network threeSwitchWithAcls() {
        Network n = threeSwitch();
        Match tp22 = Match.ANY.and("tp_dst", Ternary.exact(22, 16)), tp80 = Match.ANY.and("tp_dst", Ternary.exact(80, 16));
        Match tenOneZero = Match.ANY.and("ip_dst", Ternary.prefix((10L << 24) | (1L << 16), 24, 32));
        List<Acl> acls = List.of(
                new Acl("edge-in", List.of(new AclEntry(AclEntry.Verdict.DENY, tp22), new AclEntry(AclEntry.Verdict.PERMIT, net(0)),
                        new AclEntry(AclEntry.Verdict.PERMIT, net(1)))),
                new Acl("b-out", List.of(new AclEntry(AclEntry.Verdict.PERMIT, tp80))),
                new Acl("c-in", List.of(new AclEntry(AclEntry.Verdict.DENY, tenOneZero), new AclEntry(AclEntry.Verdict.PERMIT, Match.ANY))));
        List<AclBinding> bindings = List.of(new AclBinding(PA, AclBinding.Direction.IN, "edge-in"),
                new AclBinding(PB, AclBinding.Direction.OUT, "b-out"), new AclBinding(CA, AclBinding.Direction.IN, "c-in"));
        return new Network(n.layout(), n.devices(), n.ports(), n.links(), n.tables(), acls, bindings, List.of(), List.of());
    }

    private static Match net(int second) {
        return Match.ANY.and("ip_dst", Ternary.prefix((10L << 24) | ((long) second << 16), 16, 32));
    }

    private static Rule rule(String id, int prio, Set<Integer> in, Match m, int... out) {
        return new Rule(id, prio, in, m, List.of(new Action.Forward(Arrays.stream(out).boxed().toList())));
    }

    private static Link link(String id, int from, int to) {
        return new Link(id, from, to, Origin.NONE);
    }
}
