package org.sonde.atpg.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Examples;
import org.sonde.netio.NetNamespace;
import org.sonde.atpg.Emulator;
import org.sonde.atpg.Fault;
import org.sonde.atpg.Localizer;
import org.sonde.atpg.SuiteFiles;
import org.sonde.atpg.TestPacket;
import org.sonde.testkit.Netns;

/**
 * ATPG live (needs root): the example network as a Linux data plane, its suite sent through it for
 * real, each kind of fault put in place for real; the results judged against what
 * {@code atpg emulate} predicts for the same fault, and localised.
 */
@Tag("netns")
class LiveAtpgNetnsTest {
    static final String NEEDS = "root, iproute2, ethtool and nftables";
    static final String NAME = "test" + ProcessHandle.current().pid();

    @TempDir
    static Path dir;
    static Path suiteDir;
    static SuiteFiles.SuiteFile file;
    static LiveDataPlane.Built built;

    @BeforeAll
    static void up() {
        Path network = dir.resolve("example-network.json");
        NetworkJson.write(Examples.threeSwitchWithAcls(), network);
        ModelSource source = new ModelSource("json", network.toString());
        ModelSource.Loaded loaded = source.load();
        suiteDir = dir.resolve("suite");
        file = LiveChecks.suite(suiteDir, source, loaded, loaded.terminals());
        built = Netns.testbed(NEEDS, () -> LiveDataPlane.up(source, NAME));
    }

    @AfterAll
    static void down() {
        if (built == null) return;
        assertThat(LiveDataPlane.down(NAME)).hasSize(4);
        assertThat(NetNamespace.list()).noneMatch(n -> n.startsWith("sonde-atpg-" + NAME));
    }

    static LiveRun.Outcome live(String... faults) {
        return live(LiveChecks.LATENCY_MS, faults);
    }

    static LiveRun.Outcome live(double thresholdMs, String... faults) {
        return LiveRun.run(suiteDir, NAME, java.util.Arrays.stream(faults).map(f -> Fault.parse("test", f)).toList(), thresholdMs);
    }

    static Map<String, Emulator.Result> emulated(String... faults) {
        return emulated(LiveChecks.LATENCY_MS, faults);
    }

    static Map<String, Emulator.Result> emulated(double thresholdMs, String... faults) {
        Map<String, Emulator.Result> out = new HashMap<>();
        for (Emulator.Result r : Emulator.run(file.network().load().model(), file.suite(),
                java.util.Arrays.stream(faults).map(f -> Fault.parse("test", f)).toList(), thresholdMs)) out.put(r.id(), r);
        return out;
    }

    @Test
    void healthyDataPlanePassesEveryTestItCanRun() {
        assertThat(built.unexpressed()).isEmpty();
        assertThat(built.namespaces()).hasSize(4).allMatch(n -> n.startsWith("sonde-atpg-" + NAME + "-"));
        LiveRun.Outcome o = live();
        assertThat(o.results()).isNotEmpty().allSatisfy(r -> assertThat(r.pass()).as(r.id() + " " + r.reason()).isTrue());
        // every regular packet runs; only headers Linux will not forward (0.0.0.0 here) are left out
        assertThat(o.results()).filteredOn(r -> !r.reserved()).hasSize(file.suite().tests().size());
        assertThat(o.notRun()).allSatisfy(n -> assertThat(n.why()).contains("martian"));
        assertThat(o.results().size() + o.notRun().size()).isEqualTo(file.suite().tests().size() + file.suite().reserved().size());
        // a copy arrives for every expected arrival of the tests run, and no more
        long expected = o.results().stream().mapToLong(r -> byId(r.id()).arrivals().values().stream().mapToInt(Integer::intValue).sum()).sum();
        assertThat(o.copiesReceived()).isEqualTo(expected);
    }

