package org.sonde.atpg.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Network;
import org.sonde.netio.NetNamespace;
import org.sonde.atpg.Emulator;
import org.sonde.atpg.Fault;
import org.sonde.atpg.Localizer;
import org.sonde.testkit.Datasets;

/**
 * ATPG live on APKeep's Stanford snapshot (needs root and the datasets): its 16 routers with their
 * real FIBs and ACLs, the 11 point-to-point links as veth pairs and the 10 backbone segments as
 * bridges. The suite is a rule cover from a quarter of the edge terminals (seeded), to keep the
 * selection to a few seconds; healthy, it passes every test Linux can run, and a rule dropping on a
 * backbone router, an ACL entry flipped and a segment link down fail what emulation fails and are
 * localised. The faults are chosen from what the tests that run observe, so a test sees each.
 */
@Tag("netns")
@Tag("datasets")
class LiveStanfordNetnsTest {
    static final String NAME = "stan" + ProcessHandle.current().pid();

    @TempDir
    static Path dir;
    static Path suiteDir;
    /** The suite, the data plane built and the healthy round; its {@code run()} is the tests a live run judges. */
    static LiveChecks.Up live;

    @BeforeAll
    static void up() {
        ModelSource source = new ModelSource("stanford-apkeep", Datasets.dir("stanford-apkeep").toString());
        suiteDir = dir.resolve("suite");
        live = LiveChecks.upOnEdge(suiteDir, source, NAME);
    }

    @AfterAll
    static void down() {
        if (live == null) return;
        assertThat(LiveDataPlane.down(NAME)).hasSize(18);
        assertThat(NetNamespace.list()).noneMatch(n -> n.startsWith("sonde-atpg-" + NAME));
    }

    @Test
    void everyLinkIsBuiltAndTheHealthyDataPlanePassesEveryTestItRuns() {
        assertThat(live.built().unexpressed()).isEmpty();
        assertThat(live.built().devices()).isEqualTo(16);
        assertThat(live.built().links()).isEqualTo(11);
        assertThat(live.built().segments()).isEqualTo(10);
        // every link of the model is carried: a veth pair's two directions or a segment's accept rule
        Network n = live.file().network().load().model().network();
        String bridge = live.plane().testbed().exec(Wiring.SEGMENTS, "nft", "list", "table", "bridge", Compiler.NFT_TABLE);
        for (Link l : n.links()) {
            if (live.plane().wiring().segment(l.fromPortId()) != null) assertThat(bridge).contains("comment \"link " + l.id() + "\"");
            else assertThat(live.plane().wiring().peer(l.fromPortId())).as(l.id()).isEqualTo(l.toPortId());
        }
        assertThat(live.healthy().results()).hasSizeGreaterThan(50).allSatisfy(r -> assertThat(r.pass()).as(r.id() + " " + r.reason()).isTrue());
        assertThat(live.healthy().notRun()).allSatisfy(r -> assertThat(r.why()).containsAnyOf("martian", "loops in the model"));
        // the tests that run cross the segments: from a zone router to the backbone and back down
        assertThat(live.run()).anySatisfy(t -> assertThat(t.links()).anyMatch(id -> live.plane().wiring().segment(n.link(id).orElseThrow().fromPortId()) != null));
    }

    @Test
    void aRuleDroppingOnABackboneRouterFailsWhatEmulationFailsAndIsLocalised() {
        Network n = live.file().network().load().model().network();
        String rule = observed(e -> n.rule(e).isPresent() && n.tables().stream().anyMatch(t -> t.deviceId().startsWith("bbr")
                && t.rules().stream().anyMatch(r -> r.id().equals(e))));
        faultFailsWhatEmulationFailsAndIsLocalised("rule:" + rule + ":drop", rule);
    }

    @Test
    void anAclEntryFlippedFailsWhatEmulationFailsAndIsLocalised() {
        Network n = live.file().network().load().model().network();
        String entry = observed(e -> n.aclEntry(e).isPresent());
        boolean permits = n.aclEntry(entry).orElseThrow().verdict() == AclEntry.Verdict.PERMIT;
        faultFailsWhatEmulationFailsAndIsLocalised(entry + (permits ? ":deny" : ":permit"), entry);
    }

    @Test
    void aSegmentLinkDownFailsWhatEmulationFailsAndIsLocalised() {
        Network n = live.file().network().load().model().network();
        String link = observed(e -> n.link(e).filter(l -> live.plane().wiring().segment(l.fromPortId()) != null).isPresent());
        faultFailsWhatEmulationFailsAndIsLocalised("link:" + link + ":down", link);
        assertThat(live.plane().testbed().exec(Wiring.SEGMENTS, "nft", "list", "table", "bridge", Compiler.NFT_TABLE)).contains("comment \"link " + link + "\"");
    }

    /** The first (by id) element that a test of the run observes and {@code kind} accepts. */
    private static String observed(java.util.function.Predicate<String> kind) {
        return live.run().stream().flatMap(t -> t.observed().stream()).filter(kind).sorted().findFirst().orElseThrow();
    }

    /**
     * The fault fails some test, the same tests as in emulation (where they differ, only as the other live tests
     * explain: the model has a packet sent into a link that is down leave there, Linux loses it, so an
     * expected-drop test fails only in emulation), and {@code faulty} is a suspect.
     */
    private static void faultFailsWhatEmulationFailsAndIsLocalised(String fault, String faulty) {
        List<Fault> faults = List.of(Fault.parse("test", fault));
        LiveRun.Outcome o = LiveRun.run(suiteDir, NAME, faults, LiveChecks.LATENCY_MS);
        Map<String, Emulator.Result> predicted = new HashMap<>();
        Emulator.run(live.file().network().load().model(), live.file().suite(), faults, LiveChecks.LATENCY_MS).forEach(r -> predicted.put(r.id(), r));
        LiveChecks.failsWhatEmulationFails(fault, o, predicted);
        var l = Localizer.localize(Localizer.observations(live.file().suite(), o.results()), live.file().network().load().model(), live.file().suite());
        assertThat(l.suspects()).contains(faulty);
    }
}
