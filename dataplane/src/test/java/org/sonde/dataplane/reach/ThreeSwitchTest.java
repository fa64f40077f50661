package org.sonde.dataplane.reach;

import org.sonde.dataplane.model.Examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.sonde.core.Json;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Network;
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
    static final int PA = Examples.PA, PB = Examples.PB, PC = Examples.PC;
    static final long TEN = 10L << 24;

    static Network network() {
        return Examples.threeSwitch();
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
    void progressCountsEverySourceOnceUpToTheTotal() {
        Network n = network();
        List<Integer> sources = List.of(PA, PB, PC);
        java.util.List<int[]> told = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        ReachResult r = Reachability.compute(n, ReachOptions.from(sources).withWorkers(2), new ElementIds(n), null,
                (done, total) -> told.add(new int[] {done, total}));
        assertThat(told).extracting(t -> t[1]).containsOnly(3);
        assertThat(told).extracting(t -> t[0]).containsExactlyInAnyOrder(1, 2, 3);
        assertThat(r.pairs()).isEqualTo(run().pairs()); // telling progress changes nothing of the result
    }

    @Test
    void aListenerHearsOnlyThePathsToDestinationsItWants() {
        Network n = network();
        List<int[]> heard = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        PathListener toPcOnly = new PathListener() {
            @Override
            public void step(int element, int parent) {}

            @Override
            public void path(int source, int destination, long[] example, int last) {
                heard.add(new int[] {source, destination});
            }

            @Override
            public boolean wants(int destination) {
                return destination == PC;
            }
        };
        ReachResult r = Reachability.compute(n, ReachOptions.from(List.of(PA, PB, PC)), new ElementIds(n), () -> toPcOnly);
        long pathsToPc = r.pairs().stream().filter(p -> p.destination() == PC).mapToLong(ReachResult.PairReach::paths).sum();
        assertThat(pathsToPc).isPositive();
        assertThat(heard).extracting(h -> h[1]).containsOnly(PC).hasSize((int) pathsToPc);
        assertThat(r.pairs()).isEqualTo(run().pairs()); // what the listener skips still counts in the result
    }

    @Test
    void aListenersStepsGiveBackEachPathsHistory() {
        Network n = network();
        ElementIds ids = new ElementIds(n);
        // One worker: step numbers are a listener's own.
        List<Integer> elements = new java.util.ArrayList<>(), parents = new java.util.ArrayList<>();
        Map<List<Integer>, Set<List<String>>> heard = new java.util.HashMap<>();
        PathListener rebuild = new PathListener() {
            @Override
            public void step(int element, int parent) {
                assertThat(parent).isLessThan(elements.size());
                elements.add(element);
                parents.add(parent);
            }

            @Override
            public void path(int source, int destination, long[] example, int last) {
                java.util.LinkedList<String> history = new java.util.LinkedList<>();
                for (int s = last; s >= 0; s = parents.get(s)) history.addFirst(ids.id(elements.get(s)));
                heard.computeIfAbsent(List.of(source, destination), k -> new java.util.HashSet<>()).add(history);
            }

            @Override
            public boolean wants(int destination) {
                return Set.of(PA, PB, PC).contains(destination);
            }
        };
        Reachability.compute(n, ReachOptions.from(List.of(PA, PB, PC)).withWorkers(1), ids, () -> rebuild);
        assertThat(heard).isEqualTo(terminalHistories(run()));
        assertThat(elements).hasSizeLessThan(heard.values().stream().flatMap(Set::stream).mapToInt(List::size).sum()); // shared beginnings
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
