package org.sonde.atpg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.sonde.dataplane.model.Examples.*;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.sonde.core.UsageException;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.AclEntryRef;
import org.sonde.dataplane.model.Examples;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.reach.Model;

/**
 * ATPG with ACLs on the three-switch example ({@link Examples#threeSwitchWithAcls()}): PA's
 * terminal filters what it sends (deny tcp 22, permit 10.0/16 and 10.1/16), PB lets out only
 * tcp 80, and C drops 10.1.0/24 arriving from A.
 * Permit entries are covered like rules, deny entries by expected-absent packets, and a changed
 * entry is found by localisation.
 */
class AclSelectionTest {
    static final Network NETWORK = Examples.threeSwitchWithAcls();
    static final Model MODEL = Model.of(NETWORK);
    static final List<Integer> TERMINALS = List.of(PA, PB, PC);
    static final Suite SUITE = Selector.select(MODEL, SelectOptions.of(TERMINALS, Cover.RULES));
    static final Set<String> ENTRIES = Set.of("acl:edge-in#1", "acl:edge-in#2", "acl:edge-in#3", "acl:b-out#1", "acl:c-in#1", "acl:c-in#2");

    static long[] header(long ipDst, long tpDst) {
        return new long[] {ipDst, tpDst};
    }

    @Test
    void theForwarderAppliesAclsAndListsTheirEntriesWithTheRules() {
        Forwarder f = new Forwarder(MODEL);
        Forwarder.Trace toB = f.forward(PA, header(10L << 24, 80));
        assertThat(toB.egress()).containsOnlyKeys(PB);
        assertThat(toB.rules()).containsExactly("acl:edge-in#2", "rA1", "rB3", "acl:b-out#1");
        assertThat(toB.links()).containsExactly("AB");
        // A deny entry ends the packet observably, like a drop rule.
        Forwarder.Trace ssh = f.forward(PA, header(10L << 24, 22));
        assertThat(ssh.egress()).isEmpty();
        assertThat(ssh.rules()).containsExactly("acl:edge-in#1");
        Forwarder.Trace toC = f.forward(PA, header((10L << 24) | (1L << 16) | 5, 9));
        assertThat(toC.egress()).isEmpty();
        assertThat(toC.rules()).containsExactly("acl:edge-in#3", "rA2", "acl:c-in#1");
        assertThat(f.forward(PA, header((10L << 24) | (1L << 16) | (7L << 8), 9)).egress()).containsOnlyKeys(PC);
        // No entry matches 10.2/16 at PA: the implicit final deny (entry 4 of 3) stops it, observably.
        Forwarder.Trace none = f.forward(PA, header((10L << 24) | (2L << 16), 9));
        assertThat(none.egress()).isEmpty();
        assertThat(none.rules()).containsExactly("acl:edge-in#4");
        // A dead permit entry loses what it would pass.
        assertThat(f.forward(PA, header(10L << 24, 80), "acl:edge-in#2").egress()).isEmpty();
    }

    @Test
    void aRuleCoverCoversEveryAclEntryAndDenyEntriesGetExpectedAbsentPackets() {
        assertThat(SUITE.summary().coverage()).isEqualTo(1.0);
        assertThat(SUITE.summary().unverifiedPaths()).isZero();
        Set<String> covered = new TreeSet<>();
        SUITE.tests().forEach(t -> covered.addAll(t.rules()));
        assertThat(covered).containsAll(ENTRIES).contains("rA1", "rA2", "rB3", "rC1", "rC2");
        // The implicit denies need no packet: what edge-in#4 stops would die out if let through,
        // b-out#2 sees only what rB3 sends (tp 80, which b-out#1 permits), c-in ends in a permit-any.
        for (String deny : List.of("acl:edge-in#1", "acl:c-in#1"))
            assertThat(SUITE.tests()).as(deny).anySatisfy(t -> {
                assertThat(t.expectDrop()).isTrue();
                assertThat(t.rules()).last().isEqualTo(deny);
                assertThat(t.observed()).containsExactly(deny);
            });
        Forwarder f = new Forwarder(MODEL);
        for (TestPacket t : SUITE.tests()) assertThat(f.forward(t.ingress(), t.values()).egress()).as(t.id()).isEqualTo(t.expected());
        // Without the ACLs the same suite would have no ACL entry to cover.
        Suite plain = ThreeSwitchSelectionTest.suite(Cover.RULES, 1);
        assertThat(plain.tests()).allSatisfy(t -> assertThat(t.rules()).noneMatch(AclEntryRef::isAclEntry));
    }

