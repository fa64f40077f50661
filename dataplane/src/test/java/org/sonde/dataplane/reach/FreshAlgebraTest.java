package org.sonde.dataplane.reach;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.io.apkeep.StanfordApkeepImport;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.testkit.Datasets;

/**
 * A worker that starts a fresh algebra between two sources (to drop the dead BDD nodes of those
 * done) finds what one algebra finds: the same pairs, headers, examples, loops and exercised
 * elements, and tells its listener the same steps and paths, numbered on.
 */
class FreshAlgebraTest {
    /** What a listener heard, in order: "s element parent" and "p source destination example last". */
    private static final class Heard implements PathListener {
        final List<String> told = new ArrayList<>();

        @Override
        public void step(int element, int parent) {
            told.add("s " + element + " " + parent);
        }

        @Override
        public void path(int source, int destination, long[] example, int last) {
            told.add("p " + source + " " + destination + " " + Arrays.toString(example) + " " + last);
        }

        @Override
        public boolean wants(int destination) {
            return true;
        }
    }

    @Test
    void randomNetworksGiveTheSameResultWithAFreshAlgebraPerSource() {
        Random random = new Random(20261128);
        for (int trial = 0; trial < 200; trial++) {
            Network n = RandomNetworkTest.randomNetwork(random, 2 + random.nextInt(3));
            Map<String, Integer> sinks = new HashMap<>();
            if (random.nextBoolean()) n = org.sonde.dataplane.model.RandomNetworks.withAcls(n, random);
            if (random.nextBoolean()) n = RandomNetworkTest.withSinks(n, sinks);
            List<Integer> sources = n.ports().stream().map(Port::id).toList();
            sameEitherWay("trial " + trial, n, ReachOptions.from(sources).withWorkers(1).withAclDenySinks(sinks));
        }
    }

    /** stanford-apkeep with its ACLs, deny entries flipped into a sink, one and two workers. */
    @Tag("datasets")
    @Test
    void stanfordGivesTheSameResultWithAFreshAlgebraPerSource() {
        Map<String, Integer> sinks = new HashMap<>();
        Network n = RandomNetworkTest.withSinks(StanfordApkeepImport.load(Datasets.dir("stanford-apkeep")).network(), sinks);
        List<Integer> ports = n.ports().stream().map(Port::id).toList();
        List<Integer> sources = new ArrayList<>();
        for (int i = 0; i < ports.size(); i += 64) sources.add(ports.get(i));
        ReachOptions options = ReachOptions.from(sources).withHistoriesPerPair(1).withAclDenySinks(sinks);
        sameEitherWay("stanford-apkeep, one worker", n, options.withWorkers(1));
        ReachResult one = Reachability.compute(n, options.withWorkers(2));
        ReachResult fresh = Reachability.compute(n, options.withWorkers(2).withAlgebraNodes(1));
        assertSame("stanford-apkeep, two workers", one, fresh);
        // Each worker's first algebra is not fresh; both workers take a source unless one is slow to start.
        assertThat(fresh.timings().freshAlgebras()).isBetween(sources.size() - 2, sources.size() - 1);
        assertThat(one.paths()).isPositive();
    }

    private static void sameEitherWay(String what, Network n, ReachOptions options) {
        Heard kept = new Heard(), renewed = new Heard();
        ElementIds ids = new ElementIds(n);
        ReachResult one = Reachability.compute(n, options, ids, supplier(kept));
        // A limit of one node: every source after the first starts a fresh algebra.
        ReachResult fresh = Reachability.compute(n, options.withAlgebraNodes(1), ids, supplier(renewed));
        assertSame(what, one, fresh);
        assertThat(one.timings().freshAlgebras()).as(what + ": an algebra the heap allows").isZero();
        assertThat(fresh.timings().freshAlgebras()).as(what + ": one per source after the first").isEqualTo(options.sources().size() - 1);
        assertThat(renewed.told).as(what + ": what the listener heard").isEqualTo(kept.told);
    }

    private static Supplier<PathListener> supplier(PathListener listener) {
        return () -> listener;
    }

    private static void assertSame(String what, ReachResult one, ReachResult fresh) {
        assertThat(fresh.pairs()).as(what + ": pairs").isEqualTo(one.pairs());
        assertThat(fresh.loops()).as(what + ": loops").isEqualTo(one.loops());
        assertThat(fresh.exercisedRules()).as(what + ": rules").isEqualTo(one.exercisedRules());
        assertThat(fresh.exercisedLinks()).as(what + ": links").isEqualTo(one.exercisedLinks());
        assertThat(fresh.paths()).as(what + ": paths").isEqualTo(one.paths());
    }
}
