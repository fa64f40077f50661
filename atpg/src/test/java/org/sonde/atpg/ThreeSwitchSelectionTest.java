package org.sonde.atpg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.dataplane.model.Examples.*;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.model.Examples;
import org.sonde.dataplane.reach.Model;

class ThreeSwitchSelectionTest {
    static final Model MODEL = Model.of(Examples.threeSwitch());
    static final List<Integer> TERMINALS = List.of(PA, PB, PC);

    static Suite suite(Cover cover, long seed) {
        return Selector.select(MODEL, SelectOptions.of(TERMINALS, cover).withSeed(seed));
    }

    @Test
    void ruleCoverExercisesEveryReachableRuleWithFewerPacketsThanCandidates() {
        Suite s = suite(Cover.RULES, 1);
        Set<String> covered = new TreeSet<>();
        s.tests().forEach(t -> covered.addAll(t.rules()));
        // Every rule of the example lies on some delivering path.
        assertThat(covered).containsExactlyInAnyOrder("rA1", "rA2", "rA3", "rB1", "rB2", "rB3", "rC1", "rC2");
        assertThat(s.summary().coverage()).isEqualTo(1.0);
        assertThat(s.summary().regularPackets()).isLessThan(s.summary().totalPackets());
        assertThat(s.summary().reachableRules()).isEqualTo(8);
        assertThat(s.tests()).allSatisfy(t -> assertThat(t.expectDrop()).isFalse());
        // Regular and reserved packets are disjoint.
        assertThat(s.tests()).doesNotContainAnyElementsOf(s.reserved());
    }

    @Test
    void aSourceListedTwiceIsOneSource() {
        List<Integer> twice = new java.util.ArrayList<>(TERMINALS);
        twice.addAll(TERMINALS);
        assertThat(SelectOptions.of(twice, Cover.RULES).sources()).isEqualTo(TERMINALS);
        assertThat(Selector.select(MODEL, SelectOptions.of(twice, Cover.RULES))).isEqualTo(suite(Cover.RULES, 1));
    }

    @Test
    void expectationsComeFromForwardingTheHeader() {
        Suite s = suite(Cover.RULES, 1);
        Forwarder f = new Forwarder(MODEL);
        for (TestPacket t : s.tests()) {
            assertThat(f.forward(t.ingress(), t.values()).egress()).isEqualTo(t.expected());
            assertThat(t.id()).isEqualTo(TestPacket.idOf(t.ingress(), t.values()));
        }
    }

    @Test
    void linkCoverNeedsNoMorePacketsThanRuleCoverAndObservesLinksByCountingCopies() {
        Suite links = suite(Cover.LINKS, 1), rules = suite(Cover.RULES, 1);
        assertThat(links.summary().reachableLinks()).isEqualTo(6);
        // rC1 broadcasts out of CA and CB, and each copy reaches both A and B: losing either link
        // leaves every exit of a packet from C unchanged, only one copy fewer arrives there.
        assertThat(links.unobserved()).isEmpty();
        assertThat(links.summary().coverage()).isEqualTo(1.0);
        assertThat(links.tests()).flatExtracting(TestPacket::observed).contains("AB", "BA", "AC", "BC", "CA", "CB");
        assertThat(links.tests()).filteredOn(t -> t.observed().contains("CA")).allSatisfy(t ->
                assertThat(t.copies()).isNotEmpty());
        assertThat(links.summary().regularPackets()).isLessThanOrEqualTo(rules.summary().regularPackets());
    }

    @Test
    void seedOnlyBreaksTiesAndIdsAreStable() {
        Suite a = suite(Cover.RULES, 1), b = suite(Cover.RULES, 1);
        assertThat(a).isEqualTo(b);
        Suite c = suite(Cover.RULES, 99);
        assertThat(c.summary().coverage()).isEqualTo(1.0);
        Set<String> idsA = new TreeSet<>(), idsC = new TreeSet<>();
        a.tests().forEach(t -> idsA.add(t.id()));
        a.reserved().forEach(t -> idsA.add(t.id()));
        c.tests().forEach(t -> idsC.add(t.id()));
        c.reserved().forEach(t -> idsC.add(t.id()));
        assertThat(idsC).isSubsetOf(idsA.isEmpty() ? idsC : union(a, c));
    }

