package org.sonde.dataplane.io.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.testkit.Datasets;
import org.sonde.dataplane.io.cisco.CiscoCef;
import org.sonde.dataplane.io.cisco.CiscoConfig;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Network;

/** The raw Stanford backbone files, counted against the datasets README and the data-plane anchor note. */
@Tag("datasets")
class StanfordCiscoDatasetsTest {
    @Test
    void fullImport(TestReporter reporter, @TempDir Path tmp) throws IOException {
        Path topology = tmp.resolve("stanford-topology.txt");
        Files.writeString(topology, StanfordCiscoImport.topologyFromApkeep(Datasets.dir("stanford-apkeep")));
        long start = System.nanoTime();
        StanfordCiscoImport.Import imp = StanfordCiscoImport.load(Datasets.dir("stanford-backbone"), topology);
        long millis = (System.nanoTime() - start) / 1_000_000;
        reporter.publishEntry("stanford-backbone import wall time (ms)", Long.toString(millis));
        Network n = imp.network();
        // Measured, not asserted: wall time depends on the machine and on JIT warm-up.
        assertThat(n.devices()).hasSize(16);
        // README: the FIBs of coza, cozb, soza and sozb are absent; they are listed, not fatal.
        assertThat(imp.missingFiles()).containsExactly("coza_rtr_route.txt", "cozb_rtr_route.txt", "soza_rtr_route.txt", "sozb_rtr_route.txt");
        assertThat(imp.devicesWithoutRules()).containsExactly("coza_rtr", "cozb_rtr", "soza_rtr", "sozb_rtr");
        assertThat(n.tables()).hasSize(12);
        // Anchor §2: the other 12 routers hold 23,259 raw FIB entries (yoza 4,746, yozb 2,592); one rule each.
        assertThat(n.ruleCount()).isEqualTo(23_259);
        assertThat(n.table("yoza_rtr").orElseThrow().rules()).hasSize(4_746);
        assertThat(n.table("yozb_rtr").orElseThrow().rules()).hasSize(2_592);
        // Anchor §1.1: attached 7,618 / receive 1,694 / drop 43 over the 12 files; the 69 ECMP continuation lines are ignored.
        assertThat(imp.nextHopKinds()).containsEntry(CiscoCef.Kind.ATTACHED, 7_618).containsEntry(CiscoCef.Kind.RECEIVE, 1_694)
                .containsEntry(CiscoCef.Kind.DROP, 43);
        assertThat(imp.ecmpContinuations()).isEqualTo(69);
        // Not in the references: the rest of the rows (an address next hop, or 224.0.0.0/4 multicast on five routers).
        assertThat(imp.nextHopKinds()).containsEntry(CiscoCef.Kind.ADDRESS, 13_899).containsEntry(CiscoCef.Kind.MULTICAST, 5);
        // Anchor §2: 1,636 numbered + 290 named ACL entries; applied 414 + 272 = 686.
        long numbered = lines(imp, true, false), named = lines(imp, false, false);
        assertThat(numbered).isEqualTo(1_636);
        assertThat(named).isEqualTo(290);
        assertThat(lines(imp, true, true) + lines(imp, false, true)).isEqualTo(686);
        assertThat(lines(imp, true, true)).isEqualTo(414);
        // Links: the 37 tuples of hassel (via APKeep's topology), 74 directed links over 58 ports.
        assertThat(n.links()).hasSize(74);
        assertThat(n.links().stream().flatMap(l -> java.util.stream.Stream.of(l.fromPortId(), l.toPortId())).distinct()).hasSize(58);
        // Measured on this data (no reference): what could not be resolved as written, and why.
        assertThat(imp.unresolved()).hasSize(55);
        assertThat(imp.unresolved().stream().filter(u -> u.reason().startsWith("no ARP entry"))).hasSize(35);
        assertThat(imp.unresolved().stream().filter(u -> u.reason().startsWith("tunnel"))).hasSize(5);
        assertThat(imp.ignored().stream().filter(u -> u.reason().startsWith("policy routing"))).hasSize(170);
        assertThat(n.ports()).hasSize(756);
        assertThat(n.macEntries()).hasSize(51_671);
        assertThat(NetworkJson.read("stanford-backbone.json", NetworkJson.write(n))).isEqualTo(n);
        reporter.publishEntry("stanford-backbone", n + ", " + n.aclBindings().size() + " ACL bindings, " + n.vlanMemberships().size() + " VLAN memberships");
    }

    /** ACL lines over all devices, numbered or named, optionally only of ACLs some interface binds. */
    private static long lines(StanfordCiscoImport.Import imp, boolean numbered, boolean appliedOnly) {
        long sum = 0;
        for (CiscoConfig c : imp.configs().values()) {
            Set<String> bound = c.interfaces().stream().flatMap(i -> i.accessGroups().stream()).map(CiscoConfig.AccessGroup::acl).collect(Collectors.toSet());
            for (CiscoConfig.Acl a : c.acls().values())
                if (a.name().matches("[0-9]+") == numbered && (!appliedOnly || bound.contains(a.name()))) sum += a.lines().size();
        }
        return sum;
    }
}
