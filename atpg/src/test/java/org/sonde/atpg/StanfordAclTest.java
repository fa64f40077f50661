package org.sonde.atpg;

import org.sonde.testkit.Datasets;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.AclEntryRef;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.reach.Model;

/**
 * ATPG on APKeep's Stanford snapshot with its ACLs: the rule cover covers ACL entries too, deny
 * entries get expected-absent packets, and a changed entry (a seeded sample of the entries the
 * regular packets observe, each given the other verdict) is detected and always among the
 * suspects. Prints the figures.
 */
@Tag("datasets")
class StanfordAclTest {
    @Test
    void changedAclEntriesAreDetectedAndSuspected() {
        ModelSource.Loaded loaded = new ModelSource("stanford-apkeep", Datasets.dir("stanford-apkeep").toString()).load();
        Model model = loaded.model();
        Network n = model.network();
        long t0 = System.nanoTime();
        Suite suite = Selector.select(model, SelectOptions.of(loaded.terminals(), Cover.RULES));
        double seconds = (System.nanoTime() - t0) / 1e9;
        // Counting copies per exit, every rule and ACL entry on a path to a terminal is observed.
        assertThat(suite.summary().coverage()).isEqualTo(1.0);
        assertThat(suite.unobserved()).isEmpty();
        assertThat(suite.summary().unverifiedPaths()).isZero();
        TreeSet<String> permits = new TreeSet<>(), denies = new TreeSet<>();
        for (TestPacket t : suite.tests())
            for (String e : t.observed())
                n.aclEntry(e).ifPresent(entry -> (entry.verdict() == AclEntry.Verdict.PERMIT ? permits : denies).add(e));
        assertThat(permits).isNotEmpty();
        assertThat(denies).isNotEmpty();
        assertThat(suite.tests()).anySatisfy(t -> {
            assertThat(t.expectDrop()).isTrue();
            assertThat(t.rules().getLast()).startsWith(AclEntryRef.PREFIX);
        });

        Random random = new Random(20_261_121L);
        List<String> sample = new ArrayList<>();
        for (TreeSet<String> kind : List.of(permits, denies)) {
            List<String> all = new ArrayList<>(kind);
            Collections.shuffle(all, random);
            sample.addAll(all.subList(0, Math.min(20, all.size())));
        }
        List<Integer> sizes = new ArrayList<>();
        for (String e : sample) {
            String flip = e + (permits.contains(e) ? ":deny" : ":permit");
            List<Emulator.Result> results = Emulator.run(model, suite, List.of(Fault.parse("test", flip)), 1_000);
            assertThat(results).as(flip).anySatisfy(r -> assertThat(r.pass()).isFalse());
            Localizer.Localization l = Localizer.localize(Localizer.observations(suite, results), model, suite);
            assertThat(l.suspects()).as(flip).contains(e);
            sizes.add(l.suspects().size());
        }
        sizes.sort(null);
        System.out.printf("stanford-apkeep with ACLs: %s, selection %.1f s; ACL entries observed by regular packets: %d permit, %d deny;"
                        + " %d flipped entries localised, suspect-set sizes min %d median %d max %d%n", suite.summary(), seconds,
                permits.size(), denies.size(), sizes.size(), sizes.getFirst(), sizes.get(sizes.size() / 2), sizes.getLast());
    }
}