    /**
     * Each fault kind, for real: some test fails, exactly the tests the emulator fails (on the
     * tests run), and the faulty element is among the suspects. The one difference: a packet the
     * model forwards into a link that is down "exits" there in the model (a port without a link is
     * an exit), while on Linux it is lost on the link, so an expected-drop test fails only in emulation.
     */
    @ParameterizedTest
    @CsvSource({
            "rule:rA1:drop, rA1",
            "rule:rB3:missing, rB3",
            "rule:rA3:port=2, rA3",
            "rule:rC1:drop, rC1",
            "acl:edge-in#1:permit, acl:edge-in#1",
            "acl:c-in#2:deny, acl:c-in#2",
            "acl:edge-in#2:missing, acl:edge-in#2",
            "link:AC:down, AC",
            "link:2-12:down, AB|BA",
    })
    void eachFaultFailsWhatEmulationFailsAndIsLocalised(String fault, String faulty) {
        LiveRun.Outcome o = live(fault);
        Map<String, Emulator.Result> predicted = emulated(fault);
        LiveChecks.failsWhatEmulationFails(fault, o, predicted);
        for (Emulator.Result r : o.results())
            if (r.pass() != predicted.get(r.id()).pass())
                assertThat(predicted.get(r.id()).observed().keySet()).containsAnyOf(Examples.AB, Examples.BA, Examples.AC, Examples.CA);
        var l = Localizer.localize(Localizer.observations(file.suite(), o.results()), file.network().load().model(), file.suite());
        assertThat(l.suspects()).containsAnyOf(faulty.split("\\|"));
        // the fault is taken away after the run: checked once per way of taking one away (a route put back, a chain reloaded, links up, a drop removed)
        if (!Set.of("rule:rB3:missing", "acl:edge-in#1:permit", "link:AC:down", "link:2-12:down").contains(fault)) return;
        assertThat(live().results()).allSatisfy(r -> assertThat(r.pass()).as(r.id() + " after " + fault + ": " + r.reason()).isTrue());
    }

    /**
     * ATPG's congestion test (§2.3.2) on a link slowed for real to 4 kbit/s (2 ms a byte), a token bucket of one
     * frame: the round's first frame over it leaves at once, the next ones wait 100 ms or more behind it, so the
     * tests over it after the first are above a 50 ms threshold, in the emulator's model and on Linux's tbf alike;
     * the others are not, and the link is among the suspects.
     * The link slowed is the first (by id) that some test crosses.
     */
    @Test
    void aSlowedLinkFailsOnLatencyExactlyWhatEmulationFailsAndIsLocalised() {
        String link = file.network().load().model().network().links().stream().map(org.sonde.dataplane.model.Link::id).sorted()
                .filter(id -> emulated(50, "link:" + id + ":rate=4kbps").values().stream().anyMatch(r -> !r.pass())).findFirst().orElseThrow();
        LiveRun.Outcome o = live(50, "link:" + link + ":rate=4kbps");
        Map<String, Emulator.Result> predicted = emulated(50, "link:" + link + ":rate=4kbps");
        assertThat(o.results()).anySatisfy(r -> assertThat(r.reason()).isEqualTo("latency above 50.0 ms"));
        LiveChecks.slowedAsEmulated(o, predicted);
        var l = Localizer.localize(Localizer.observations(file.suite(), o.results()), file.network().load().model(), file.suite());
        assertThat(l.suspects()).contains(link);
        // the tbf qdisc is gone after the run
        assertThat(live(50).results()).allSatisfy(r -> assertThat(r.pass()).as(r.id() + " after the slow link: " + r.reason()).isTrue());
    }

    /**
     * ATPG's performance tests for real: trains of 6 frames with a link slowed to 4 kbit/s. The same tests give
     * trains live as in emulation; a train the model says is limited by the slowed link measures its rate within
     * 20 % on Linux, one it says is not limited measures above 20 times that rate (the agents' own sending
     * speed), and so do the links' figures.
     */
    @Test
    void trainsMeasureASlowedLinksRateLiveAsEmulationPredicts() {
        int k = 6;
        double bps = 4_000;
        var model = file.network().load().model();
        String link = model.network().links().stream().map(org.sonde.dataplane.model.Link::id).sorted()
                .filter(id -> Emulator.run(model, file.suite(), List.of(Fault.parse("test", "link:" + id + ":rate=4kbps")), 1e4, k).trains().stream()
                        .anyMatch(t -> t.bottleneckBps() != null)).findFirst().orElseThrow();
        List<Fault> slow = List.of(Fault.parse("test", "link:" + link + ":rate=4kbps"));
        Emulator.Emulated predicted = Emulator.run(model, file.suite(), slow, 1e4, k);
        LiveRun.Outcome o = LiveRun.run(suiteDir, NAME, slow, new LiveRun.Options(1e4, 1, 0, k), r -> { }).getLast().outcome();

        assertThat(o.results()).allSatisfy(r -> assertThat(r.pass()).as(r.id() + " " + r.reason()).isTrue());
        Map<String, org.sonde.atpg.Performance.Train> emulated = new HashMap<>();
        predicted.trains().forEach(t -> emulated.put(t.test(), t));
        // tests Linux does not run (martian addresses) give no live train
        Set<String> run = new java.util.HashSet<>(o.results().stream().map(Emulator.Result::id).toList());
        assertThat(o.trains()).extracting(org.sonde.atpg.Performance.Train::test)
                .containsExactlyInAnyOrderElementsOf(emulated.keySet().stream().filter(run::contains).toList());
        for (var t : o.trains()) {
            Double expected = emulated.get(t.test()).bottleneckBps();
            assertThat(t.frames()).isEqualTo(k);
            if (expected == null) assertThat(t.bottleneckBps()).as(t.test()).isGreaterThan(20 * bps);
            else assertThat(t.bottleneckBps()).as(t.test()).isCloseTo(expected, org.assertj.core.data.Percentage.withPercentage(20));
        }
        Map<String, org.sonde.atpg.Performance.LinkFigures> modelLinks = new HashMap<>();
        org.sonde.atpg.Performance.perLink(file.suite(), predicted.trains().stream().filter(t -> run.contains(t.test())).toList())
                .forEach(l -> modelLinks.put(l.link(), l));
        List<org.sonde.atpg.Performance.LinkFigures> liveLinks = o.links();
        assertThat(liveLinks).extracting(org.sonde.atpg.Performance.LinkFigures::link).containsExactlyInAnyOrderElementsOf(modelLinks.keySet())
                .contains(link);
        for (var l : liveLinks) {
            Double expected = modelLinks.get(l.link()).rateBps();
            if (expected == null) assertThat(l.rateBps()).as(l.link()).isGreaterThan(20 * bps);
            else assertThat(l.rateBps()).as(l.link()).isCloseTo(expected, org.assertj.core.data.Percentage.withPercentage(20));
        }
    }