    /**
     * A broadcast whose copy to one exit a deny entry stops while the other copy arrives: the
     * packet is not expected absent, yet it observes the entry, since the entry's failing would
     * add an exit; a fault there is detected and suspected.
     */
    @Test
    void aDenyEntryStoppingOneCopyOfABroadcastIsObserved() {
        var layout = org.sonde.dataplane.model.HeaderLayout.builder("tp").field("tp_dst", 16).build();
        var bcast = new org.sonde.dataplane.model.Rule("bcast", 1, Set.of(1), org.sonde.dataplane.model.Match.ANY,
                List.of(new org.sonde.dataplane.model.Action.Forward(List.of(2, 3))));
        var noSsh = new org.sonde.dataplane.model.Acl("no-ssh", List.of(
                new AclEntry(AclEntry.Verdict.DENY, org.sonde.dataplane.model.Match.ANY.and("tp_dst", org.sonde.dataplane.model.Ternary.exact(22, 16))),
                new AclEntry(AclEntry.Verdict.PERMIT, org.sonde.dataplane.model.Match.ANY)));
        Network n = new Network(layout, List.of(new org.sonde.dataplane.model.Device("S")),
                List.of(new org.sonde.dataplane.model.Port(1, "S", "in"), new org.sonde.dataplane.model.Port(2, "S", "o1"),
                        new org.sonde.dataplane.model.Port(3, "S", "o2")),
                List.of(), List.of(new org.sonde.dataplane.model.RuleTable("S", org.sonde.dataplane.model.MatchPolicy.FIRST_MATCH, List.of(bcast))),
                List.of(noSsh), List.of(new org.sonde.dataplane.model.AclBinding(3, org.sonde.dataplane.model.AclBinding.Direction.OUT, "no-ssh")),
                List.of(), List.of());
        Model model = Model.of(n);
        Suite suite = Selector.select(model, SelectOptions.of(List.of(1, 2, 3), Cover.RULES));
        assertThat(suite.unobserved()).isEmpty();
        assertThat(suite.tests()).anySatisfy(t -> {
            assertThat(t.expected()).containsOnlyKeys(2);
            assertThat(t.observed()).contains("acl:no-ssh#1");
        });
        List<Emulator.Result> results = Emulator.run(model, suite, List.of(Fault.parse("test", "acl:no-ssh#1:permit")), 50);
        assertThat(results).anySatisfy(r -> assertThat(r.pass()).isFalse());
        assertThat(Localizer.localize(Localizer.observations(suite, results)).suspects()).contains("acl:no-ssh#1");
    }

    static Localizer.Localization localize(String... faults) {
        List<Emulator.Result> results = Emulator.run(MODEL, SUITE, java.util.Arrays.stream(faults).map(f -> Fault.parse("test", f)).toList(), 50);
        assertThat(results).as(String.join(" ", faults)).anySatisfy(r -> assertThat(r.pass()).isFalse());
        return Localizer.localize(Localizer.observations(SUITE, results));
    }

    @Test
    void aChangedAclEntryIsLocalised() {
        assertThat(Emulator.run(MODEL, SUITE, List.of(), 50)).allSatisfy(r -> assertThat(r.pass()).isTrue());
        // Each entry given the other verdict fails some test, and localisation suspects it.
        for (String e : ENTRIES) {
            String flip = NETWORK.aclEntry(e).orElseThrow().verdict() == AclEntry.Verdict.PERMIT ? ":deny" : ":permit";
            Localizer.Localization l = localize(e + flip);
            assertThat(l.suspects()).as(e + flip).contains(e);
            assertThat(l.evidence().get(e).implicatedBy()).isNotEmpty();
        }
        // Without its deny entry, C lets 10.1.0/24 through: the expected-absent packet arrives.
        assertThat(localize("acl:c-in#1:missing").suspects()).containsExactly("acl:c-in#1");
        // PB's only entry permits exactly what B's rB3 sends there: the dissertation's ACL rule
        // followed by a forwarding rule on the same headers, which no test can tell apart.
        Localizer.Localization both = localize("acl:b-out#1:deny");
        assertThat(both.suspects()).contains("acl:b-out#1", "rB3");
        assertThat(both.indistinguishable()).anySatisfy(g -> assertThat(g).contains("acl:b-out#1", "rB3"));
    }

