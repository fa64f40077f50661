package org.sonde.sim.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.LinkSpec;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.net.Topologies;

class GeneratorsTest {
    record Planned(String name, String source, String destination, long bytes, long startNanos, int priority) {
        @Override
        public String toString() {
            return name + " " + source + ">" + destination + " " + bytes + "@" + startNanos + "p" + priority;
        }
    }

    private final List<Planned> planned = new ArrayList<>();
    private final FlowSink sink = (n, s, d, b, t, p) -> planned.add(new Planned(n, s.name(), d.name(), b, t, p));
    private final List<Host> h = new Topologies(new Network(1), SwitchConfig.DEFAULT, HostConfig.DEFAULT)
            .star(5, new LinkSpec(10_000_000_000L, 1_000)).hosts();

    @Test
    void pairedFlowsGoPairwiseRoundByRound() {
        new PairedFlows("f", List.of(h.get(0), h.get(1)), List.of(h.get(2), h.get(3)), 100, 5, 10, 2, 3).generate(sink);
        assertThat(planned).extracting(Planned::toString)
                .containsExactly("f/0 h0>h2 100@5p3", "f/1 h1>h3 100@5p3", "f/2 h0>h2 100@15p3", "f/3 h1>h3 100@15p3");
    }

    @Test
    void aSingleHostOnEitherSidePairsWithEveryHostOnTheOther() {
        PairedFlows out = new PairedFlows("out", List.of(h.get(0)), h.subList(1, 4), 1, 0, 0, 1, 0);
        PairedFlows in = new PairedFlows("in", h.subList(1, 4), List.of(h.get(0)), 1, 0, 0, 1, 0);
        assertThat(out.pairsPerRound()).isEqualTo(3);
        out.generate(sink);
        in.generate(sink);
        assertThat(planned).extracting(p -> p.source() + ">" + p.destination())
                .containsExactly("h0>h1", "h0>h2", "h0>h3", "h1>h0", "h2>h0", "h3>h0");
        assertThat(new PairedFlows("none", List.of(), List.of(h.get(0)), 1, 0, 0, 1, 0).pairsPerRound()).isZero();
    }

    @Test
    void pairedFlowsRefuseListsThatDoNotPairAndAHostPairedWithItself() {
        assertThatThrownBy(() -> new PairedFlows("f", h.subList(0, 2), h.subList(2, 5), 1, 0, 0, 1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("from and to need equal lengths (pairwise) or one of them a single host");
        assertThatThrownBy(() -> new PairedFlows("f", h.subList(0, 2), List.of(h.get(1), h.get(1)), 1, 0, 0, 1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a flow from h1 to itself");
    }

    @Test
    void anIncastStartsEverySenderAtOnceEachRound() {
        new Incast("i", h.get(0), Incast.everyHostBut(h.get(0), h.subList(0, 3)), 64, 100, 2, 50, 1).generate(sink);
        assertThat(planned).extracting(Planned::toString)
                .containsExactly("i/0 h1>h0 64@100p1", "i/1 h2>h0 64@100p1", "i/2 h1>h0 64@150p1", "i/3 h2>h0 64@150p1");
        assertThatThrownBy(() -> new Incast("i", h.get(0), h, 64, 0, 1, 1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("include the receiver h0");
    }

    @Test
    void poissonFlowsArriveInStartOrderBetweenOtherHostsAndRepeatWithTheirStream() {
        FlowSizes sizes = FlowSizes.named("web-search", Path.of(""));
        PoissonFlows p = new PoissonFlows("p", h, sizes, 0.8, 1_000, 50_000_000, 2);
        p.generate(new SplittableRandom(7), sink);
        List<Planned> first = List.copyOf(planned);
        planned.clear();
        p.generate(new SplittableRandom(7), sink);
        assertThat(planned).isEqualTo(first);
        assertThat(first).hasSizeGreaterThan(10);
        assertThat(first).extracting(Planned::name).first().isEqualTo("p/0");
        assertThat(first).isSortedAccordingTo((a, b) -> Long.compare(a.startNanos(), b.startNanos()));
        assertThat(first).allSatisfy(f -> {
            assertThat(f.source()).isNotEqualTo(f.destination());
            assertThat(f.startNanos()).isBetween(1_000L, 50_000_000L);
            assertThat(f.priority()).isEqualTo(2);
        });
        assertThat(first).extracting(Planned::destination).contains("h4"); // the last host is drawn too
        assertThatThrownBy(() -> new PoissonFlows("p", h.subList(0, 1), sizes, 0.5, 0, 1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least two hosts");
    }

    @Test
    void poissonRequestsWithAFanInAreAnsweredByThatManyDistinctHostsAtOnce() {
        FlowSizes sizes = FlowSizes.named("web-search", Path.of(""));
        new PoissonFlows("q", h, sizes, 0.8, 0, 200_000_000, 0, 3).generate(new SplittableRandom(11), sink);
        assertThat(planned).isSortedAccordingTo((a, b) -> Long.compare(a.startNanos(), b.startNanos()));
        // one request per (requester, instant): exactly three answers, from three distinct other hosts
        var requests = planned.stream().collect(java.util.stream.Collectors.groupingBy(p -> p.destination() + "@" + p.startNanos()));
        assertThat(requests).hasSizeGreaterThan(20);
        assertThat(requests.values()).allSatisfy(answers -> {
            assertThat(answers).hasSize(3);
            assertThat(answers).extracting(Planned::source).doesNotHaveDuplicates()
                    .doesNotContain(answers.getFirst().destination());
        });
        // every host is a server sometimes, every host requests
        assertThat(planned).extracting(Planned::source).contains("h0", "h1", "h2", "h3", "h4");
        assertThat(planned).extracting(Planned::destination).contains("h0", "h1", "h2", "h3", "h4");
        // the answers load each requester's link to about 0.8 over the 200 ms
        double offered = planned.stream().mapToLong(Planned::bytes).sum() * 8.0 / (5 * 10e9 * 0.2);
        assertThat(offered).isBetween(0.5, 1.1);
        assertThatThrownBy(() -> new PoissonFlows("q", h, sizes, 0.5, 0, 1, 0, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fan-in must be within 1..4");
    }

    @Test
    void constantRateUdpSendsWhatTheRateAllowsInItsDuration() {
        // 1 ms at 10 Gb/s of 1000-byte payloads in 1028-byte IP packets: 1215.9 datagrams
        assertThat(UdpSource.datagramsIn(1_000_000, 10_000_000_000L, 1000)).isEqualTo(1215);
        assertThat(UdpSource.datagramsIn(1, 1_000, 1000)).isEqualTo(1);
    }
}
