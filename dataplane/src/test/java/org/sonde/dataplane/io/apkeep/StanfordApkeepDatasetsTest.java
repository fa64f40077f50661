package org.sonde.dataplane.io.apkeep;

import org.sonde.testkit.Datasets;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.SwitchportMode;

/** APKeep's full Stanford snapshot, counted against the datasets README and the data-plane anchor note. */
@Tag("datasets")
class StanfordApkeepDatasetsTest {
    @Test
    void fullSnapshot(TestReporter reporter) {
        long start = System.nanoTime();
        StanfordApkeepImport.Import imp = StanfordApkeepImport.load(Datasets.dir("stanford-apkeep"));
        long millis = (System.nanoTime() - start) / 1_000_000;
        // Measured, not asserted: wall time depends on the machine and on JIT warm-up.
        reporter.publishEntry("stanford-apkeep import wall time (ms)", Long.toString(millis));
        Network n = imp.network();

        assertThat(n.devices()).hasSize(16);
        // README: 9,052 updates, the first 4,526 insert the snapshot; anchor: 3,840 fwd + 686 acl.
        assertThat(imp.insertions()).isEqualTo(4_526);
        assertThat(imp.deletions()).isEqualTo(4_526);
        assertThat(n.ruleCount()).isEqualTo(3_840);
        // Anchor: APKeep's fwd rules are hassel's simple-TF rules, with the same per-router counts.
        Map<String, Integer> perDevice = n.tables().stream().collect(Collectors.toMap(RuleTable::deviceId, t -> t.rules().size()));
        assertThat(perDevice).hasSize(16).contains(Map.entry("bbra_rtr", 869), Map.entry("bbrb_rtr", 843),
                Map.entry("yoza_rtr", 247), Map.entry("rozb_rtr", 90));
        // Anchor: 37 physical tuples, 74 directed links over 58 ports, once the 89 ACL nodes are collapsed.
        assertThat(n.links()).hasSize(74);
        Set<Integer> linked = n.links().stream().flatMap(l -> Stream.of(l.fromPortId(), l.toPortId())).collect(Collectors.toSet());
        assertThat(linked).hasSize(58);
        assertThat(n.links().stream().filter(l -> l.origin().lines().size() > 1)).hasSize(18);
        // Anchor: 686 applied ACL entries (414 numbered + 272 named) in acls/: 29 ACLs and 11 usage files (40 files).
        assertThat(n.acls()).hasSize(29);
        assertThat(imp.aclLines()).hasSize(686);
        assertThat(n.acls().stream().filter(a -> a.id().endsWith("ACL")).mapToLong(a -> imp.aclLines().stream()
                .filter(l -> l.aclId().equals(a.id())).count()).sum()).isEqualTo(272);
        int modelEntries = n.acls().stream().mapToInt(a -> a.entries().size()).sum();
        assertThat(modelEntries).isEqualTo(imp.aclLines().stream().mapToInt(StanfordApkeepImport.AclLine::entryCount).sum())
                .isGreaterThan(686); // port ranges such as 137-139 become several ternary entries
        assertThat(imp.aclLines().stream().filter(l -> l.dstPort().low() != l.dstPort().high() && l.dstPort().high() - l.dstPort().low() < 65535)).isNotEmpty();
        // topo.txt names 108 ACL nodes (the anchor counts the 89 with a permit edge); the usage files bind exactly those.
        assertThat(n.aclBindings()).hasSize(108);
        // README/anchor: vlan.txt has 1,413 lines, one per (device, VLAN).
        Set<String> deviceVlans = n.vlanMemberships().stream().flatMap(v -> ((SwitchportMode.Trunk) v.mode()).allowedVlanIds().stream()
                .map(vlan -> n.port(v.portId()).orElseThrow().deviceId() + " " + vlan)).collect(Collectors.toSet());
        assertThat(deviceVlans).hasSize(1_413);
        // No reference exists for APKeep's port count (hassel's maps have 813, 298 or 202): the names its files use.
        assertThat(n.ports()).hasSize(257);
        assertThat(modelEntries).isEqualTo(730);

        assertThat(NetworkJson.read("stanford-apkeep.json", NetworkJson.write(n))).isEqualTo(n);
    }
}
