package org.sonde.probe.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.sonde.probe.topology.EdgeList;
import org.sonde.probe.topology.Generators;
import org.sonde.probe.topology.Routes;
import org.sonde.probe.topology.Topology;

class MscAlphaTest {
    /** Fig. 3.1: routers in a chain, a host on each. */
    static Topology chain() {
        return EdgeList.parse("""
                router r1
                router r2
                router r3
                router r4
                host h1 agent 1
                host h2 agent 2
                host h3 agent 3
                host h4 agent 4
                link r1 r2
                link r2 r3
                link r3 r4
                link h1 r1
                link h2 r2
                link h3 r3
                link h4 r4
                """, "chain");
    }

    @Test
    void plainCoverOfTheChainStartsWithTheTwoEndToEndProbes() {
        Topology t = chain();
        List<Candidate> c = Planner.candidates(new Routes(t), new CoverPolicy.Inflation(1));
        int[] chosen = MscAlpha.select(c, t.links().size(), 1);
        // h1 -> h4 and h4 -> h1 each cover 5 links (all inter-router links in one direction); the
        // hosts r2 and r3 carry need one more pair each way between them
        assertThat(c.get(chosen[0]).source().name() + ">" + c.get(chosen[0]).target().name()).isEqualTo("h1>h4");
        assertThat(c.get(chosen[1]).source().name() + ">" + c.get(chosen[1]).target().name()).isEqualTo("h4>h1");
        assertThat(chosen).hasSize(4);
        assertThat(java.util.Arrays.stream(counts(c, chosen, t.links().size())).min().orElseThrow()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void costNormalisationPrefersTheCheaperCover() {
        // two pairs reach the same links; the one with fewer tuples wins
        Topology t = Generators.fatTree(4);
        List<Candidate> c = Planner.candidates(new Routes(t), new CoverPolicy.Inflation(2));
        Candidate a = c.get(0);
        Candidate expensive = new Candidate(a.source(), a.target(), a.traversal(), a.tuples() * 5);
        int[] chosen = MscAlpha.select(List.of(expensive, a), t.links().size(), 1);
        assertThat(chosen).containsExactly(1);
    }

    private static int[] counts(List<Candidate> c, int[] chosen, int links) {
        int[] n = new int[links];
        for (int i : chosen) for (int l : c.get(i).links()) n[l]++;
        return n;
    }

    @Property(tries = 20)
    void everyLinkIsCoveredAlphaTimesOrByEveryPairThatCan(@ForAll @IntRange(min = 1, max = 4) int alpha, @ForAll long seed) {
        Topology t = Generators.idn(8, 10, 3, seed);
        List<Candidate> c = Planner.candidates(new Routes(t), new CoverPolicy.Inflation(1 + Math.floorMod(seed, 3)));
        int links = t.links().size();
        int[] chosen = MscAlpha.select(c, links, alpha);
        int[] got = counts(c, chosen, links);
        int[] possible = new int[links];
        for (Candidate x : c) for (int l : x.links()) possible[l]++;
        for (int l = 0; l < links; l++) assertThat(got[l]).as("link %s", t.link(l).id()).isGreaterThanOrEqualTo(Math.min(alpha, possible[l]));
        // no pair is chosen twice, and a higher alpha never needs fewer pairs
        assertThat(java.util.Arrays.stream(chosen).distinct().count()).isEqualTo(chosen.length);
        assertThat(MscAlpha.select(c, links, alpha + 1).length).isGreaterThanOrEqualTo(chosen.length);
    }
}
