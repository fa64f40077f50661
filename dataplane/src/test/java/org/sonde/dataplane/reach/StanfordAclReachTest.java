package org.sonde.dataplane.reach;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.sonde.testkit.Datasets;
import org.sonde.dataplane.io.apkeep.StanfordApkeepImport;
import org.sonde.dataplane.model.AclEntryRef;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.reach.ReachResult.PairReach;

/**
 * All-pairs reachability on APKeep's Stanford snapshot (29 ACLs, 686 entries, 108 bindings) with
 * and without its ACLs, every port a source. ACLs only take headers away, so no pair gains
 * headers, and some ACL entries lie on delivering paths.
 */
@Tag("datasets")
class StanfordAclReachTest {
    @Test
    void aclsOnlyTakeAway(TestReporter reporter) {
        Network withAcls = StanfordApkeepImport.load(Datasets.dir("stanford-apkeep")).network();
        Network without = new Network(withAcls.layout(), withAcls.devices(), withAcls.ports(), withAcls.links(), withAcls.tables(),
                List.of(), List.of(), withAcls.vlanMemberships(), withAcls.macEntries());
        List<Integer> sources = withAcls.ports().stream().map(Port::id).toList();
        ReachOptions options = ReachOptions.from(sources).withHistoriesPerPair(1);
        long t0 = System.nanoTime();
        ReachResult plain = Reachability.compute(without, options);
        long t1 = System.nanoTime();
        ReachResult filtered = Reachability.compute(withAcls, options);
        long t2 = System.nanoTime();

        Map<List<Integer>, PairReach> before = new HashMap<>();
        plain.pairs().forEach(p -> before.put(List.of(p.source(), p.destination()), p));
        long fewerHeaders = 0;
        for (PairReach p : filtered.pairs()) {
            PairReach b = before.get(List.of(p.source(), p.destination()));
            assertThat(b).as("pair %d -> %d exists without ACLs", p.source(), p.destination()).isNotNull();
            assertThat(p.headers()).as("headers %d -> %d", p.source(), p.destination()).isLessThanOrEqualTo(b.headers());
            if (p.headers().compareTo(b.headers()) < 0) fewerHeaders++;
        }
        assertThat(filtered.pairs().size()).isLessThan(plain.pairs().size());
        assertThat(filtered.exercisedLinks()).isSubsetOf(plain.exercisedLinks());

        Set<String> entries = new TreeSet<>(), rules = new HashSet<>();
        for (String id : filtered.exercisedRules()) (AclEntryRef.isAclEntry(id) ? entries : rules).add(id);
        assertThat(plain.exercisedRules()).noneMatch(AclEntryRef::isAclEntry);
        assertThat(rules).isSubsetOf(plain.exercisedRules());
        assertThat(entries).isNotEmpty().allSatisfy(id -> assertThat(withAcls.aclEntry(id)).as(id).isPresent());
        Set<String> acls = new TreeSet<>();
        entries.forEach(id -> acls.add(AclEntryRef.parse(id).orElseThrow().aclId()));
        long totalEntries = withAcls.acls().stream().mapToLong(a -> a.entries().size()).sum();
        long boundAcls = withAcls.aclBindings().stream().map(b -> b.aclId()).distinct().count();

        String a = "stanford-apkeep reach without ACLs: " + plain.pairs().size() + " pairs, " + plain.exercisedRules().size()
                + " rules, " + plain.exercisedLinks().size() + " links, " + plain.paths() + " paths, " + (t1 - t0) / 1_000_000 + " ms";
        String b = "stanford-apkeep reach with ACLs: " + filtered.pairs().size() + " pairs (" + fewerHeaders + " with fewer headers), "
                + rules.size() + " rules, " + entries.size() + " of " + totalEntries + " ACL entries in " + acls.size() + " of " + boundAcls
                + " bound ACLs, " + filtered.exercisedLinks().size() + " links, " + filtered.paths() + " paths, " + (t2 - t1) / 1_000_000 + " ms";
        // Measured, not asserted: times depend on the machine.
        reporter.publishEntry("without ACLs", a);
        reporter.publishEntry("with ACLs", b);
        System.out.println(a);
        System.out.println(b);
    }
}
