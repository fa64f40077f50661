package org.sonde.probe.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.probe.localize.Diagnosis;
import org.sonde.probe.localize.ProbeRecord;
import org.sonde.probe.localize.ProbesCsv;
import org.sonde.probe.plan.CoverPolicy;
import org.sonde.probe.plan.Plan;
import org.sonde.probe.plan.PlanOptions;
import org.sonde.probe.plan.Planner;
import org.sonde.probe.plan.Strategy;
import org.sonde.probe.topology.Generators;
import org.sonde.probe.topology.Topology;
import org.sonde.testkit.Netns;

/**
 * NetSonar live (needs root): a k=4 fat-tree of namespaces with L4 ECMP, the plan's agents probing
 * with TCP ping and traceroute, real faults, and localisation over the agents' own CSV.
 */
@Tag("netns")
class LiveLocalizationNetnsTest {
    static final String NEEDS = "root, iproute2 and nftables";
    static final Topology FAT = Generators.fatTree(4);
    /**
     * One random tuple for every ordered agent pair (240). The tests below need the faulty link
     * crossed by probes, and told apart from its neighbours: a pod-0 to other-pod round trip
     * crosses {@code agg0-0->core0} with probability 1/4 one way (the edge and the aggregation
     * router each pick one of two) and 1/4 back, so among the 96 round trips between pod 0 and the
     * others it goes unprobed with probability 0.75^96 < 10^-11, and the two dozen probes through it
     * lead on to three pods and come from two edges, which no other single link shares. The nodes'
     * hash seeds are fixed, so these tuples take the same paths on every run.
     */
    static final Plan PLAN = Planner.plan(FAT, PlanOptions.defaults(7).withStrategy(Strategy.ALL_PAIRS).withCover(new CoverPolicy.Fixed(1)));

    static NamespaceNetwork net;
    /** Window 0, no fault: every tuple and reversed tuple traced, one ping each. */
    static List<ProbeRecord> baseline;

    @TempDir
    Path dir;

    @BeforeAll
    static void up() {
        net = Netns.testbed(NEEDS, () -> NamespaceNetwork.create(FAT, "sonde-probe-test", false));
        baseline = LiveRun.window(net, PLAN, options(1), 0);
    }

    @AfterAll
    static void down() {
        if (net != null) net.close();
    }

    static LiveRun.Options options(int pings) {
        // no round pause: pings go as fast as the agents' rate allows
        return new LiveRun.Options(1, pings, 0, 3000, 1000, 3, 10);
    }

    @Test
    void tracerouteSeesThePathsTheKernelsEcmpChoosesForEachTuple() {
        List<ProbeRecord> traces = baseline.stream().filter(r -> r.kind() == ProbeRecord.Kind.TRACE).toList();
        assertThat(traces).hasSize(2 * PLAN.probesPerRound()); // each tuple and its reverse
        assertThat(traces).allSatisfy(r -> assertThat(r.outcome()).as(r.toString()).isEqualTo(ProbeRecord.Outcome.COMPLETE));
        List<NamespaceNetwork.Flow> flows = new ArrayList<>();
        for (ProbeRecord r : traces) flows.add(new NamespaceNetwork.Flow(FAT.agent(r.agent()), FAT.agent(r.target()), r.sourcePort(), r.destinationPort()));
        List<List<String>> kernel = net.kernelPaths(flows);
            for (int i = 0; i < traces.size(); i++) {
            assertThat(traces.get(i).hops()).as("traceroute vs ip route get of " + flows.get(i)).isEqualTo(kernel.get(i));
        }
        // ECMP at work: the tuples from pod 0 to other pods leave edge0-0 by both aggregation routers and cross all four cores
        List<List<String>> outOfPod0 = traces.stream().filter(r -> r.agent().matches("h[01]") && FAT.agent(r.target()).node() >= FAT.agent("h4").node())
                .map(ProbeRecord::hops).toList();
        assertThat(outOfPod0.stream().map(h -> h.get(2)).distinct()).containsExactlyInAnyOrder("agg0-0", "agg0-1");
        assertThat(outOfPod0.stream().map(h -> h.get(3)).distinct()).containsExactlyInAnyOrder("core0", "core1", "core2", "core3");
        assertThat(baseline.stream().filter(r -> r.kind() == ProbeRecord.Kind.PING)).allSatisfy(r -> assertThat(r.outcome().answered()).isTrue());
    }

    @Test
    void aLinkLosingTenPercentIsTheTopSuspectOfOneWindow() throws IOException {
        /*
         * 199 pings per tuple: a probe is bad when it loses more than 1 % of them, so at least 2.
         * A tuple whose round trip crosses the link keeps all but at most one of 199 pings with
         * probability 0.9^199 + 199 * 0.1 * 0.9^198 = 1.8e-8; for the at most 240 tuples that can
         * cross it, some probe through the link goes undetected with probability below 4.4e-6.
         * Every other link carries no loss (no probe is lost without a fault: the baseline and the
         * ECMP test above see all answers), so all bad probes cross the link and it explains all of
         * them, while any other link either misses some of them or carries good probes too (see
         * PLAN): Sherlock's first pick.
         */
        String link = "agg0-0->core0";
        List<ProbeRecord> window = faulted(new Fault.Lossy(link, 0.1), 199);
        Diagnosis.Result r = localize(window);
        assertThat(r.suspects()).isNotEmpty();
        assertThat(FAT.link(r.suspects().getFirst().link()).id()).as(r.json()).isEqualTo(link);
        assertThat(r.suspects().getFirst().badProbes()).isEqualTo(r.suspects().getFirst().probes()).isEqualTo(r.badProbes());
        long lost = window.stream().filter(x -> x.kind() == ProbeRecord.Kind.PING && !x.outcome().answered()).count();
        assertThat(lost).isPositive();
    }

    @Test
    void aLinkTakenDownIsTheTopSuspectOfOneWindow() throws IOException {
        // every packet on the link is lost: one window of a few pings shows every tuple through it bad
        String link = "agg2-1->edge2-0";
        Diagnosis.Result r = localize(faulted(new Fault.Down(link), 10));
        assertThat(r.suspects()).isNotEmpty();
        assertThat(FAT.link(r.suspects().getFirst().link()).id()).as(r.json()).isIn(link, "edge2-0->agg2-1");
    }

    private static List<ProbeRecord> faulted(Fault f, int pings) {
        net.apply(f);
        try {
            return LiveRun.window(net, PLAN, options(pings), 1);
        } finally {
            net.clear(f);
        }
    }

    /** The agents' records, baseline and faulty window, written and localised as {@code sonde probe localize} does. */
    private Diagnosis.Result localize(List<ProbeRecord> window) throws IOException {
        Path csv = dir.resolve("probes.csv");
        List<ProbeRecord> all = new ArrayList<>(baseline);
        all.addAll(window);
        try (Writer w = Files.newBufferedWriter(csv)) {
            ProbesCsv.write(w, all);
        }
        return Diagnosis.localize(FAT, csv, Diagnosis.Options.defaults());
    }
}
