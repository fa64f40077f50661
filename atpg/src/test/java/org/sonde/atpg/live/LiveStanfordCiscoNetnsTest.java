package org.sonde.atpg.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.atpg.Emulator;
import org.sonde.atpg.Fault;
import org.sonde.atpg.Localizer;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.Network;
import org.sonde.netio.NetNamespace;
import org.sonde.testkit.Datasets;

/**
 * ATPG live on a real subset of the Cisco-import Stanford snapshot ({@code --format stanford}; needs root
 * and the datasets): backbone router bbrb and zone router goza with their real FIBs (3,387 rules), ACLs
 * (goza's, most of them on VLAN interfaces, so bound to the ports carrying those VLANs), VLAN memberships
 * (access ports, trunks) and MAC tables, joined by the snapshot's trunk between them (VLAN 3; on the whole
 * snapshot a backbone segment, with one zone router of the subset on it a veth pair). Two routers keep the
 * selection and the run well under a minute; the whole snapshot's figures are in BENCHMARKS.md. The suite
 * is a rule cover from a quarter of the edge terminals (seeded). Healthy, every test Linux runs passes and
 * arrives where emulation says, the others counted and explained; an ACL entry flipped fails what
 * emulation fails and is localised.
 */
@Tag("netns")
@Tag("datasets")
class LiveStanfordCiscoNetnsTest {
    static final String NAME = "cisco" + ProcessHandle.current().pid();
    static final List<String> ROUTERS = List.of("bbrb_rtr", "goza_rtr");
    /** The lines of the snapshot's topology (APKeep's, its ACL nodes collapsed) between the subset's routers. */
    static final String TOPOLOGY = """
            bbrb_rtr te1/1 goza_rtr te3/1
            goza_rtr te3/1 bbrb_rtr te1/1
            """;

    @TempDir
    static Path dir;
    static Path suiteDir;
    /** The suite, the data plane built and the healthy round; its {@code run()} is the tests a live run judges. */
    static LiveChecks.Up live;

    @BeforeAll
    static void up() throws IOException {
        Path snapshot = Datasets.dir("stanford-backbone"), routers = Files.createDirectories(dir.resolve("routers"));
        for (String r : ROUTERS)
            for (String suffix : List.of("_config.txt", "_route.txt", "_arp_table.txt", "_mac_table.txt", "_spanning_tree.txt"))
                Files.copy(snapshot.resolve(r + suffix), routers.resolve(r + suffix));
        Path topology = Files.writeString(dir.resolve("topology.txt"), TOPOLOGY);
        ModelSource source = new ModelSource("stanford", routers.toString(), topology.toString());
        suiteDir = dir.resolve("suite");
        live = LiveChecks.upOnEdge(suiteDir, source, NAME);
    }

    @AfterAll
    static void down() {
        if (live == null) return;
        assertThat(LiveDataPlane.down(NAME)).hasSize(3);
        assertThat(NetNamespace.list()).noneMatch(n -> n.startsWith("sonde-atpg-" + NAME));
    }

    @Test
    void theSubsetIsBuiltWithItsVlansAndPassesEveryTestItRunsAsEmulationDoes() {
        Network n = live.file().network().load().model().network();
        assertThat(live.built().devices()).isEqualTo(2);
        assertThat(live.built().links()).isEqualTo(1);
        assertThat(n.vlanMemberships()).hasSizeGreaterThan(50);
        // what is listed: the field tcp_ctrl, the MAC tables, and rules sending to a routed port with dot1Q subinterfaces (a trunk of
        // their VLANs) without setting one
        assertThat(live.built().unexpressed()).allSatisfy(u -> assertThat(u.element()).matches("field:tcp_ctrl|macTable:.*|rule:.*"));
        assertThat(live.built().unexpressed()).filteredOn(u -> u.element().startsWith("rule:"))
                .allSatisfy(u -> assertThat(u.why()).contains("without setting or matching a VLAN"));
        // the backbone trunk between bbrb and goza takes VLAN 3 only: tagged, or at its VLAN MAC for VLAN 3
        int trunk = n.ports().stream().filter(p -> p.deviceId().equals("goza_rtr") && p.name().equals("te3/1")).findFirst().orElseThrow().id();
        assertThat(live.plane().testbed().exec(live.plane().wiring().nodeOfPort(trunk), "nft", "list", "chain", "netdev", Compiler.NFT_TABLE, Wiring.iface(trunk)))
                .contains("vlan id map { 3 : 0x00000003 }", "ether daddr " + Wiring.vlanMac(trunk, 3) + " ");
        Map<String, Emulator.Result> predicted = new HashMap<>();
        Emulator.run(live.file().network().load().model(), live.file().suite(), List.of(), LiveChecks.LATENCY_MS).forEach(r -> predicted.put(r.id(), r));
        assertThat(live.healthy().results()).hasSizeGreaterThan(1000)
                .allSatisfy(r -> assertThat(r.pass()).as(r.id() + " " + r.reason()).isTrue())
                .allSatisfy(r -> assertThat(r.observed().keySet()).as(r.id()).isEqualTo(predicted.get(r.id()).observed().keySet()));
        // not run: martian destinations, and paths through a rule the data plane does not carry
        assertThat(live.healthy().notRun()).allSatisfy(r -> assertThat(r.why()).containsAnyOf("martian", "does not carry", "loops in the model"));
        assertThat(live.healthy().notRun().size()).isLessThan(live.healthy().results().size() / 10);
        // the tests that run cross the routers' trunks in their VLANs
        assertThat(live.run()).anySatisfy(t -> assertThat(t.links()).isNotEmpty());
    }

    @Test
    void anAclEntryFlippedFailsWhatEmulationFailsAndIsLocalised() {
        Network n = live.file().network().load().model().network();
        // an entry of an ACL on a VLAN interface (bound to the ports carrying the VLAN) when a test observes one
        String entry = live.run().stream().flatMap(t -> t.observed().stream()).filter(e -> n.aclEntry(e).isPresent()).sorted()
                .min(java.util.Comparator.comparing(e -> !e.contains("@vlan"))).orElseThrow();
        boolean permits = n.aclEntry(entry).orElseThrow().verdict() == AclEntry.Verdict.PERMIT;
        faultFailsWhatEmulationFailsAndIsLocalised(entry + (permits ? ":deny" : ":permit"), entry);
    }

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
