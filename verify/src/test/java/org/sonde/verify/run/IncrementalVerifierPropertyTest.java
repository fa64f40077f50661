package org.sonde.verify.run;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.gen.DcnGenerator;
import org.sonde.verify.gen.FaultPlan;
import org.sonde.verify.gen.InetGenerator;
import org.sonde.verify.snapshot.RuleUpdate;
import org.sonde.verify.snapshot.Snapshot;

/**
 * After any sequence of rule updates, the incremental verdicts (black holes and reachability kept
 * per subnet graph, loops by a search from the changed switch) are those of a full check of the
 * resulting state from scratch, with every check on.
 */
class IncrementalVerifierPropertyTest {
    /** One update, its rule and switches picked by index into the snapshot at hand. */
    record Step(int kind, int rule, int target, int other) {}

    @Provide
    Arbitrary<List<Step>> steps() {
        return Combinators.combine(Arbitraries.integers().between(0, 6), Arbitraries.integers().greaterOrEqual(0),
                Arbitraries.integers().greaterOrEqual(0), Arbitraries.integers().greaterOrEqual(0)).as(Step::new).list().ofMinSize(1).ofMaxSize(25);
    }

    @Property(tries = 100)
    void dataCenterUpdatesAgreeWithAFullCheck(@ForAll("steps") List<Step> steps, @ForAll boolean faults) {
        Snapshot s = new DcnGenerator(7, 40).generate(faults ? new FaultPlan(1, 1, 1) : FaultPlan.NONE).snapshot();
        run(s, steps);
    }

    @Property(tries = 100)
    void backboneUpdatesAgreeWithAFullCheck(@ForAll("steps") List<Step> steps, @ForAll boolean faults) {
        // a mesh: fewer equal-cost paths than a data center, so a change moves distances further
        Snapshot s = new InetGenerator(3, 14, 30).generate(faults ? new FaultPlan(1, 1, 0) : FaultPlan.NONE).snapshot();
        run(s, steps);
    }

    private static void run(Snapshot s, List<Step> steps) {
        IncrementalVerifier v = new IncrementalVerifier(s, IncrementalVerifierTest.ALL, 1);
        for (Step step : steps) {
            int r = step.rule() % s.ruleCount();
            String sw = s.switchName(s.ruleSwitch(r));
            Ipv4Prefix p = s.rulePrefix(r);
            String target = s.switchName(step.target() % s.switchCount());
            String other = s.switchName(step.other() % s.switchCount());
            RuleUpdate u = switch (step.kind()) {
                // a black hole, or the next rule taking over
                case 0 -> new RuleUpdate(RuleUpdate.Op.DELETE, sw, p, List.of(), s.rulePriority(r));
                // next hops anywhere: loops, black holes at switches without a rule, switches cut off
                case 1 -> new RuleUpdate(RuleUpdate.Op.MODIFY, sw, p, List.of(target), s.rulePriority(r));
                case 2 -> new RuleUpdate(RuleUpdate.Op.MODIFY, sw, p, List.of(target, other), s.rulePriority(r));
                // a more specific rule that applies to part of the subnets
                case 3 -> new RuleUpdate(RuleUpdate.Op.ADD, sw, Ipv4Prefix.covering(p.address(), Math.min(32, p.length() + 1)),
                        List.of(target), s.rulePriority(r) + 1);
                // an explicit drop, which is no black hole
                case 4 -> new RuleUpdate(RuleUpdate.Op.ADD, target, p, List.of("drop"), s.rulePriority(r) + 1);
                // a new last hop: reachability grows, edge switches change
                case 5 -> new RuleUpdate(RuleUpdate.Op.ADD, target, p, List.of("deliver"), s.rulePriority(r) + 2);
                // a rule at a switch that had none for the prefix, at a priority below the others
                default -> new RuleUpdate(RuleUpdate.Op.ADD, target, p, List.of(other), s.rulePriority(r) - 1);
            };
            v.apply(u);
            IncrementalVerifierTest.assertSameAsFullCheck(v);
        }
    }
}