    /**
     * ATPG's priority test (§2.3.2) for real: trains of 8 over a link slowed to 4 kbit/s whose htb qdisc serves
     * the last-sent delivered test's destination first. With the threshold halfway between what that test takes with
     * priority and without it in emulation, live and emulation agree test by test; the high test takes no longer
     * than the model says (htb lets a class's first frame go on its own credit, so live may be a frame ahead), the
     * low ones at least 0.8 of it. A device that lost the priority (the link slowed without it) fails the high test
     * against the same threshold, and the link is among the suspects. The qdisc and the classifier go after each run.
     */
    @Test
    void strictPriorityLiveServesTheHighClassFirstAsEmulationPredicts() {
        int k = 8;
        var model = file.network().load().model();
        var network = model.network();
        List<TestPacket> all = new java.util.ArrayList<>(file.suite().tests());
        all.addAll(file.suite().reserved());
        Map<String, Set<Long>> destinations = new java.util.TreeMap<>();
        for (TestPacket t : all)
            if (!t.expected().isEmpty()) for (String l : t.links()) destinations.computeIfAbsent(l, x -> new java.util.HashSet<>()).add(t.header().get("ip_dst"));
        String link = destinations.entrySet().stream().max(java.util.Comparator.comparingInt(e -> e.getValue().size())).orElseThrow().getKey();
        List<TestPacket> over = all.stream().filter(t -> t.links().contains(link)).toList();
        TestPacket high = over.stream().filter(t -> !t.expected().isEmpty()).reduce((a, b) -> b).orElseThrow();
        String slow = "link:" + link + ":rate=4kbps";
        String priority = "link:" + link + ":priority=ip_dst=" + org.sonde.packet.Ipv4Address.format((int) (long) high.header().get("ip_dst"));
        assertThat(over.stream().filter(t -> !t.header().get("ip_dst").equals(high.header().get("ip_dst")))).as("a low class").isNotEmpty();

        double withPriority = emulatedLatency(model, high, k, slow, priority), without = emulatedLatency(model, high, k, slow);
        assertThat(withPriority).isLessThan(without);
        double threshold = (withPriority + without) / 2;
        List<Fault> faults = java.util.stream.Stream.of(slow, priority).map(f -> Fault.parse("test", f)).toList();
        Map<String, Emulator.Result> predicted = new HashMap<>();
        Emulator.run(model, file.suite(), faults, threshold, k).results().forEach(r -> predicted.put(r.id(), r));
        LiveRun.Outcome o = LiveRun.run(suiteDir, NAME, faults, new LiveRun.Options(threshold, 1, 0, k), r -> { }).getLast().outcome();
        for (Emulator.Result r : o.results()) {
            Emulator.Result e = predicted.get(r.id());
            assertThat(r.pass()).as(r.id() + ": live " + r.reason() + " " + r.observed() + ", emulated " + e.reason() + " " + e.observed()).isEqualTo(e.pass());
            if (over.stream().noneMatch(t -> t.id().equals(r.id()))) continue;
            e.observed().forEach((exit, ms) -> {
                assertThat(r.observed().get(exit)).as(r.id() + " at " + exit).isLessThanOrEqualTo(1.05 * ms + 5);
                if (!r.id().equals(high.id())) assertThat(r.observed().get(exit)).as(r.id() + " at " + exit).isGreaterThan(0.8 * ms);
            });
        }
        Emulator.Result highLive = o.results().stream().filter(r -> r.id().equals(high.id())).findFirst().orElseThrow();
        assertThat(highLive.pass()).isTrue();
        // the low class waited behind the high one, which was sent last: the classes' figures say so, as emulation's do
        List<org.sonde.atpg.Performance.ClassFigures> classes = o.classes();
        assertThat(classes).extracting(org.sonde.atpg.Performance.ClassFigures::link).containsOnly(link);
        assertThat(classes).extracting(org.sonde.atpg.Performance.ClassFigures::tests)
                .isEqualTo(Emulator.run(model, file.suite(), faults, threshold, k).classes().stream().map(org.sonde.atpg.Performance.ClassFigures::tests).toList());
        assertThat(classes.get(0).high()).isTrue();
        assertThat(classes.get(0).worstMs()).isEqualTo(highLive.observed().values().stream().mapToDouble(Double::doubleValue).max().orElseThrow())
                .isLessThan(classes.get(1).worstMs());

        // the classifier and the htb qdisc are gone
        LiveDataPlane plane = LiveDataPlane.attach(network, NAME);
        String node = plane.wiring().nodeOfPort(network.link(link).orElseThrow().fromPortId());
        assertThat(plane.testbed().exec(node, "nft", "list", "tables")).doesNotContain(LiveFaults.QOS_TABLE);
        assertThat(plane.testbed().exec(node, "tc", "qdisc", "show")).doesNotContain("htb").doesNotContain("tbf");

        // a device without the priority: the high test's frames wait behind the others
        LiveRun.Outcome lost = LiveRun.run(suiteDir, NAME, List.of(faults.getFirst()), new LiveRun.Options(threshold, 1, 0, k), r -> { }).getLast().outcome();
        assertThat(lost.results()).filteredOn(r -> r.id().equals(high.id())).singleElement()
                .satisfies(r -> assertThat(r.reason()).isEqualTo("latency above " + threshold + " ms"));
        var l = Localizer.localize(Localizer.observations(file.suite(), lost.results()), model, file.suite());
        assertThat(l.suspects()).contains(link);
    }

