package org.sonde.verify.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sonde.verify.check.Check;
import org.sonde.verify.check.Violation;
import org.sonde.verify.check.ViolationType;
import org.sonde.verify.gen.DcnGenerator;
import org.sonde.verify.gen.FaultPlan;
import org.sonde.verify.gen.GeneratedNetwork;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.RuleUpdate;
import org.sonde.verify.snapshot.Snapshot;

/** Incremental checks give, after every update, what a full check of the resulting state gives. */
class IncrementalVerifierTest {
    static final EnumSet<Check> ALL = EnumSet.allOf(Check.class);

    static void assertSameAsFullCheck(IncrementalVerifier v) {
        List<Violation> full = new LocalBackend(2).verify(v.currentSnapshot(), ALL, VerifyProgress.NONE).violations();
        assertThat(v.violations()).isEqualTo(full);
        // the count a watch reports per stable state, kept without collecting the violations
        assertThat(v.violationCount()).isEqualTo(full.size());
    }

    @Test
    void randomRuleUpdatesOnADataCenter() {
        // 600 switches: slices of several hundred rules, more than the first buffer holds
        GeneratedNetwork g = new DcnGenerator(21, 600).generate(new FaultPlan(1, 1, 1));
        Snapshot s = g.snapshot();
        IncrementalVerifier v = new IncrementalVerifier(s, ALL, 2);
        assertThat(v.violations()).hasSize(new LocalBackend(2).verify(s, ALL, VerifyProgress.NONE).violations().size());
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 60; i++) {
            int r = random.nextInt(s.ruleCount());
            String sw = s.switchName(s.ruleSwitch(r));
            Ipv4Prefix p = s.rulePrefix(r);
            RuleUpdate u = switch (random.nextInt(4)) {
                case 0 -> new RuleUpdate(RuleUpdate.Op.DELETE, sw, p, List.of(), s.rulePriority(r));
                case 1 -> new RuleUpdate(RuleUpdate.Op.MODIFY, sw, p, List.of(s.switchName(random.nextInt(s.switchCount()))), s.rulePriority(r));
                case 2 -> new RuleUpdate(RuleUpdate.Op.ADD, sw, Ipv4Prefix.covering(p.address(), Math.min(32, p.length() + 1)),
                        List.of(s.switchName(random.nextInt(s.switchCount()))), s.rulePriority(r) + 1);
                default -> new RuleUpdate(RuleUpdate.Op.ADD, sw, p, List.of("drop"), s.rulePriority(r) - 1);
            };
            UpdateOutcome o = v.apply(u);
            assertThat(o.applied()).isTrue();
            if (i % 6 == 0) assertSameAsFullCheck(v);
        }
        assertSameAsFullCheck(v);
    }

    @Test
    void aLoopAddedAndRemovedAgain() {
        GeneratedNetwork g = new DcnGenerator(22, 100).generate(FaultPlan.NONE);
        IncrementalVerifier v = new IncrementalVerifier(g.snapshot(), ALL, 1);
        assertThat(v.violations()).isEmpty();
        Ipv4Prefix subnet = g.snapshot().subnet(0); // a subnet of tor-000-00
        RuleUpdate loop = new RuleUpdate(RuleUpdate.Op.ADD, "agg-000-0", subnet, List.of("tor-000-01"), 200);
        UpdateOutcome added = v.apply(loop);
        assertThat(added.affected()).isEqualTo(1);
        assertThat(added.appeared()).singleElement().satisfies(l -> {
            assertThat(l.type()).isEqualTo(ViolationType.LOOP);
            assertThat(l.switches()).containsExactly("agg-000-0", "tor-000-01");
        });
        UpdateOutcome removed = v.apply(new RuleUpdate(RuleUpdate.Op.DELETE, "agg-000-0", subnet, List.of(), 200));
        assertThat(removed.cleared()).hasSize(1);
        assertThat(v.violations()).isEmpty();
        assertThat(v.apply(new RuleUpdate(RuleUpdate.Op.DELETE, "agg-000-0", subnet, List.of(), 200)).applied()).isFalse();
    }

    @Test
    void subnetsAddedAndRemoved() {
        GeneratedNetwork g = new DcnGenerator(23, 100).generate(new FaultPlan(0, 1, 0));
        IncrementalVerifier v = new IncrementalVerifier(g.snapshot(), ALL, 1);
        Ipv4Prefix faulty = g.planted().getFirst().subnetPrefix();
        assertThat(v.violations()).isNotEmpty();
        assertThat(v.removeSubnet(faulty).cleared()).isNotEmpty();
        assertThat(v.violations()).isEmpty();
        assertThat(v.violationCount()).isZero(); // a removed subnet's violations are not counted
        // a /25 inside the faulty subnet: matched by the same rules, so it has the black hole too
        Ipv4Prefix half = new Ipv4Prefix(faulty.address(), 25);
        UpdateOutcome added = v.addSubnet(half);
        assertThat(added.appeared()).extracting(x -> x.type()).contains(ViolationType.BLACKHOLE);
        assertSameAsFullCheck(v);
        // a rule update reaches the added subnet too
        String hole = g.planted().getFirst().switches().getFirst();
        String tor = g.snapshot().switchNames().stream().filter(n -> n.startsWith("tor-")).findFirst().orElseThrow();
        v.apply(new RuleUpdate(RuleUpdate.Op.ADD, hole, faulty, List.of(tor), 100));
        assertSameAsFullCheck(v);
    }
}