    private static Set<String> union(Suite a, Suite c) {
        Set<String> all = new TreeSet<>();
        for (Suite s : List.of(a, c)) {
            s.tests().forEach(t -> all.add(t.id()));
            s.reserved().forEach(t -> all.add(t.id()));
        }
        return all;
    }

    @Test
    void severalSeededPacketsPerPathAllFollowTheirPath() {
        SelectOptions k3 = SelectOptions.of(TERMINALS, Cover.RULES).withSamplesPerPath(3);
        Suite one = suite(Cover.RULES, 1), three = Selector.select(MODEL, k3);
        assertThat(three.summary().regularPackets()).isGreaterThan(one.summary().regularPackets());
        assertThat(three.summary().totalPackets()).isEqualTo(one.summary().totalPackets());
        assertThat(three.summary().coverage()).isEqualTo(1.0);
        assertThat(Selector.select(MODEL, k3)).isEqualTo(three);
        Forwarder f = new Forwarder(MODEL);
        for (TestPacket t : three.tests()) {
            Forwarder.Trace trace = f.forward(t.ingress(), t.values());
            assertThat(trace.egress()).isEqualTo(t.expected());
            assertThat(trace.rules()).isEqualTo(t.rules());
        }
        // Only the address bits the path's rules match on are fixed: tp_dst varies on paths without rB3.
        assertThat(three.tests().stream().map(t -> t.header().get("tp_dst")).distinct().count()).isGreaterThan(2);
    }

    @Test
    void onlyAndWeightsRestrictAndSteerTheCover() {
        Suite only = Selector.select(MODEL, SelectOptions.of(TERMINALS, Cover.RULES).withOnly(Set.of("rB3")));
        assertThat(only.tests()).hasSize(1);
        assertThat(only.tests().getFirst().rules()).contains("rB3");
        Suite weighted = Selector.select(MODEL, SelectOptions.of(TERMINALS, Cover.RULES).withWeights(Map.of("rB3", 100.0)));
        assertThat(weighted.tests().getFirst().rules()).contains("rB3");
    }

    @Test
    void dropRulesAreTestedByExpectedAbsentPackets() {
        // A drops 10.3/16 explicitly: flipping finds headers for it, which must not arrive anywhere.
        var n = Examples.threeSwitch();
        var ta = n.table("A").orElseThrow();
        var rules = new java.util.ArrayList<>(ta.rules());
        rules.add(new org.sonde.dataplane.model.Rule("rA4", 0, Set.of(PA, AB, AC),
                org.sonde.dataplane.model.Match.ANY.and("ip_dst",
                        org.sonde.dataplane.model.Ternary.prefix((10L << 24) | (3L << 16), 16, 32)),
                List.of(new org.sonde.dataplane.model.Action.Drop())));
        var tables = new java.util.ArrayList<>(n.tables());
        tables.set(0, new org.sonde.dataplane.model.RuleTable("A", ta.policy(), rules));
        var dropping = org.sonde.dataplane.model.Network.forwarding(n.layout(), n.devices(), n.ports(), n.links(), tables);
        Suite s = Selector.select(Model.of(dropping), SelectOptions.of(TERMINALS, Cover.RULES));
        assertThat(s.tests()).anySatisfy(t -> {
            assertThat(t.rules()).contains("rA4");
            assertThat(t.expectDrop()).isTrue();
        });
        assertThat(s.summary().expectDropPackets()).isPositive();
        assertThat(s.summary().coverage()).isEqualTo(1.0);
    }
}