    private static double emulatedLatency(org.sonde.dataplane.reach.Model model, TestPacket t, int k, String... faults) {
        return Emulator.run(model, file.suite(), java.util.Arrays.stream(faults).map(f -> Fault.parse("test", f)).toList(), 1e9, k).results().stream()
                .filter(r -> r.id().equals(t.id())).findFirst().orElseThrow().observed().values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    @Test
    void periodicModeRaisesAnAlertWithTheLocalisationInEveryFailingRound() {
        List<LiveRun.Round> seen = new java.util.ArrayList<>();
        List<LiveRun.Round> rounds = LiveRun.run(suiteDir, NAME, List.of(Fault.parse("test", "rule:rA1:drop")), new LiveRun.Options(LiveChecks.LATENCY_MS, 3, 0.2, 1), seen::add);
        assertThat(seen).isEqualTo(rounds).extracting(LiveRun.Round::index).containsExactly(1, 2, 3);
        assertThat(rounds).allSatisfy(r -> assertThat(r.alert()).isNotNull().satisfies(a -> assertThat(a.suspects()).contains("rA1")));
        assertThat(LiveRun.run(suiteDir, NAME, List.of(), new LiveRun.Options(LiveChecks.LATENCY_MS, 2, 0, 1), r -> { })).allSatisfy(r -> assertThat(r.alert()).isNull());
    }

    @Test
    void latencyFaultsAreRefusedAndUnknownElementsAreUsageErrors() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> live("link:AC:latency=50"))
                .isInstanceOf(org.sonde.core.UsageException.class).hasMessageContaining("netem");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> live("rule:nope:drop"))
                .isInstanceOf(org.sonde.core.UsageException.class).hasMessageContaining("no rule nope");
    }

    private static org.sonde.atpg.TestPacket byId(String id) {
        Map<String, org.sonde.atpg.TestPacket> all = new LinkedHashMap<>();
        file.suite().tests().forEach(t -> all.put(t.id(), t));
        file.suite().reserved().forEach(t -> all.put(t.id(), t));
        return all.get(id);
    }

}
