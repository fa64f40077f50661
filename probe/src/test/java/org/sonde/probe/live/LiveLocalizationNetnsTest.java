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
import org.sonde.probe.localize.BadAgents;
import org.sonde.probe.localize.Diagnosis;
import org.sonde.probe.localize.Method;
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
     * One random tuple for every ordered agent pair (240). The faulty link must be crossed by
     * probes and told apart from the others: a round trip between pod 0 and another pod goes up
     * through {@code agg0-0->core0} with probability 1/4 (pod 0's edge and aggregation routers each
     * pick one of two), so of the 96 such round trips none crosses it with probability
     * 0.75^96 < 10^-11; how well it is told apart is measured on the baseline ({@link #exposure}).
     * The nodes' hash seeds are fixed, so these tuples take the same paths on every run.
     */
    static final Plan PLAN = Planner.plan(FAT, PlanOptions.defaults(7).withStrategy(Strategy.ALL_PAIRS).withCover(new CoverPolicy.Fixed(1)));

    static NamespaceNetwork net;
    /** Window 0, no fault: every tuple and reversed tuple traced, one ping each. */
    static List<ProbeRecord> baseline;

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

    /**
     * Why one window suffices, without lucky draws. The baseline's round trips (the same on every
     * run) give m, the probes through the lossy link X, and g, the fewest probes any other link
     * carries that do not cross X. Sherlock's first pick maximises, over links, U per bad probe
     * through the link plus D per good one (U = ln(0.9/0.01) = 4.50, D = ln(0.1/0.99) = -2.29). No
     * probe is lost without a fault (the baseline and the ECMP test see every answer), so all bad
     * probes cross X; if u of X's m probes go undetected, any other link L has b_L <= b bad probes
     * and at least g good ones, so gain(X) - gain(L) >= (g - u) * 2.29 > 0 whenever u < g. X is
     * the top suspect unless u >= g, whose probability is the binomial tail P(Bin(m, q) >= g) for
     * the chance q that a probe through X goes undetected: asserted below 10^-6 before the run.
     * (A stray bad probe elsewhere, were a busy machine to lose an answer, would raise its links
     * by U - D = 6.8, against a margin of (g - u) * 2.29, 23 with g = 11 and u = 1.)
     */
    static double tailBound(int m, int g, double q) {
        double p = 0;
        for (int k = g; k <= m; k++) p += Math.exp(logChoose(m, k) + k * Math.log(q) + (m - k) * Math.log1p(-q));
        return p;
    }

    private static boolean contains(int[] path, int link) {
        for (int l : path) if (l == link) return true;
        return false;
    }

    private static double logChoose(int n, int k) {
        double r = 0;
        for (int i = 1; i <= k; i++) r += Math.log(n - k + i) - Math.log(i);
        return r;
    }

    /** m and g of {@link #tailBound} for {@code link}, from the baseline's round trips. */
    private static int[] exposure(String link) throws IOException {
        int x = FAT.linkIndex(link);
        List<int[]> paths = new ArrayList<>();
        for (var o : Diagnosis.localize(FAT, writeCsv(baseline), Diagnosis.Options.defaults()).observations()) paths.add(o.path());
        int m = 0;
        for (int[] p : paths) if (contains(p, x)) m++;
        int g = Integer.MAX_VALUE;
        for (int l = 0; l < FAT.links().size(); l++) {
            if (l == x) continue;
            int through = 0, outside = 0;
            for (int[] p : paths) {
                if (!contains(p, l)) continue;
                through++;
                if (!contains(p, x)) outside++;
            }
            if (through > 0) g = Math.min(g, outside);
        }
        return new int[] {m, g};
    }

    @Test
    void aLinkLosingTenPercentIsTheTopSuspectOfOneWindow() throws IOException {
        String link = "agg0-0->core0";
        int[] mg = exposure(link); // 27 and 11 with these seeds
        // 50 pings, a probe bad when it loses more than 1 % (so any: 1 of 50 is 2 %): undetected with
        // q = 0.9^50 = 5.2e-3; P(Bin(27, 5.2e-3) >= 11) < 1e-18
        double q = Math.pow(0.9, 50);
        assertThat(tailBound(mg[0], mg[1], q)).as("m=%d g=%d", mg[0], mg[1]).isLessThan(1e-6);
        List<ProbeRecord> window = faulted(new Fault.Lossy(link, 0.1), 50);
        Diagnosis.Result r = localize(window, Diagnosis.Options.defaults());
        assertThat(FAT.link(r.suspects().getFirst().link()).id()).as(r.json()).isEqualTo(link);
        // every round trip through the link is counted, but those of agents set aside as bad (on a busy
        // machine a starved agent can miss its answers' deadline towards nearly all of its targets)
        int x = FAT.linkIndex(link);
        long setAside = Diagnosis.localize(FAT, writeCsv(baseline), Diagnosis.Options.defaults()).observations().stream()
                .filter(o -> contains(o.path(), x) && r.badAgents().contains(FAT.node(o.source()).name())).count();
        assertThat(r.suspects().getFirst().probes()).as(r.json()).isEqualTo(mg[0] - (int) setAside);
        assertThat(r.suspects().getFirst().badProbes()).isGreaterThan(mg[0] - mg[1]); // u < g, as the bound has it
    }

    @Test
    void aLinkLosingOnePercentIsTheTopSuspectOfOneWindow() throws IOException {
        String link = "agg0-0->core0";
        int[] mg = exposure(link);
        // 300 pings, a probe bad when it loses any (loss threshold 0): undetected with q = 0.99^300 = 0.049;
        // P(Bin(27, 0.049) >= 11) = 2.5e-8
        double q = Math.pow(0.99, 300);
        assertThat(tailBound(mg[0], mg[1], q)).as("m=%d g=%d", mg[0], mg[1]).isLessThan(1e-6);
        List<ProbeRecord> window = faulted(new Fault.Lossy(link, 0.01), 300);
        Diagnosis.Result r = localize(window, new Diagnosis.Options(-1, 0, 50, BadAgents.DEFAULT, Method.SHERLOCK, 5));
        assertThat(FAT.link(r.suspects().getFirst().link()).id()).as(r.json()).isEqualTo(link);
        assertThat(r.suspects().getFirst().badProbes()).isGreaterThan(mg[0] - mg[1]);
    }

    @Test
    void aLinkTakenDownIsTheTopSuspectOfOneWindow() throws IOException {
        // every packet on the link is lost: one window of a few pings shows every tuple through it bad
        String link = "agg2-1->edge2-0";
        Diagnosis.Result r = localize(faulted(new Fault.Down(link), 10), Diagnosis.Options.defaults());
        assertThat(r.suspects()).isNotEmpty();
        assertThat(FAT.link(r.suspects().getFirst().link()).id()).as(r.json()).isIn(link, "edge2-0->agg2-1");
    }

    @Test
    void aSlowedLinkDelaysItsProbesAndIsTheTopSuspectOfOneWindow() throws IOException {
        /*
         * 64 kbit/s carries 148 of the 54-byte SYNs and answers a second, and tbf queues 100 ms of
         * them: the probes through the link (agents send thousands a second, a tenth of them through
         * it) fill the queue, so what gets through waits, and the rest is dropped: bad probes
         * through it alone, as for a lossy link
         */
        String link = "agg1-1->core3";
        int x = FAT.linkIndex(link);
        List<ProbeRecord> window = faulted(new Fault.Slow(link, 64_000), 20);
        Diagnosis.Result r = localize(window, Diagnosis.Options.defaults());
        assertThat(FAT.link(r.suspects().getFirst().link()).id()).as(r.json()).isEqualTo(link);
        java.util.Set<String> through = new java.util.HashSet<>();
        for (var o : r.observations()) if (contains(o.path(), x)) through.add(FAT.node(o.source()).name() + "/" + o.sourcePort());
        double[] waits = window.stream().filter(p -> p.kind() == ProbeRecord.Kind.PING && p.outcome().answered() && through.contains(p.agent() + "/" + p.sourcePort()))
                .mapToDouble(ProbeRecord::rttMillis).sorted().toArray();
        double[] others = window.stream().filter(p -> p.kind() == ProbeRecord.Kind.PING && p.outcome().answered() && !through.contains(p.agent() + "/" + p.sourcePort()))
                .mapToDouble(ProbeRecord::rttMillis).sorted().toArray();
        assertThat(waits).isNotEmpty();
        // the first answers pass while the queue fills; once it is full, what passes waits up to 100 ms
        double p90 = waits[(int) (0.9 * (waits.length - 1))], othersP90 = others[(int) (0.9 * (others.length - 1))];
        assertThat(p90).as("p90 of the round trips through the slowed link, %.2f ms elsewhere", othersP90).isGreaterThan(50).isGreaterThan(5 * othersP90);
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
    private static Diagnosis.Result localize(List<ProbeRecord> window, Diagnosis.Options options) throws IOException {
        List<ProbeRecord> all = new ArrayList<>(baseline);
        all.addAll(window);
        return Diagnosis.localize(FAT, writeCsv(all), options);
    }

    private static Path writeCsv(List<ProbeRecord> records) throws IOException {
        Path csv = Files.createTempFile("sonde-probes-", ".csv");
        csv.toFile().deleteOnExit();
        try (Writer w = Files.newBufferedWriter(csv)) {
            ProbesCsv.write(w, records);
        }
        return csv;
    }
}