    @Test
    void aclFaultsParseAndBadOnesAreNamed() {
        assertThat(Fault.parse("t", "acl:goza_rtr:5@vlan20#3:deny"))
                .isEqualTo(new Fault.AclVerdict(new AclEntryRef("goza_rtr:5@vlan20", 3), AclEntry.Verdict.DENY));
        assertThat(Fault.parse("t", "acl:x#1:permit")).isEqualTo(new Fault.AclVerdict(new AclEntryRef("x", 1), AclEntry.Verdict.PERMIT));
        assertThat(Fault.parse("t", "acl:x#12:missing")).isEqualTo(new Fault.AclMissing(new AclEntryRef("x", 12)));
        assertThatThrownBy(() -> Fault.parse("t", "acl:x#0:deny")).isInstanceOf(UsageException.class).hasMessageContaining("n from 1");
        assertThatThrownBy(() -> Fault.parse("t", "acl:x:deny")).isInstanceOf(UsageException.class).hasMessageContaining("<acl id>#<n>");
        assertThatThrownBy(() -> Fault.parse("t", "acl:x#1:drop")).isInstanceOf(UsageException.class)
                .hasMessageContaining("expected permit, deny or missing");
        List<Fault> none = List.of();
        assertThat(Emulator.inject(MODEL, none).model().network()).isEqualTo(NETWORK);
        assertThatThrownBy(() -> Emulator.inject(MODEL, List.of(Fault.parse("t", "acl:nope#1:deny"))))
                .isInstanceOf(UsageException.class).hasMessageContaining("no ACL nope");
        assertThatThrownBy(() -> Emulator.inject(MODEL, List.of(Fault.parse("t", "acl:edge-in#5:deny"))))
                .isInstanceOf(UsageException.class).hasMessageContaining("ACL edge-in has 3 entries");
        // Entry 4 of 3 is the implicit deny: it may permit, but not deny again or go missing.
        assertThatThrownBy(() -> Emulator.inject(MODEL, List.of(Fault.parse("t", "acl:edge-in#4:deny"))))
                .isInstanceOf(UsageException.class).hasMessageContaining("already denies");
        assertThatThrownBy(() -> Emulator.inject(MODEL, List.of(Fault.parse("t", "acl:edge-in#4:missing"))))
                .isInstanceOf(UsageException.class).hasMessageContaining("implicit final deny");
        Network open = Emulator.inject(MODEL, List.of(Fault.parse("t", "acl:edge-in#4:permit"))).model().network();
        assertThat(open.acl("edge-in").orElseThrow().entries()).hasSize(4)
                .last().isEqualTo(new AclEntry(AclEntry.Verdict.PERMIT, org.sonde.dataplane.model.Match.ANY));
        // 10.2/16 now passes; rA3 takes it to a dead end
        assertThat(new Forwarder(Model.of(open)).forward(PA, header((10L << 24) | (2L << 16), 9)).deadEnds()).containsExactly("acl:edge-in#4", "rA3");
        assertThatThrownBy(() -> Emulator.inject(MODEL, List.of(Fault.parse("t", "acl:edge-in#1:deny"))))
                .isInstanceOf(UsageException.class).hasMessageContaining("already denies");
        assertThatThrownBy(() -> Emulator.inject(MODEL, List.of(Fault.parse("t", "rule:acl:edge-in#1:drop"))))
                .isInstanceOf(UsageException.class).hasMessageContaining("an ACL entry takes");
        // Entries are numbered as in the model even when another fault removes an earlier one.
        Network both = Emulator.inject(MODEL, List.of(Fault.parse("t", "acl:edge-in#1:missing"), Fault.parse("t", "acl:edge-in#3:deny")))
                .model().network();
        assertThat(both.acl("edge-in").orElseThrow().entries()).extracting(AclEntry::verdict)
                .containsExactly(AclEntry.Verdict.PERMIT, AclEntry.Verdict.DENY);
    }
}
