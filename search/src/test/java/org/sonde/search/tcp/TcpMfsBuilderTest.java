package org.sonde.search.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.sonde.search.mfs.Range;
import org.sonde.search.monitor.Symptom;

/**
 * The TCP MFS heuristic against known regions (a predicate stands in for the kernel here; the
 * Linux target's own test runs the real one): the MFS names exactly the dimensions the region
 * needs, with the region's bounds, and its trigger lies inside.
 */
class TcpMfsBuilderTest {
    private final TcpSpace space = TcpSpace.full();

    private Optional<TcpMfs> build(TcpPoint p, Predicate<TcpPoint> region, List<TcpPoint> probes) {
        return new TcpMfsBuilder(space, q -> {
            probes.add(q);
            return region.test(q) ? Optional.of(Symptom.THROUGHPUT) : Optional.empty();
        }, 3).build(p, Symptom.THROUGHPUT);
    }

    @Test
    void anAcceptQueueLikeRegionGivesItsTwoDimensionsAndTheirBounds() {
        Predicate<TcpPoint> region = q -> q.get(TcpDimension.BACKLOG) <= 4 && q.cps() >= 1000;
        TcpPoint p = space.set(space.set(space.set(space.gentlest(), TcpDimension.BACKLOG, 1), TcpDimension.CPS, 3000), TcpDimension.EPHEMERAL_PORTS, 256);
        List<TcpPoint> probes = new ArrayList<>();
        TcpMfs m = build(p, region, probes).orElseThrow();
        assertThat(m.dimensions()).containsExactlyInAnyOrder(TcpDimension.BACKLOG, TcpDimension.CPS);
        assertThat(m.ranges().get(TcpDimension.BACKLOG)).isEqualTo(new Range(1, 4));
        assertThat(m.ranges().get(TcpDimension.CPS)).isEqualTo(new Range(1000, 3000));
        assertThat(m.matches(m.trigger())).isTrue();
        assertThat(region.test(m.trigger())).isTrue();
        // the irrelevant port range went back to its gentle end
        assertThat(m.trigger().get(TcpDimension.EPHEMERAL_PORTS)).isEqualTo(28232);
        assertThat(m.matches(space.set(m.trigger(), TcpDimension.BACKLOG, 16))).isFalse();
        assertThat(m.describe()).contains("backlog<=4").contains("cps>=1000");
        assertThat(m.experiments()).isEqualTo(probes.size());
        assertThat(probes).allMatch(q -> space.violations(q).isEmpty());
    }

    @Test
    void aCategoricalDimensionKeepsTheValuesThatReproduce() {
        Predicate<TcpPoint> region = q -> q.get(TcpDimension.SYNCOOKIES) == 0 && q.get(TcpDimension.BACKLOG) == 1;
        TcpPoint p = space.set(space.set(space.gentlest(), TcpDimension.BACKLOG, 1), TcpDimension.SYNCOOKIES, 0);
        TcpMfs m = build(p, region, new ArrayList<>()).orElseThrow();
        assertThat(m.allowed().get(TcpDimension.SYNCOOKIES)).containsExactly(0);
        assertThat(m.toJson()).containsEntry("space", "tcp").containsEntry("syncookies", List.of(0)).containsEntry("backlog", List.of(1L, 1L));
    }

    @Test
    void anOverloadThatShowsAsLatencyOnOneRunAndThroughputOnAnotherKeepsItsMfs() {
        // the same region, its symptom alternating from run to run, as a dropped SYN's late response does on Linux
        int[] calls = {0};
        Predicate<TcpPoint> region = q -> q.cps() >= 1000 && q.get(TcpDimension.BACKLOG) <= 4;
        TcpPoint p = space.set(space.set(space.gentlest(), TcpDimension.CPS, 3000), TcpDimension.BACKLOG, 1);
        TcpMfs m = new TcpMfsBuilder(space, q -> region.test(q) ? Optional.of(calls[0]++ % 2 == 0 ? Symptom.LATENCY : Symptom.THROUGHPUT)
                : Optional.empty(), 3).build(p, Symptom.THROUGHPUT).orElseThrow();
        assertThat(m.symptom()).isEqualTo(Symptom.THROUGHPUT);
        assertThat(m.dimensions()).contains(TcpDimension.CPS, TcpDimension.BACKLOG);
        assertThat(m.ranges().get(TcpDimension.BACKLOG).hi()).isLessThanOrEqualTo(4);
    }

    @Test
    void oneMissOfTheSimplifiedPointIsRunAgainTwiceNotTakenForNoise() {
        // the region holds, but the confirmation's first run misses it (a run below the monitor's bar by chance)
        Predicate<TcpPoint> region = q -> q.cps() >= 1000 && q.get(TcpDimension.BACKLOG) <= 4;
        TcpPoint p = space.set(space.set(space.gentlest(), TcpDimension.CPS, 3000), TcpDimension.BACKLOG, 1);
        List<TcpPoint> probes = new ArrayList<>();
        build(p, region, probes); // the probes the builder makes when every run is faithful
        int confirmation = probes.size(); // the last probe is the confirmation
        int[] calls = {0};
        TcpMfs m = new TcpMfsBuilder(space, q -> ++calls[0] == confirmation ? Optional.<Symptom>empty()
                : region.test(q) ? Optional.of(Symptom.THROUGHPUT) : Optional.empty(), 3).build(p, Symptom.THROUGHPUT).orElseThrow();
        assertThat(m.dimensions()).containsExactlyInAnyOrder(TcpDimension.CPS, TcpDimension.BACKLOG);
        assertThat(m.experiments()).isEqualTo(confirmation + 2);
        // a miss, and then only one of the two reruns: no MFS
        int[] again = {0};
        assertThat(new TcpMfsBuilder(space, q -> ++again[0] >= confirmation && again[0] <= confirmation + 2 && again[0] != confirmation + 1
                ? Optional.<Symptom>empty() : region.test(q) ? Optional.of(Symptom.THROUGHPUT) : Optional.empty(), 3)
                .build(p, Symptom.THROUGHPUT)).isEmpty();
    }

    @Test
    void aRegionThatDoesNotHoldOnTheSimplifiedPointHasNoMfs() {
        // an anomaly seen once and never again (noise): no MFS
        int[] calls = {0};
        Optional<TcpMfs> m = new TcpMfsBuilder(space, q -> calls[0]++ == 0 ? Optional.of(Symptom.THROUGHPUT) : Optional.empty(), 3)
                .build(space.set(space.gentlest(), TcpDimension.CPS, 3000), Symptom.THROUGHPUT);
        assertThat(m).isEmpty();
    }
}
