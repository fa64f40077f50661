package org.sonde.probe.localize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LocalizerTest {
    private static Observation probe(int source, int target, boolean bad, int... path) {
        return new Observation(source, target, 40000, 80, path, 100, bad ? 10 : 0, bad);
    }

    /** Links 0..5; link 2 is faulty: every probe through it is bad, the others good. */
    private static List<Observation> oneFault() {
        return List.of(
                probe(0, 1, true, 0, 2, 4),
                probe(1, 0, true, 1, 2, 5),
                probe(2, 3, false, 0, 3, 5),
                probe(3, 2, false, 1, 3, 4),
                probe(0, 3, false, 0, 3),
                probe(1, 2, false, 1, 4));
    }

    @Test
    void everyMethodPutsTheOnlyConsistentLinkFirst() {
        for (Method m : Method.values()) {
            Localizer loc = new Localizer(6, oneFault(), 1);
            assertThat(loc.rank(m)[0]).as(m.word()).isEqualTo(2);
        }
    }

    @Test
    void suspectsCarryTheirEvidence() {
        List<Suspect> s = new Localizer(6, oneFault(), 1).suspects(Method.SHERLOCK, 2);
        assertThat(s.getFirst().link()).isEqualTo(2);
        assertThat(s.getFirst().probes()).isEqualTo(2);
        assertThat(s.getFirst().badProbes()).isEqualTo(2);
        assertThat(s.getFirst().worst()).allMatch(Suspect.PathEvidence::bad);
        assertThat(s.getFirst().worst().getFirst().path()).contains(2);
    }

    @Test
    void votesAreOneOverPathLength() {
        double[] v = new Localizer(6, oneFault(), 1).votes();
        assertThat(v[2]).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(v[0]).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(v[3]).isZero();
    }

    @Test
    void indistinguishableLinksTieAndTheSeedDecides() {
        // links 1 and 2 are always crossed together: no method can tell them apart
        List<Observation> obs = List.of(probe(0, 1, true, 0, 1, 2), probe(1, 0, false, 0, 3), probe(2, 1, true, 4, 1, 2), probe(1, 2, false, 4, 5));
        Set<Integer> firsts = new java.util.HashSet<>();
        for (long seed = 0; seed < 40; seed++) {
            int[] r = new Localizer(6, obs, seed).rank(Method.SHERLOCK);
            assertThat(Set.of(r[0], r[1])).containsExactlyInAnyOrder(1, 2);
            firsts.add(r[0]);
        }
        assertThat(firsts).containsExactlyInAnyOrder(1, 2);
    }

    @Test
    void unprobedLinksRankLast() {
        int[] r = new Localizer(8, oneFault(), 3).rank(Method.VOTING);
        assertThat(Set.of(r[6], r[7])).containsExactlyInAnyOrder(6, 7);
    }

    @Test
    void netBouncerRecoversPerLinkLossOnAnIdentifiableSystem() {
        // three links, paths over each pair and each alone; link 1 drops 20 %
        double[] x = {1, 0.8, 1};
        int[][] paths = {{0}, {1}, {2}, {0, 1}, {1, 2}, {0, 2}};
        List<Observation> obs = new ArrayList<>();
        for (int[] p : paths) {
            double y = 1;
            for (int l : p) y *= x[l];
            long lost = Math.round((1 - y) * 10000);
            obs.add(new Observation(0, 1, 1, 80, p, 10000, lost, lost > 0));
        }
        double[] loss = new Localizer(3, obs, 1).netBouncerLoss(Localizer.NETBOUNCER_LAMBDA, 50);
        assertThat(loss[1]).isCloseTo(0.2, within(0.01));
        assertThat(loss[0]).isCloseTo(0, within(0.01));
        assertThat(loss[2]).isCloseTo(0, within(0.01));
    }

    @Test
    void tomographyClearsLinksOnGoodPaths() {
        // link 0 is on a bad path but also on a good one: the failure set is {2}
        int[] r = new Localizer(6, oneFault(), 5).tomography();
        assertThat(r[0]).isEqualTo(2);
        // with a single bad probe whose other links are all cleared, its uncleared link is blamed first
        List<Observation> obs = List.of(probe(0, 1, true, 0, 5), probe(1, 0, false, 0, 1));
        assertThat(new Localizer(6, obs, 1).tomography()[0]).isEqualTo(5);
    }

    @Test
    void badAgentsAreSetAside() {
        List<Observation> obs = new ArrayList<>(oneFault());
        // agent 7 reports bad results towards all of its four targets
        for (int t = 0; t < 4; t++) obs.add(probe(7, t, true, 0, 3, 4));
        // agent 8 towards one of four
        for (int t = 0; t < 4; t++) obs.add(probe(8, t, t == 0, 1, 3, 5));
        BadAgents.Filtered f = BadAgents.DEFAULT.filter(obs);
        assertThat(f.badAgents()).containsExactly(7);
        assertThat(f.kept()).hasSize(obs.size() - 4).noneMatch(o -> o.source() == 7);
        // agents with too few targets are not judged
        assertThat(new BadAgents(5, 0.9).filter(obs).badAgents()).isEmpty();
        // without the filter agent 7's probes pull link 3 up; with it link 2 is first again
        assertThat(new Localizer(6, f.kept(), 1).rank(Method.SHERLOCK)[0]).isEqualTo(2);
    }

    @Test
    void anAgentWhoseBadProbesAllCrossOneLinkItsGoodOnesAvoidIsKept() {
        // agent 9's tuples to its four targets: three hash through link 6 and are bad, one avoids it
        // and is good; a failed link 6 explains that as well as a bad agent would, so it stays
        List<Observation> failedUplink = new ArrayList<>();
        for (int t = 0; t < 3; t++) failedUplink.add(probe(9, t, true, 0, 6, 10 + t));
        failedUplink.add(probe(9, 3, false, 0, 7, 13));
        failedUplink.add(probe(9, 3, true, 0, 6, 13));
        assertThat(BadAgents.DEFAULT.filter(failedUplink).badAgents()).isEmpty();
        assertThat(new Localizer(14, failedUplink, 1).rank(Method.SHERLOCK)[0]).isEqualTo(6);
        // a bad agent spoils probes on every path: its good probe shares links with its bad ones
        List<Observation> spoiled = new ArrayList<>();
        for (int t = 0; t < 4; t++) spoiled.add(probe(9, t, true, 0, 6 + t % 2, 10 + t));
        spoiled.add(probe(9, 3, false, 0, 6, 13));
        spoiled.add(probe(9, 3, false, 0, 7, 13));
        assertThat(BadAgents.DEFAULT.filter(spoiled).badAgents()).containsExactly(9);
        // with every probe bad nothing tells a link from the agent: it is set aside, as before
        List<Observation> allBad = new ArrayList<>();
        for (int t = 0; t < 4; t++) allBad.add(probe(9, t, true, 0, 6, 10 + t));
        assertThat(BadAgents.DEFAULT.filter(allBad).badAgents()).containsExactly(9);
    }
}
