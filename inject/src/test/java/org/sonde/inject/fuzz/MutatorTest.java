package org.sonde.inject.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.config.EventIntent;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.Traffic;
import org.sonde.inject.model.Endpoint;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.translate.Translator;

class MutatorTest {
    /** Loads through the user-file path, translates without conflicts, and stays in the target's space. */
    static void assertValid(Genome g, FuzzTarget target) {
        assertValidConfig(g);

        SearchSpace s = target.space();
        Traffic t = g.traffic();
        assertThat(s.verbs()).contains(t.verb());
        assertThat(t.numQps()).isBetween(s.numQps().min(), s.numQps().max());
        assertThat(t.messagesPerQp()).isBetween(s.messagesPerQp().min(), s.messagesPerQp().max());
        assertThat(t.messageSizeBytes()).isBetween((long) s.messageSize().min(), (long) s.messageSize().max());
        assertThat(s.mtus()).contains(t.mtu());
        assertThat(t.txDepth()).isBetween(s.txDepth().min(), s.txDepth().max());
        if (t.txDepth() > 1) assertThat(g.events()).allMatch(e -> e.action() instanceof EventAction.MarkEcn);
        int injected = g.injectedQps().size();
        assertThat(injected).isLessThanOrEqualTo(s.injectedQps().max());
        if (target.objective() == FuzzTarget.Objective.NOISY_NEIGHBOUR) assertThat(injected).isBetween(1, t.numQps() - 1);
        for (int qp : g.injectedQps()) {
            assertThat(g.events().stream().filter(e -> e.qpIndex() == qp).count()).isLessThanOrEqualTo(s.eventsPerQp().max());
        }
        for (EventIntent e : g.events()) assertThat(e.iteration()).isBetween(s.iterations().min(), s.iterations().max());
    }

    /** Loads through the user-file path and translates without conflicting events. */
    static void assertValidConfig(Genome g) {
        TestConfig c = g.toTest("mutant", "").config(); // throws BadInputException if the loader rejects it
        assertThat(c.traffic()).isEqualTo(g.traffic());
        assertThat(c.events()).hasSameSizeAs(g.events());
        List<QpPair> qps = new ArrayList<>();
        for (int i = 0; i < c.traffic().numQps(); i++) {
            qps.add(new QpPair(i, c.traffic().verbOfQp(i), new Endpoint(100 + i, 1000 * i, 0x0a000001, 1), new Endpoint(200 + i, 7, 0x0a000002, 2)));
        }
        Translator.translate(c, new TestMetadata(qps, c.traffic().messagesPerQp(), c.traffic().messageSizeBytes(), c.traffic().mtu()));
    }

    @Test
    void randomGenomesAndLongMutationChainsAreValidForBothBuiltInTargets() {
        for (FuzzTarget target : List.of(FuzzTarget.noisyNeighbour(), FuzzTarget.general())) {
            Mutator m = new Mutator(target);
            SplittableRandom r = new SplittableRandom(11);
            for (int chain = 0; chain < 15; chain++) {
                Genome g = m.random(r);
                assertValid(g, target);
                for (int i = 0; i < 40; i++) {
                    g = m.mutate(g, r);
                    assertValid(g, target);
                }
            }
        }
    }

    @Test
    void mutantsUsuallyDifferFromTheirParentAndExploreTheSpace() {
        FuzzTarget target = FuzzTarget.noisyNeighbour();
        Mutator m = new Mutator(target);
        SplittableRandom r = new SplittableRandom(5);
        Genome parent = m.random(r);
        int changed = 0;
        Set<Object> verbs = new HashSet<>(), sizes = new HashSet<>(), qps = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            Genome child = m.mutate(parent, r);
            if (!child.equals(parent)) changed++;
            verbs.add(child.traffic().verb());
            sizes.add(child.traffic().messageSizeBytes());
            qps.add(child.traffic().numQps());
        }
        assertThat(changed).isGreaterThan(150);
        assertThat(verbs).hasSize(3);
        assertThat(sizes.size()).isGreaterThan(3);
        assertThat(qps).hasSizeGreaterThan(1).contains(parent.traffic().numQps());
    }

    @Test
    void sameSeedSameGenomes() {
        Mutator m = new Mutator(FuzzTarget.noisyNeighbour());
        SplittableRandom a = new SplittableRandom(9), b = new SplittableRandom(9);
        Genome x = m.random(a), y = m.random(b);
        for (int i = 0; i < 30; i++) {
            assertThat(x).isEqualTo(y);
            x = m.mutate(x, a);
            y = m.mutate(y, b);
        }
    }

    @Test
    void aSingleValuedSpaceStillMutatesTheEvents() {
        SearchSpace s = SearchSpace.NOISY_NEIGHBOUR;
        SearchSpace fixed = new SearchSpace(List.of(org.sonde.inject.config.RdmaVerb.READ), new IntRange(36, 36), new IntRange(10, 10),
                new IntRange(20480, 20480), List.of(1024), new IntRange(1, 1), s.injectedQps(), s.eventsPerQp(), s.eventTypes(), s.iterations());
        FuzzTarget target = new FuzzTarget("fixed", FuzzTarget.Objective.NOISY_NEIGHBOUR, fixed, FuzzTarget.noisyNeighbour().weights(),
                new AnomalyRule(3, false, false), 4, 0.2);
        Mutator m = new Mutator(target);
        SplittableRandom r = new SplittableRandom(1);
        Genome g = m.random(r);
        Set<List<EventIntent>> seen = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            g = m.mutate(g, r);
            assertValid(g, target);
            seen.add(g.events());
        }
        assertThat(seen.size()).isGreaterThan(30);
    }
}
