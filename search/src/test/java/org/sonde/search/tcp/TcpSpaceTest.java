package org.sonde.search.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.sonde.search.space.Grid;
import org.sonde.search.space.Move;

/** The TCP space: its points keep the constraint, a mutation changes one dimension, repeats go on the same way. */
class TcpSpaceTest {
    private static Set<TcpDimension> changed(TcpPoint a, TcpPoint b) {
        Set<TcpDimension> s = EnumSet.noneOf(TcpDimension.class);
        for (TcpDimension d : TcpDimension.values()) if (a.get(d) != b.get(d)) s.add(d);
        return s;
    }

    @Property
    void randomPointsAndTheirMutationsStayInTheSpaceAndChangeOneDimension(@ForAll long seed, @ForAll boolean jump) {
        TcpSpace space = TcpSpace.full();
        SplittableRandom rng = new SplittableRandom(seed);
        TcpPoint p = space.random(rng);
        assertThat(space.violations(p)).isEmpty();
        TcpSpace.TcpStep m = space.mutate(p, rng, jump ? Move.JUMP : Move.NEIGHBOUR);
        assertThat(space.violations(m.point())).isEmpty();
        Set<TcpDimension> c = changed(p, m.point());
        assertThat(c).contains(m.dimension());
        // leaving keepalive makes concurrency canonical: the only second dimension a step may move
        c.remove(m.dimension());
        if (!c.isEmpty()) {
            assertThat(c).containsExactly(TcpDimension.CONCURRENCY);
            assertThat(m.dimension()).isEqualTo(TcpDimension.REQUESTS);
            assertThat(m.point().requests()).isEqualTo(1);
        }
        if (!jump && !m.dimension().categorical()) {
            Grid g = space.grid(m.dimension());
            assertThat(Math.abs(g.indexOf(p.get(m.dimension())) - g.indexOf(m.point().get(m.dimension())))).isEqualTo(1);
        }
        double[] x = space.features(p);
        assertThat(x).hasSize(space.features(space.gentlest()).length);
        assertThat(java.util.Arrays.stream(x).boxed().toList()).allMatch(v -> v >= 0 && v <= 1);
    }

    @Test
    void aRepeatTakesTheSameStepOnceMoreAndStopsAtTheEnd() {
        TcpSpace space = TcpSpace.full();
        TcpPoint a = space.gentlest();
        TcpPoint b = space.set(a, TcpDimension.CPS, 300);
        TcpSpace.TcpStep step = new TcpSpace.TcpStep(b, TcpDimension.CPS, Move.NEIGHBOUR);
        TcpPoint c = space.repeat(b, step, a).orElseThrow().point();
        assertThat(c.cps()).isEqualTo(1000);
        assertThat(changed(b, c)).containsExactly(TcpDimension.CPS);
        TcpPoint top = space.set(a, TcpDimension.CPS, 3000);
        assertThat(space.repeat(top, new TcpSpace.TcpStep(top, TcpDimension.CPS, Move.NEIGHBOUR), space.set(a, TcpDimension.CPS, 1000))).isEmpty();
        TcpPoint cookies = space.set(a, TcpDimension.SYNCOOKIES, 0);
        assertThat(space.repeat(cookies, new TcpSpace.TcpStep(cookies, TcpDimension.SYNCOOKIES, Move.JUMP), a)).as("categorical").isEmpty();
    }

    @Test
    void concurrencyIsCanonicalWithoutKeepaliveAndFreeWithIt() {
        TcpSpace space = TcpSpace.full();
        TcpPoint p = space.set(space.set(space.gentlest(), TcpDimension.REQUESTS, 4), TcpDimension.CONCURRENCY, 512);
        assertThat(p.get(TcpDimension.CONCURRENCY)).isEqualTo(512);
        assertThat(TcpDimension.CONCURRENCY.appliesTo(p)).isTrue();
        TcpPoint q = space.set(p, TcpDimension.REQUESTS, 1);
        assertThat(q.get(TcpDimension.CONCURRENCY)).isEqualTo(TcpDimension.CONCURRENCY.grid().min());
        assertThat(space.violations(q.with(TcpDimension.CONCURRENCY, 512))).singleElement().asString().contains("concurrency");
        // Little's law: 4 requests at one per 10 ms hold each connection 40 ms
        assertThat(p.with(TcpDimension.CPS, 3000).offeredRequestsPerSecond()).isEqualTo(12000);
        assertThat(p.with(TcpDimension.CONCURRENCY, 8).with(TcpDimension.CPS, 3000).offeredRequestsPerSecond()).isEqualTo(800);
    }

    @Test
    void aNarrowedSpaceDrawsAndMutatesOnlyWithinItsGrids() {
        TcpSpace space = new TcpSpace(Map.of(TcpDimension.CPS, Grid.of(1000, 3000), TcpDimension.SYNCOOKIES, Grid.of(1)));
        SplittableRandom rng = new SplittableRandom(3);
        TcpPoint p = space.random(rng);
        for (int i = 0; i < 500; i++) {
            p = space.mutate(p, rng, i % 2 == 0 ? Move.JUMP : Move.NEIGHBOUR).point();
            assertThat(p.cps()).isIn(1000, 3000);
            assertThat(p.get(TcpDimension.SYNCOOKIES)).isEqualTo(1);
            assertThat(space.violations(p)).isEmpty();
        }
        assertThatThrownBy(() -> new TcpSpace(Map.of(TcpDimension.CPS, Grid.of(5)))).hasMessageContaining("cps 5");
    }

    @Test
    void theGentlestPointStressesNothing() {
        TcpPoint g = TcpSpace.full().gentlest();
        assertThat(g.cps()).isEqualTo(100);
        assertThat(g.requests()).isEqualTo(1);
        assertThat(g.get(TcpDimension.BACKLOG)).isEqualTo(4096);
        assertThat(g.get(TcpDimension.EPHEMERAL_PORTS)).isEqualTo(28232);
        assertThat(g.get(TcpDimension.SYNCOOKIES)).isEqualTo(1);
        assertThat(g.get(TcpDimension.TW_REUSE)).as("ports in TIME_WAIT reused").isEqualTo(1);
        assertThat(g.get(TcpDimension.REQUEST_BYTES)).isEqualTo(100);
        assertThat(g.get(TcpDimension.RESPONSE_BYTES)).isEqualTo(100);
        assertThat(g.toJson()).containsEntry("ephemeralPorts", 28232).containsEntry("serverWorkers", 2).containsEntry("twReuse", 1)
                .containsEntry("requestBytes", 100).containsEntry("responseBytes", 100);
    }
}
