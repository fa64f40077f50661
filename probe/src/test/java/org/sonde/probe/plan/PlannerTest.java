package org.sonde.probe.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.probe.topology.Generators;
import org.sonde.probe.topology.Topology;

class PlannerTest {
    @Test
    void fatTreePlanCoversEveryLinkWithFewerProbesThanAllPairs() {
        Topology t = Generators.fatTree(4);
        Plan msc = Planner.plan(t, PlanOptions.defaults(1));
        Plan all = Planner.plan(t, PlanOptions.defaults(1).withStrategy(Strategy.ALL_PAIRS));
        assertThat(msc.coveredLinks()).isEqualTo(msc.reachableLinks()).isEqualTo(t.links().size());
        assertThat(all.pairs()).isEqualTo(16 * 15);
        assertThat(msc.probesPerRound()).isLessThan(all.probesPerRound() / 2);
        assertThat(msc.maxRouterProbes()).isLessThan(all.maxRouterProbes());
        for (Plan.AgentPlan a : msc.agents())
            for (Plan.Target tg : a.targets()) {
                Set<Tuple> distinct = new HashSet<>(tg.tuples());
                assertThat(distinct).hasSameSizeAs(tg.tuples());
                assertThat(tg.tuples()).allMatch(u -> u.sourcePort() >= Planner.FIRST_PORT && u.sourcePort() <= Planner.LAST_PORT && u.destinationPort() == 80);
            }
        // the seed decides the ports: same seed, same plan
        assertThat(Planner.plan(t, PlanOptions.defaults(1))).isEqualTo(msc);
        assertThat(Planner.plan(t, PlanOptions.defaults(2))).isNotEqualTo(msc);
    }

    @Test
    void confidenceCoverUsesTheCouponCollectorCount() {
        Topology t = Generators.fatTree(4);
        Plan p = Planner.plan(t, PlanOptions.defaults(1).withCover(new CoverPolicy.Confidence(0.9)).withStrategy(Strategy.ALL_PAIRS));
        Plan.Target interPod = p.agents().getFirst().targets().stream().filter(x -> x.agent().equals("h15")).findFirst().orElseThrow();
        // h0 -> h15 crosses 4 equally likely core links, and 2 aggregation links each way: at least the 4-coupon k
        assertThat(interPod.tuples().size()).isGreaterThanOrEqualTo(org.sonde.probe.cover.CouponCollector.smallest(4, 0.9).tuples());
    }

    @Test
    void limitsStretchTheRound() {
        Topology t = Generators.fatTree(4);
        Plan free = Planner.plan(t, PlanOptions.defaults(1));
        int busiest = free.agents().stream().mapToInt(Plan.AgentPlan::probes).max().orElseThrow();
        Plan limited = Planner.plan(t, PlanOptions.defaults(1).withLimits(new Limits(1, 0)));
        assertThat(limited.roundMillis()).isEqualTo(Math.max(3000, busiest * 1000L));
        Plan routers = Planner.plan(t, PlanOptions.defaults(1).withLimits(new Limits(0, 2)));
        assertThat(routers.roundMillis() * 2 / 1000.0).isGreaterThanOrEqualTo(free.maxRouterProbes() - 1e-9);
    }

    @Test
    void roundTripsThroughJson(@TempDir Path dir) {
        Topology t = Generators.fatTree(4);
        Limits limits = new Limits(50, 0);
        Plan p = Planner.plan(t, PlanOptions.defaults(3).withLimits(limits));
        PlanJson.write(p, limits, dir.resolve("plan"), "--out");
        assertThat(dir.resolve("plan/agents/h0.json")).exists();
        assertThat(dir.resolve("plan/agents/h0.xml")).content().startsWith("<?xml").contains("<Testlist server=\"h0\"");
        PlanJson.Loaded back = PlanJson.read(dir.resolve("plan/plan.json"), t);
        assertThat(back.plan().agents()).isEqualTo(p.agents());
        assertThat(back.plan().probesPerRound()).isEqualTo(p.probesPerRound());
        assertThat(back.plan().coveredLinks()).isEqualTo(p.coveredLinks());
        assertThat(back.limits()).isEqualTo(limits);
    }

    private static void rejects(String json, Topology t, String location, String problem) {
        assertThatThrownBy(() -> PlanJson.parse(json, "plan.json", t)).isInstanceOf(BadInputException.class).satisfies(e -> {
            BadInputException b = (BadInputException) e;
            assertThat(b.location()).isEqualTo(location);
            assertThat(b.problem()).contains(problem);
        });
    }

    private static String plan(String agents) {
        return "{\"format\":\"sonde-probe-plan\",\"version\":1,\"roundMillis\":1000,\"limits\":{\"agentProbesPerSecond\":2,\"routerProbesPerSecond\":0},\"agents\":[" + agents + "]}";
    }

    @Test
    void loadingNamesThePlaceOfEachProblem() {
        Topology t = Generators.fatTree(4);
        String ok = "{\"agent\":\"h0\",\"address\":\"10.0.0.1\",\"targets\":[{\"agent\":\"h5\",\"address\":\"10.0.0.6\",\"tuples\":[{\"sourcePort\":40000,\"destinationPort\":80}]}]}";
        assertThat(PlanJson.parse(plan(ok), "plan.json", t).plan().probesPerRound()).isEqualTo(1);
        rejects(plan(ok.replace("\"h0\"", "\"h99\"")), t, "agents[0].agent", "unknown agent h99");
        rejects(plan(ok.replace("\"h5\"", "\"h0\"")), t, "agents[0].targets[0].agent", "probes itself");
        rejects(plan(ok.replace("40000", "70000")), t, "agents[0].targets[0].tuples[0].sourcePort", "expected 1..65535");
        rejects(plan(ok.replace("40000", "\"x\"")), t, "agents[0].targets[0].tuples[0].sourcePort", "expected a whole number");
        rejects(plan(ok.replace("\"sourcePort\"", "\"srcPort\"")), t, "agents[0].targets[0].tuples[0].srcPort", "unknown field");
        String three = ok.replace("{\"sourcePort\":40000,\"destinationPort\":80}",
                "{\"sourcePort\":40000,\"destinationPort\":80},{\"sourcePort\":40001,\"destinationPort\":80},{\"sourcePort\":40002,\"destinationPort\":80}");
        rejects(plan(three), t, "agents[0]", "above the limit of 2.0/s");
        String repeated = ok.replace("{\"sourcePort\":40000,\"destinationPort\":80}", "{\"sourcePort\":40000,\"destinationPort\":80},{\"sourcePort\":40000,\"destinationPort\":80}");
        rejects(plan(repeated), t, "agents[0].targets[0].tuples[1]", "repeats an earlier one");
        rejects(plan(ok).replace("sonde-probe-plan", "other"), t, "format", "expected");
        rejects("{\"format\":\"sonde-probe-plan\",\"version\":1,\"roundMillis\":1000,\"agents\":[]}", t, "limits", "missing");
        assertThatThrownBy(() -> PlanJson.parse("{\"agents\": [", "plan.json", t)).isInstanceOf(BadInputException.class).hasMessageContaining("plan.json: line 1");
    }

    @Test
    void writesNothingWhenTheTargetIsAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("taken");
        Files.writeString(file, "x");
        Topology t = Generators.fatTree(2);
        Plan p = Planner.plan(t, PlanOptions.defaults(1));
        assertThatThrownBy(() -> PlanJson.write(p, Limits.NONE, file, "--out")).isInstanceOf(org.sonde.core.SondeException.class);
        assertThat(Files.readString(file)).isEqualTo("x");
    }
}
