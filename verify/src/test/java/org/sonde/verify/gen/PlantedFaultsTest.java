package org.sonde.verify.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sonde.verify.check.Check;
import org.sonde.verify.check.Violation;
import org.sonde.verify.check.ViolationType;
import org.sonde.verify.run.LocalBackend;
import org.sonde.verify.run.VerificationResult;
import org.sonde.verify.run.VerifyProgress;

/** Every planted fault is found, and nothing else, on three seeds of each generator (scaled down). */
class PlantedFaultsTest {
    static List<PlantedFault> asTruth(List<Violation> violations) {
        return violations.stream().map(v -> new PlantedFault(v.type(), v.subnetPrefix(), v.switches(), "")).toList();
    }

    static void assertFoundExactly(GeneratedNetwork g, VerificationResult r) {
        assertThat(r.violations()).extracting(Violation::type, Violation::subnet, Violation::switches)
                .containsExactlyInAnyOrderElementsOf(g.planted().stream()
                        .map(p -> org.assertj.core.groups.Tuple.tuple(p.type(), p.subnet(), p.switches())).toList());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void dcnFaultsAreFoundAndNothingElse(long seed) {
        GeneratedNetwork g = new DcnGenerator(seed, 600).generate(new FaultPlan(3, 3, 2));
        assertThat(g.planted()).hasSize(8);
        VerificationResult r = new LocalBackend(2).verify(g.snapshot(), EnumSet.of(Check.LOOPS, Check.BLACKHOLES, Check.WAYPOINTS), VerifyProgress.NONE);
        assertFoundExactly(g, r);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void inetFaultsAreFoundAndNothingElse(long seed) {
        GeneratedNetwork g = new InetGenerator(seed, 40, 3000).generate(new FaultPlan(3, 3, 0));
        VerificationResult r = new LocalBackend(2).verify(g.snapshot(), EnumSet.of(Check.LOOPS, Check.BLACKHOLES), VerifyProgress.NONE);
        assertFoundExactly(g, r);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2})
    void unfaultedNetworksAreClean(long seed) {
        EnumSet<Check> all = EnumSet.allOf(Check.class);
        assertThat(new LocalBackend(2).verify(new DcnGenerator(seed, 300).generate(FaultPlan.NONE).snapshot(), all, VerifyProgress.NONE).violations()).isEmpty();
        assertThat(new LocalBackend(2).verify(new InetGenerator(seed, 30, 2000).generate(FaultPlan.NONE).snapshot(), all, VerifyProgress.NONE).violations()).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void aBlackHoleLeavesTheSwitchesBehindItUnableToReach() {
        GeneratedNetwork g = new DcnGenerator(5, 300).generate(new FaultPlan(0, 1, 0));
        VerificationResult r = new LocalBackend(2).verify(g.snapshot(), EnumSet.of(Check.REACHABILITY), VerifyProgress.NONE);
        assertThat(r.violations()).singleElement().satisfies(v -> {
            assertThat(v.type()).isEqualTo(ViolationType.UNREACHABLE);
            assertThat(v.subnet()).isEqualTo(g.planted().getFirst().subnet());
            assertThat(v.switches()).containsAll(g.planted().getFirst().switches());
        });
    }

    @org.junit.jupiter.api.Test
    void generationIsDeterministic() {
        GeneratedNetwork a = new DcnGenerator(9, 300).generate(new FaultPlan(1, 1, 1));
        GeneratedNetwork b = new DcnGenerator(9, 300).generate(new FaultPlan(1, 1, 1));
        assertThat(a.truthJson()).isEqualTo(b.truthJson());
        assertThat(a.snapshot().ruleCount()).isEqualTo(b.snapshot().ruleCount());
        for (int r = 0; r < a.snapshot().ruleCount(); r += 7)
            assertThat(a.snapshot().ruleNextHops(r)).isEqualTo(b.snapshot().ruleNextHops(r));
    }
}
