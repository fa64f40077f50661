package org.sonde.atpg.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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

/**
 * A shared segment as in the Stanford snapshot's backbone: hub router H's port HS links to the
 * segment ports of zone routers A, B and C, each of which links back to HS only; H also has a
 * point-to-point link to router D. Terminals: PH (10.0/16 behind H), PA (10.1/16), PB (10.2/16),
 * PC (10.3/16), PD (10.4/16). H routes each zone's /16 out of HS (so the segment carries a copy to
 * every zone router, which drops what is not its own by routing it back out of HS) and 10.4/16 to
 * D; a zone router and D send 10/8 towards H.
 */
final class SegmentExample {
    static final int PH = 1, HS = 2, HD = 3, AS = 11, PA = 12, BS = 21, PB = 22, CS = 31, PC = 32, DH = 41, PD = 42;

    private SegmentExample() {}

    static Network network() {
        HeaderLayout layout = HeaderLayout.builder("ip").field("ip_dst", 32).build();
        List<Port> ports = List.of(new Port(PH, "H", "PH"), new Port(HS, "H", "HS"), new Port(HD, "H", "HD"), new Port(AS, "A", "AS"),
                new Port(PA, "A", "PA"), new Port(BS, "B", "BS"), new Port(PB, "B", "PB"), new Port(CS, "C", "CS"), new Port(PC, "C", "PC"),
                new Port(DH, "D", "DH"), new Port(PD, "D", "PD"));
        List<Link> links = List.of(link("HA", HS, AS), link("HB", HS, BS), link("HC", HS, CS), link("AH", AS, HS), link("BH", BS, HS),
                link("CH", CS, HS), link("HD", HD, DH), link("DH", DH, HD));
        List<RuleTable> tables = new ArrayList<>();
        Set<Integer> h = Set.of(PH, HS, HD);
        tables.add(new RuleTable("H", MatchPolicy.FIRST_MATCH, List.of(rule("rH1", 5, h, net(1, 16), HS), rule("rH2", 4, h, net(2, 16), HS),
                rule("rH3", 3, h, net(3, 16), HS), rule("rH4", 2, h, net(4, 16), HD), rule("rH0", 1, h, net(0, 16), PH))));
        int[][] zones = {{AS, PA}, {BS, PB}, {CS, PC}, {DH, PD}};
        String[] names = {"A", "B", "C", "D"};
        for (int z = 0; z < zones.length; z++) {
            Set<Integer> in = Set.of(zones[z][0], zones[z][1]);
            tables.add(new RuleTable(names[z], MatchPolicy.FIRST_MATCH, List.of(rule("r" + names[z] + "1", 2, in, net(z + 1, 16), zones[z][1]),
                    rule("r" + names[z] + "2", 1, in, net(0, 8), zones[z][0]))));
        }
        return Network.forwarding(layout, List.of(new Device("H"), new Device("A"), new Device("B"), new Device("C"), new Device("D")), ports,
                links, tables);
    }

    /** 10.second.0.0 under a prefix of {@code bits}. */
    private static Match net(int second, int bits) {
        return Match.ANY.and("ip_dst", Ternary.prefix((10L << 24) | ((long) second << 16), bits, 32));
    }

    private static Rule rule(String id, int prio, Set<Integer> in, Match m, int out) {
        return new Rule(id, prio, in, m, List.of(new Action.Forward(List.of(out))));
    }

    private static Link link(String id, int from, int to) {
        return new Link(id, from, to, Origin.NONE);
    }
}
