package org.sonde.probe.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.sonde.probe.localize.BadAgents;
import org.sonde.probe.localize.Method;
import org.sonde.probe.plan.CoverPolicy;
import org.sonde.probe.plan.PlanOptions;
import org.sonde.probe.plan.Planner;
import org.sonde.probe.plan.Strategy;
import org.sonde.probe.topology.Generators;
import org.sonde.probe.topology.Topology;

class SimulationTest {
    private static final Topology SMALL_IDN = Generators.idn(16, 20, 3, 5);

    @Test
    void sameSeedSameResult() {
        SimulationOptions o = SimulationOptions.defaults(9).withTrials(60);
        assertThat(Simulation.run(SMALL_IDN, o).json()).isEqualTo(Simulation.run(SMALL_IDN, o).json());
        assertThat(Simulation.run(SMALL_IDN, o.withTrials(60)).json()).isNotEqualTo(Simulation.run(SMALL_IDN, SimulationOptions.defaults(10).withTrials(60)).json());
    }

    @Test
    void reportsThePlansOverhead() {
        SimulationResult r = Simulation.run(SMALL_IDN, SimulationOptions.defaults(1).withTrials(20));
        assertThat(r.probesPerRound()).isEqualTo(Planner.plan(SMALL_IDN, PlanOptions.defaults(1)).probesPerRound());
        assertThat(r.coverage()).isEqualTo(1.0);
        assertThat(r.main().top1()).isLessThanOrEqualTo(r.main().top2());
        assertThat(r.main().top2()).isLessThanOrEqualTo(r.main().top3());
    }

    @Test
    void aSingleLossyLinkIsFoundOnAFatTree() {
        SimulationResult r = Simulation.run(Generators.fatTree(4), SimulationOptions.defaults(3).withTrials(200));
        assertThat(r.main().top3()).isGreaterThan(0.9);
        // the fat-tree's probes with MSC-2 reach every link of the fabric
        assertThat(r.coverage()).isEqualTo(1.0);
    }

    @Test
    void planningBeatsIgnoringMultipath() {
        SimulationOptions o = SimulationOptions.defaults(4).withTrials(200);
        SimulationResult planned = Simulation.run(SMALL_IDN, o);
        SimulationResult single = Simulation.run(SMALL_IDN, o.withSinglePath(true));
        assertThat(single.coverage()).isLessThan(1.0);
        assertThat(single.main().top3()).isLessThan(planned.main().top3());
    }

    @Test
    void moreFailuresAreHarderAndNeedMoreSuspects() {
        SimulationOptions o = SimulationOptions.defaults(5).withTrials(150);
        SimulationResult two = Simulation.run(SMALL_IDN, o.withFailures(2));
        // two failures never both fit in the top 1
        assertThat(two.main().top1()).isZero();
        assertThat(two.main().top2()).isLessThan(Simulation.run(SMALL_IDN, o).main().top2());
    }

    @Test
    void theBadAgentFilterRestoresAccuracy() {
        SimulationOptions o = SimulationOptions.defaults(6).withTrials(200);
        SimulationResult unfiltered = Simulation.run(SMALL_IDN, o.withBadAgents(0.1, null));
        SimulationResult filtered = Simulation.run(SMALL_IDN, o.withBadAgents(0.1, BadAgents.DEFAULT));
        assertThat(unfiltered.meanBadAgents()).isGreaterThan(0.5);
        assertThat(filtered.meanFiltered()).isGreaterThan(0);
        assertThat(filtered.main().top1()).isGreaterThan(unfiltered.main().top1());
    }

    @Test
    void everyMethodIsMeasuredOnTheSameProbes() {
        SimulationResult r = Simulation.run(SMALL_IDN, SimulationOptions.defaults(7).withTrials(50).withMethod(Method.VOTING)
                .withCover(new CoverPolicy.Inflation(1)).withStrategy(Strategy.RANDOM_PAIRS));
        assertThat(r.accuracy()).containsOnlyKeys(Method.values());
        assertThat(r.main()).isSameAs(r.accuracy().get(Method.VOTING));
        assertThat(r.toMap()).containsKeys("trials", "accuracy", "probesPerRound");
    }
}
