package org.sonde.probe.localize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;
import org.sonde.probe.plan.Plan;
import org.sonde.probe.plan.PlanOptions;
import org.sonde.probe.plan.Planner;
import org.sonde.probe.plan.Tuple;
import org.sonde.probe.topology.Agent;
import org.sonde.probe.topology.PathSet;
import org.sonde.probe.topology.Routes;
import org.sonde.probe.topology.Topology;
import org.sonde.probe.topology.Generators;

class DiagnosisTest {
    private static final Topology FAT = Generators.fatTree(4);

    /** The plan's probes as CSV rows for one window, losing 10 of 100 pings through {@code faulty}. */
    private static String results(String faulty, long window, long seed) {
        int bad = FAT.linkIndex(faulty);
        Plan plan = Planner.plan(FAT, PlanOptions.defaults(1));
        Routes routes = new Routes(FAT);
        SplittableRandom rnd = new SplittableRandom(seed);
        StringBuilder sb = new StringBuilder();
        for (Plan.AgentPlan a : plan.agents()) {
            Agent src = FAT.agent(a.agent());
            for (Plan.Target t : a.targets()) {
                PathSet p = routes.between(src, FAT.agent(t.agent()));
                for (Tuple u : t.tuples()) {
                    int[] path = p.path(node -> rnd.nextDouble());
                    StringBuilder hops = new StringBuilder(a.agent());
                    boolean lossy = false;
                    for (int l : path) {
                        hops.append(' ').append(FAT.node(FAT.link(l).to()).name());
                        lossy |= l == bad;
                    }
                    sb.append(window).append(',').append(a.agent()).append(',').append(t.agent()).append(',').append(u.sourcePort()).append(',')
                            .append(u.destinationPort()).append(',').append(hops).append(",100,").append(lossy ? 10 : 0).append(",\n");
                }
            }
        }
        return sb.toString();
    }

    @Test
    void findsTheLossyLinkWithItsEvidence() {
        String csv = ResultsCsv.HEADER + "\n" + results("agg0-1->core2", 1, 1) + results("agg0-1->core3", 2, 2);
        var rows = ResultsCsv.parse(csv, "r.csv", FAT);
        Diagnosis.Result r = Diagnosis.localize(FAT, rows, "r.csv", Diagnosis.Options.defaults());
        // the last window is localised by default
        assertThat(r.window()).isEqualTo(2);
        assertThat(r.badProbes()).isPositive();
        // the faulty link leads, or ties with links no probe of this window tells apart from it
        // (crossed by exactly the same probes): those have the same score and rank before it only by the seeded tie-break
        Suspect culprit = r.suspects().stream().filter(x -> FAT.link(x.link()).id().equals("agg0-1->core3")).findFirst().orElseThrow();
        assertThat(culprit.badProbes()).isEqualTo(culprit.probes()).isPositive();
        for (Suspect x : r.suspects()) {
            if (x == culprit) break;
            assertThat(x.score()).isEqualTo(culprit.score());
            assertThat(x.worst()).extracting(Suspect.PathEvidence::sourcePort).containsExactlyInAnyOrderElementsOf(
                    culprit.worst().stream().map(Suspect.PathEvidence::sourcePort).toList());
        }
        assertThat(r.rankings().get(Method.TOMOGRAPHY).subList(0, 2)).contains("agg0-1->core3");
        assertThat(r.json()).contains("\"link\" : \"agg0-1->core3\"").contains("\"path\" : [ \"h");
        // an earlier window by number: its verdicts are its own rows'
        String w1 = results("agg0-1->core2", 1, 1);
        long lossy = w1.lines().filter(l -> l.endsWith(",10,")).count();
        Diagnosis.Result first = Diagnosis.localize(FAT, rows, "r.csv", new Diagnosis.Options(1, 0.01, 50, BadAgents.DEFAULT, Method.SHERLOCK, 3));
        assertThat(first.window()).isEqualTo(1);
        assertThat(first.badProbes()).isEqualTo((int) lossy);
        assertThat(first.probes()).isEqualTo((int) w1.lines().count());
    }

    @Test
    void aLatencySpikeOverTheLastThreeWindowsMakesAProbeBad() {
        String path = "h0 edge0-0 agg0-0 edge0-1 h2";
        StringBuilder csv = new StringBuilder(ResultsCsv.HEADER).append('\n');
        double[] p99 = {100, 30, 30, 30, 85};
        for (int w = 0; w < p99.length; w++) csv.append(w).append(",h0,h2,40000,80,").append(path).append(",100,0,").append(p99[w]).append('\n');
        // the other tuple rose by 40 ms only
        for (int w = 0; w < p99.length; w++) csv.append(w).append(",h0,h2,40001,80,").append(path).append(",100,0,").append(w == 4 ? 70 : 30).append('\n');
        Diagnosis.Result r = Diagnosis.localize(FAT, ResultsCsv.parse(csv.toString(), "r.csv", FAT), "r.csv", Diagnosis.Options.defaults());
        // baseline: windows 1..3 (30 ms), not window 0: 85 - 30 > 50 is a spike, 70 - 30 is not
        assertThat(r.badProbes()).isEqualTo(1);
    }

    private static void rejects(String body, String location, String problem) {
        assertThatThrownBy(() -> ResultsCsv.parse(ResultsCsv.HEADER + "\n" + body, "r.csv", FAT)).isInstanceOf(BadInputException.class).satisfies(e -> {
            BadInputException b = (BadInputException) e;
            assertThat(b.location()).isEqualTo(location);
            assertThat(b.problem()).contains(problem);
        });
    }

    @Test
    void csvErrorsNameLineAndColumn() {
        rejects("1,h0,h2,40000,80,h0 edge0-0 h2,100,0,\n", "line 2, path", "no link from edge0-0 to h2");
        rejects("1,h0,h2,40000,80,h0 edge0-0 agg0-0 edge0-1 h2,100,0,\n1,h0,h99,40000,80,h0 edge0-0 h1,100,0,\n", "line 3, target", "unknown agent h99");
        rejects("1,h0,h2,4e4,80,h0 edge0-0 agg0-0 edge0-1 h2,100,0,\n", "line 2, sourcePort", "expected a whole number");
        rejects("1,h0,h2,40000,80,h0 edge0-0 agg0-0 edge0-1 h2,100,101,\n", "line 2, lost", "expected 0..100");
        rejects("1,h0,h2,40000,80,h1 edge0-0 agg0-0 edge0-1 h2,100,0,\n", "line 2, path", "not at the source h0");
        rejects("1,h0,h2,40000,80,h0 edge0-0 agg0-0 edge0-1 h2,100,0,fast\n", "line 2, p99Millis", "expected milliseconds or nothing");
        rejects("1,h0,h2,40000\n", "line 2", "expected 9 comma-separated fields");
        assertThatThrownBy(() -> ResultsCsv.parse("source,target\n", "r.csv", FAT)).isInstanceOf(BadInputException.class).hasMessageContaining("line 1");
    }
}
