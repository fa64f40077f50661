package org.sonde.dataplane.reach;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.sonde.core.Json;
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
 * The dissertation's three-switch example (Figure 2.5, Table 2.2). A routes 10.0/16 to B,
 * 10.1/16 to C and 10.2/16 to its terminal P_A; B routes 10.2/16 to A, 10.1/16 to C and
 * 10.0/16 with tcp 80 to P_B (the dissertation's chained rules r_B3, r_B4 are one rule here);
 * C broadcasts from P_C to A and B and sends everything from A or B to P_C. Ports are
 * bidirectional, as in hassel's one-stage models. Table 2.2 writes p3's B rule as r_B2 and p5's
 * link as BC; the rules above only allow r_B1 and link CA there, and the expected histories say so.
 */
class ThreeSwitchTest {
    static final HeaderLayout LAYOUT = HeaderLayout.builder("ip-tcp").field("ip_dst", 32).field("tp_dst", 16).build();
    static final int PA = 1, AB = 2, AC = 3, PB = 11, BA = 12, BC = 13, PC = 21, CA = 22, CB = 23;
    static final long TEN = 10L << 24;

    static Match net(int second) {
        return Match.ANY.and("ip_dst", Ternary.prefix(TEN | ((long) second << 16), 16, 32));
    }

    static Rule rule(String id, int prio, Set<Integer> in, Match m, int... out) {
        return new Rule(id, prio, in, m, List.of(new Action.Forward(java.util.Arrays.stream(out).boxed().toList())));
    }

    static Network network() {
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
        return Network.forwarding(LAYOUT, List.of(new Device("A"), new Device("B"), new Device("C")), ports, links,
                List.of(ta, tb, tc));
    }

    static Link link(String id, int from, int to) {
        return new Link(id, from, to, Origin.NONE);
    }

    static ReachResult run() {
        return Reachability.compute(network(), ReachOptions.from(List.of(PA, PB, PC)));
    }

    /** Histories of the pairs between terminals. */
    static Map<List<Integer>, Set<List<String>>> terminalHistories(ReachResult r) {
        Set<Integer> terminals = Set.of(PA, PB, PC);
        return r.pairs().stream().filter(p -> terminals.contains(p.destination())).collect(Collectors.toMap(
                p -> List.of(p.source(), p.destination()),
                p -> p.histories().stream().map(ReachResult.PathHistory::history).collect(Collectors.toSet())));
    }

    @Test
    void terminalPairsAndHistoriesAreTable22s() {
        assertThat(terminalHistories(run())).isEqualTo(Map.of(
                List.of(PA, PB), Set.of(List.of("rA1", "AB", "rB3")),                                  // p1
                List.of(PA, PC), Set.of(List.of("rA2", "AC", "rC2")),                                  // p2
                List.of(PB, PA), Set.of(List.of("rB1", "BA", "rA3")),                                  // p3
                List.of(PB, PC), Set.of(List.of("rB2", "BC", "rC2")),                                  // p4
                List.of(PC, PA), Set.of(List.of("rC1", "CA", "rA3"), List.of("rC1", "CB", "rB1", "BA", "rA3")), // p5
                List.of(PC, PB), Set.of(List.of("rC1", "CB", "rB3"), List.of("rC1", "CA", "rA1", "AB", "rB3")))); // p6
    }

    @Test
    void arrivingSpacesAreCountedWithAnExample() {
        ReachResult r = run();
        ReachResult.PairReach p1 = r.pairs().stream().filter(p -> p.source() == PA && p.destination() == PB).findFirst().orElseThrow();
        assertThat(p1.headers()).isEqualTo(BigInteger.ONE.shiftLeft(16));   // 10.0/16, tcp 80
        assertThat(p1.example()).isEqualTo(Map.of("ip_dst", TEN, "tp_dst", 80L));
        ReachResult.PairReach p5 = r.pairs().stream().filter(p -> p.source() == PC && p.destination() == PA).findFirst().orElseThrow();
        assertThat(p5.paths()).isEqualTo(2);
        assertThat(p5.headers()).isEqualTo(BigInteger.ONE.shiftLeft(32));   // both paths carry 10.2/16, any tcp
    }

    @Test
    void everyRuleAndLinkIsExercisedAndThereIsNoLoop() {
        ReachResult r = run();
        assertThat(r.exercisedRules()).containsExactly("rA1", "rA2", "rA3", "rB1", "rB2", "rB3", "rC1", "rC2");
        assertThat(r.exercisedLinks()).containsExactly("AB", "AC", "BA", "BC", "CA", "CB");
        assertThat(r.loops()).isEmpty();
    }

    @Test
    void headerConstraintsNarrowTheInjectedSpace() {
        // Only tcp 443 may be sent: nothing reaches P_B, whose rule wants tcp 80.
        ReachResult r = Reachability.compute(network(), ReachOptions.from(List.of(PA, PB, PC))
                .withInitial(Match.ANY.and("tp_dst", Ternary.exact(443, 16))));
        assertThat(terminalHistories(r).keySet()).containsExactlyInAnyOrder(
                List.of(PA, PC), List.of(PB, PA), List.of(PB, PC), List.of(PC, PA));
    }

    @Test
    void resultIsJson() throws Exception {
        var tree = Json.mapper().readTree(run().toJson());
        assertThat(tree.get("pairs").get(0).get("histories").get(0).get("history").get(0).asText()).isEqualTo("rA1");
        assertThat(tree.get("exercisedRules")).hasSize(8);
        assertThat(tree.has("timings")).isTrue();
    }
}
