package org.sonde.search.space;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * A long walk of mutations visits the space as random points do: mutation is a sampler of
 * {@link SearchSpace#random}'s distribution, so an annealing search is steered only by what it
 * accepts, not by a drift of the mutation itself.
 */
class MutationWalkDistributionTest {
    private static final int STEPS = 60_000;
    private final SearchSpace space = new SearchSpace();

    /** Traffic features the simulated anomaly regions are written in (Table 2's conditions). */
    private static Map<String, Predicate<Traffic>> features() {
        Map<String, Predicate<Traffic>> f = new LinkedHashMap<>();
        f.put("a request of 64 KB or more", t -> t.maxRequestBytes() >= 65536);
        f.put("a mix of small and large requests", Traffic::mixed);
        f.put("READ", t -> t.opcode() == Opcode.READ);
        f.put("WRITE", t -> t.opcode() == Opcode.WRITE);
        f.put("UD", t -> t.qpType() == QpType.UD);
        f.put("batch of 64 or more", t -> t.batch() >= 64);
        f.put("SEND with receive queues of 1024 or more", t -> t.opcode() == Opcode.SEND && t.recvDepth() >= 1024);
        f.put("3 SGEs or more", t -> t.maxSges() >= 3);
        f.put("MTU 1K", t -> t.mtu() == 1024);
        return f;
    }

    private static double[] shares(List<Point> points, Map<String, Predicate<Traffic>> f) {
        double[] s = new double[f.size() + 1];
        int traffics = 0;
        for (Point p : points) {
            if (p.mode() == Mode.ONE_WAY) s[f.size()]++;
            for (Traffic t : p.traffics()) {
                traffics++;
                int k = 0;
                for (Predicate<Traffic> x : f.values()) if (x.test(t)) s[k++]++; else k++;
            }
        }
        for (int k = 0; k < f.size(); k++) s[k] /= traffics;
        s[f.size()] /= points.size();
        return s;
    }

    private void walkMatchesRandomPoints(Move move, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<Point> uniform = new java.util.ArrayList<>(), walk = new java.util.ArrayList<>();
        Point p = space.random(rng);
        for (int k = 0; k < STEPS; k++) {
            uniform.add(space.random(rng));
            p = space.mutate(p, rng, move == null ? (rng.nextBoolean() ? Move.NEIGHBOUR : Move.JUMP) : move).point();
            walk.add(p);
        }
        Map<String, Predicate<Traffic>> f = features();
        double[] u = shares(uniform, f), w = shares(walk, f);
        List<String> names = new java.util.ArrayList<>(f.keySet());
        names.add("one-way points");
        for (int k = 0; k < u.length; k++) {
            // within a fifth of the random points' share (the walk's samples are correlated: a loose bound)
            assertThat(w[k]).as("share of %s: walk %.3f, random points %.3f (%s moves)", names.get(k), w[k], u[k], move)
                    .isBetween(u[k] * 0.8, u[k] * 1.2);
        }
    }

    @Test
    void aWalkOfJumpsVisitsFeaturesAsOftenAsRandomPoints() {
        walkMatchesRandomPoints(Move.JUMP, 11);
    }

    @Test
    void aWalkOfJumpsAndNeighbourStepsVisitsFeaturesAsOftenAsRandomPoints() {
        walkMatchesRandomPoints(null, 12);
    }

    @Test
    void aReceiveSizeBelowTheLargestRequestIsNotDrawnSoRequestsKeepTheirSizes() {
        Traffic t = new Traffic(QpType.RC, Opcode.SEND, 4, 1024, 8, 64, 4, 64, List.of(new Request(65536, 2), new Request(256, 1)), 65536,
                new Endpoint(Memory.LOCAL_NUMA, 4, 65536), new Endpoint(Memory.LOCAL_NUMA, 4, 65536));
        Grid g = SearchSpace.allowed(t, Dimension.RECV_SIZE, -1);
        assertThat(g.min()).isEqualTo(65536);
        assertThat(SearchSpace.allowed(t, Dimension.SEND_DEPTH, -1).min()).isEqualTo(8);
        assertThat(SearchSpace.allowed(t, Dimension.REQUEST_SGES, 1).max()).isEqualTo(8);
        SplittableRandom rng = new SplittableRandom(3);
        Point p = Point.oneWay(t);
        for (int k = 0; k < 2000; k++) {
            Mutation m = space.mutate(p, rng, Move.JUMP);
            if (m.dimension() == Dimension.RECV_SIZE || m.dimension() == Dimension.SEND_DEPTH) {
                assertThat(m.point().traffic(0).requests()).isEqualTo(t.requests());
                assertThat(m.point().traffic(0).batch()).isEqualTo(t.batch());
            }
        }
    }
}
