package org.sonde.atpg.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.sonde.dataplane.model.Acl;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.MacEntry;
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
 * The VLAN example ({@code examples/atpg/vlan-network.json}): router R and distribution router D,
 * both routing between VLANs as the Cisco import's routers do (each route sets the VLAN it leaves in).
 * R: access ports H10 (VLAN 10, 10.10/16) and H20 (VLAN 20, 10.20/16), trunk RD (VLANs 10, 20, 40;
 * native 1, not allowed) to D, routed port UP (the default route, no membership). D: trunk DR (VLANs
 * 10, 20 only) back to R, access ports D10 (VLAN 10, 10.12/16) and D30 (VLAN 30, 10.30/16). R sends
 * 10.12/16 to D in VLAN 10, 10.30/16 in VLAN 20 and 10.40/16 in VLAN 40, which D's trunk does not
 * allow (the model drops it there); 10.99/16 is flooded in VLAN 10 out of H10 and RD (a copy each).
 * D takes 10.30/16 into VLAN 30 only from the trunk (an in-port rule) and sends the rest back to R
 * in VLAN 20. ACL {@code svi20-in} is what the Cisco import makes of an ACL on interface Vlan20: bound
 * IN on every port carrying VLAN 20, it denies telnet in VLAN 20 and lets VLAN 20 reach only 10/8.
 * A few MAC entries stand for the hosts' MAC table rows.
 */
final class VlanExample {
    static final int H10 = 1, H20 = 2, RD = 3, UP = 4, DR = 11, D10 = 12, D30 = 13;
    static final String SVI20_IN = "svi20-in";

    private VlanExample() {}

    static Network network() {
        HeaderLayout layout = HeaderLayout.builder("ip-tcp-vlan").field("vlan", 12).field("ip_dst", 32).field("tp_dst", 16).build();
        List<Port> ports = List.of(new Port(H10, "R", "H10"), new Port(H20, "R", "H20"), new Port(RD, "R", "RD"), new Port(UP, "R", "UP"),
                new Port(DR, "D", "DR"), new Port(D10, "D", "D10"), new Port(D30, "D", "D30"));
        List<Link> links = List.of(new Link("RD", RD, DR, Origin.NONE), new Link("DR", DR, RD, Origin.NONE));
        Set<Integer> r = Set.of(H10, H20, RD, UP), d = Set.of(DR, D10, D30);
        List<RuleTable> tables = new ArrayList<>();
        tables.add(new RuleTable("R", MatchPolicy.FIRST_MATCH, List.of(
                rule("rR1", 7, r, net(10), 10, H10), rule("rR2", 6, r, net(20), 20, H20), rule("rR3", 5, r, net(12), 10, RD),
                rule("rR4", 4, r, net(30), 20, RD), rule("rR5", 3, r, net(40), 40, RD), rule("rR6", 2, r, net(99), 10, H10, RD),
                new Rule("rR7", 1, r, Match.ANY, List.of(new Action.Forward(List.of(UP)))))));
        tables.add(new RuleTable("D", MatchPolicy.FIRST_MATCH, List.of(
                rule("rD1", 4, Set.of(DR), net(30), 30, D30), rule("rD2", 3, d, net(12), 10, D10), rule("rD3", 2, d, net(99), 10, D10),
                new Rule("rD4", 1, d, Match.ANY, List.of(new Action.SetVlan(20), new Action.Forward(List.of(DR)))))));
        Ternary vlan20 = Ternary.exact(20, 12);
        Acl svi20 = new Acl(SVI20_IN, List.of(
                new AclEntry(AclEntry.Verdict.DENY, Match.ANY.and("vlan", vlan20).and("tp_dst", Ternary.exact(23, 16))),
                new AclEntry(AclEntry.Verdict.PERMIT, Match.ANY.and("vlan", vlan20).and("ip_dst", Ternary.prefix(10L << 24, 8, 32))),
                new AclEntry(AclEntry.Verdict.DENY, Match.ANY.and("vlan", vlan20)),
                new AclEntry(AclEntry.Verdict.PERMIT, Match.ANY)));
        List<AclBinding> bindings = List.of(new AclBinding(H20, AclBinding.Direction.IN, SVI20_IN), new AclBinding(RD, AclBinding.Direction.IN, SVI20_IN));
        List<VlanMembership> vlans = List.of(
                new VlanMembership(H10, new SwitchportMode.Access(10)), new VlanMembership(H20, new SwitchportMode.Access(20)),
                new VlanMembership(RD, new SwitchportMode.Trunk(Set.of(10, 20, 40), 1)),
                new VlanMembership(DR, new SwitchportMode.Trunk(Set.of(10, 20), 1)),
                new VlanMembership(D10, new SwitchportMode.Access(10)), new VlanMembership(D30, new SwitchportMode.Access(30)));
        List<MacEntry> macs = List.of(new MacEntry("R", 10, 0x00005e005310L, Set.of(H10)), new MacEntry("R", 20, 0x00005e005320L, Set.of(H20)),
                new MacEntry("D", 10, 0x00005e005312L, Set.of(D10)), new MacEntry("D", 30, 0x00005e005330L, Set.of(D30)));
        return new Network(layout, List.of(new Device("R"), new Device("D")), ports, links, tables, List.of(svi20), bindings, vlans, macs);
    }

    /** 10.second.0.0/16. */
    private static Match net(int second) {
        return Match.ANY.and("ip_dst", Ternary.prefix((10L << 24) | ((long) second << 16), 16, 32));
    }

    /** Sets VLAN {@code vlan} and forwards out of {@code out}. */
    private static Rule rule(String id, int prio, Set<Integer> in, Match m, int vlan, Integer... out) {
        return new Rule(id, prio, in, m, List.of(new Action.SetVlan(vlan), new Action.Forward(List.of(out))));
    }
}
