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

    /**
     * Table 3.7: no change in the window is the fixed path, draw for draw; changes blamed on every path the
     * window saw make localisation worse, and a redundant cover (MSC-2) loses less of it than MSC-1.
     */
    @Test
    void pathChangesWithinTheWindowCostAccuracyAndRedundancyProtects() {
        SimulationOptions o = SimulationOptions.defaults(11).withTrials(200);
        assertThat(Simulation.run(SMALL_IDN, o.withPaths(new PathDynamics.Changes(0))).toMap().get("methods"))
                .isEqualTo(Simulation.run(SMALL_IDN, o).toMap().get("methods"));
        double msc1 = Simulation.run(SMALL_IDN, o.withAlpha(1)).main().top2(), msc1Changed = Simulation.run(SMALL_IDN,
                o.withAlpha(1).withPaths(new PathDynamics.Changes(3))).main().top2();
        double msc2Changed = Simulation.run(SMALL_IDN, o.withPaths(new PathDynamics.Changes(3))).main().top2();
        assertThat(msc1Changed).isLessThan(msc1).isLessThan(msc2Changed);
    }

    /**
     * Table 3.8: with paths changing (median lifetime 15 minutes in a 60-minute window), pings put on the path of
     * a traceroute 20 minutes old are localised worse than pings on their real paths (period 0), and the overhead
     * is every probe traced once a period.
     */
    @Test
    void staleTraceroutesCostAccuracyAndTracingCostsProbesPerPeriod() {
        SimulationOptions o = SimulationOptions.defaults(12).withTrials(200);
        SimulationResult ideal = Simulation.run(SMALL_IDN, o.withPaths(new PathDynamics.Traceroute(15, 0, 60)));
        SimulationResult stale = Simulation.run(SMALL_IDN, o.withPaths(new PathDynamics.Traceroute(15, 20, 60)));
        assertThat(stale.main().top1()).isLessThan(ideal.main().top1());
        assertThat(ideal.toMap()).doesNotContainKey("traceroutesPerSecond");
        assertThat(stale.toMap()).containsEntry("traceroutesPerSecond", Math.round(stale.probesPerRound() / 1200.0 * 10) / 10.0)
                .containsEntry("maxRouterTraceroutesPerSecond", Math.round(stale.maxRouterProbes() / 1200.0 * 10) / 10.0);
        // paths that never change in the window: the traceroute period makes no difference
        SimulationOptions few = o.withTrials(40);
        SimulationResult still = Simulation.run(SMALL_IDN, few.withPaths(new PathDynamics.Traceroute(1e12, 20, 60)));
        assertThat(still.toMap().get("methods")).isEqualTo(Simulation.run(SMALL_IDN, few.withPaths(new PathDynamics.Traceroute(1e12, 0, 60))).toMap().get("methods"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> o.withSinglePath(true).withPaths(new PathDynamics.Changes(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("single-path");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new PathDynamics.Traceroute(15, -1, 60))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("traceroute period");
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
