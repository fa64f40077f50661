package org.sonde.dataplane.io.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.sonde.testkit.Datasets;
import org.sonde.dataplane.io.hassel.HasselImport;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.io.junos.JunosForwardingTable;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.HeaderLayouts;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.reach.ReachOptions;
import org.sonde.dataplane.reach.ReachResult;
import org.sonde.dataplane.reach.Reachability;

/**
 * The raw Internet2 files, counted, and compared with hassel's model of the same data
 * ({@code internet2-hassel}): rules, links and reachability.
 */
@Tag("datasets")
class Internet2JunosDatasetsTest {
    private static final List<String> ROUTERS = List.of("hous", "salt", "seat", "wash", "losa", "chic", "newy32aoa", "kans", "atla");
    /** One import for every test (the model is immutable): each import reads all nine routers' tables. */
    private static Internet2JunosImport.Import imported;
    private static long importMillis;

    @BeforeAll
    static void importOnce() {
        long start = System.nanoTime();
        imported = Internet2JunosImport.load(Datasets.dir("internet2"));
        importMillis = (System.nanoTime() - start) / 1_000_000;
    }

    @Test
    void fullImport(TestReporter reporter) {
        Internet2JunosImport.Import imp = imported;
        // Measured, not asserted: wall time depends on the machine and on JIT warm-up.
        reporter.publishEntry("internet2 import wall time (ms), 9 routers", Long.toString(importMillis));
        Network n = imp.network();
        assertThat(n.devices()).extracting(d -> d.id()).containsExactlyElementsOf(ROUTERS);
        assertThat(n.ports()).hasSize(345); // the port map's, as in hassel's model
        assertThat(imp.missingFiles()).isEmpty();
        // IPv4 destinations of default.inet per router (counted independently of this parser), less the
        // 361 that repeat an earlier entry's prefix (a local address as intf and dest route).
        Map<String, Integer> entries = Map.of("atla", 14_087, "chic", 14_291, "hous", 14_078, "kans", 14_125, "losa", 14_147,
                "newy32aoa", 14_164, "salt", 14_089, "seat", 14_119, "wash", 14_206);
        Map<String, Integer> duplicates = new TreeMap<>();
        imp.duplicates().forEach(d -> duplicates.merge(d.file().substring(0, d.file().indexOf('-')), 1, Integer::sum));
        for (String r : ROUTERS)
            assertThat(n.table(r).orElseThrow().rules().size() + duplicates.getOrDefault(r, 0)).as(r).isEqualTo(entries.get(r));
        assertThat(imp.duplicates()).hasSize(361);
        assertThat(n.ruleCount()).isEqualTo(126_945);
        assertThat(imp.nextHopTypes()).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(Map.entry("indr", 106_747), Map.entry("ucst", 18_775),
                Map.entry("locl", 379), Map.entry("rslv", 357), Map.entry("bcst", 271), Map.entry("recv", 263), Map.entry("dscd", 80),
                Map.entry("mcst", 36), Map.entry("rjct", 12), Map.entry("hold", 11), Map.entry("mdsc", 9), Map.entry("ulst", 5)));
        assertThat(imp.ecmpAlternatives()).isEqualTo(5); // seat's five two-way unilists
        assertThat(imp.lagEntries()).isEqualTo(36_973);
        // Every hold next hop, nothing else, is unresolved: every interface named is a port or a bundle.
        assertThat(imp.unresolved()).hasSize(11).allMatch(u -> u.reason().contains("is held"));
        assertThat(imp.ignored()).isEmpty();
        // Not modelled, counted: multicast (S,G) keys in default.inet, and the other tables' destinations.
        assertThat(imp.otherDestinations()).isEqualTo(3_709);
        assertThat(imp.otherTables()).containsExactlyInAnyOrderEntriesOf(Map.of("default.inet6", 11_755, "default.iso", 19, "default.mpls", 899));
        assertThat(n.links()).hasSize(66);
        assertThat(NetworkJson.read("internet2.json", NetworkJson.write(n))).isEqualTo(n);
        reporter.publishEntry("internet2", n.toString());
    }

    /**
     * hassel's 77,841 rules are 390 VLAN-stage rules (a port and a VLAN into the router) and 77,451
     * rewrite rules (set the output unit's VLAN, forward), one per compressed group of entries:
     * hassel's parser reads only rows of two shapes (an indirect route and the line after it, and
     * eight-column rows with next hop and interface), and merges adjacent prefixes with the same
     * output (a rule then cites several lines). So it keeps every indirect route, and leaves out
     * connected subnets (rslv), local addresses, reject and discard routes, which Sonde keeps as
     * forwarding or drop rules; it forwards the recv and bcst rows out of their interface, which
     * Sonde drops (they are for the router itself).
     */
    @Test
    void everyLineHasselReadsIsOneOfOurEntries(TestReporter reporter) throws IOException {
        Network n = imported.network();
        HasselImport.Import hassel = HasselImport.load(Datasets.dir("internet2-hassel"), HeaderLayouts.HASSEL_VLAN_IP_DST);
        assertThat(hassel.network().ruleCount()).isEqualTo(77_841);
        long vlanStage = hassel.network().tables().stream().flatMap(t -> t.rules().stream()).filter(r -> r.actions().size() == 1).count();
        assertThat(vlanStage).isEqualTo(390);
        Map<String, Long> cited = new TreeMap<>();
        for (String router : ROUTERS) {
            String file = router + Internet2JunosImport.FIB_SUFFIX;
            Set<Integer> ours = new HashSet<>();
            String text = Files.readString(Datasets.dir("internet2").resolve(file), StandardCharsets.ISO_8859_1);
            for (JunosForwardingTable.Entry e : JunosForwardingTable.parse(file, text).entries()) ours.addAll(e.lines());
            Set<Integer> theirs = new HashSet<>();
            long rewrite = 0;
            for (Rule r : hassel.network().table(router).orElseThrow().rules()) {
                if (r.actions().size() == 1) continue;
                rewrite++;
                assertThat(r.origin().file()).endsWith(file);
                theirs.addAll(r.origin().lines());
            }
            reporter.publishEntry(router, n.table(router).orElseThrow().rules().size() + " Sonde rules, " + rewrite + " hassel rewrite rules");
            // a set difference, not AssertJ's containsAll: that compares each of theirs with each of ours
            assertThat(theirs.stream().filter(line -> !ours.contains(line)).sorted().toList()).as(router + ": hassel's lines Sonde has no entry for").isEmpty();
            for (Rule r : n.table(router).orElseThrow().rules()) {
                String first = r.origin().label().split(" ")[0];
                boolean read = r.origin().lines().stream().anyMatch(theirs::contains);
                if (read) cited.merge(first, 1L, Long::sum);
                if (first.equals("indr")) assertThat(read).as(r.id()).isTrue();
                if (Set.of("rslv", "locl", "rjct", "mdsc", "mcst", "ulst").contains(first)) assertThat(read).as(r.id()).isFalse();
            }
        }
        // 126,016 of the 126,945 rules (counted independently of this code): all 106,747 indirect
        // routes, 18,729 of 18,775 direct unicast ones, and the recv, bcst and hold rows hassel forwards.
        assertThat(cited.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(126_016);
        assertThat(cited.get("indr")).isEqualTo(106_747);
        assertThat(cited.get("ucst")).isEqualTo(18_729);
        reporter.publishEntry("Sonde rules whose lines hassel's rules cite, by first next-hop type", cited.toString());
    }

    /**
     * The links derived from point-to-point subnets against hassel's topology.tf (28 links each
     * way): 26 are the same; hassel's other two are off by a port, and it lacks seven.
     */
    @Test
    void linksAgainstHasselsTopology() {
        Network n = imported.network();
        HasselImport.Import hassel = HasselImport.load(Datasets.dir("internet2-hassel"), HeaderLayouts.HASSEL_VLAN_IP_DST);
        Set<String> ours = pairs(n, n.links(), 0), theirs = pairs(hassel.network(), hassel.network().links(), ReachOptions.HASSEL_OUTPUT_OFFSET);
        assertThat(ours).hasSize(33);
        assertThat(theirs).hasSize(28);
        Set<String> common = new TreeSet<>(ours);
        common.retainAll(theirs);
        assertThat(common).hasSize(26);
        Set<String> onlyHassel = new TreeSet<>(theirs), onlyOurs = new TreeSet<>(ours);
        onlyHassel.removeAll(ours);
        onlyOurs.removeAll(theirs);
        // kans xe-1/0/3 is a LAN port ("lan.kans.net.internet2.edu:B3"); chic xe-1/0/3's circuit
        // I2-CHIC-KANS-10GE-05976 is kans xe-0/0/0's. hous xe-3/1/0 holds 64.57.28.78/31 with kans
        // ge-6/2/0 (a link both have); losa ge-6/0/0 holds 64.57.28.84/31 with hous xe-3/2/0
        // (circuit I2-HOUS-LOSA-10GE-05559 on both).
        assertThat(onlyHassel).containsExactlyInAnyOrder("chic xe-1/0/3 - kans xe-1/0/3", "hous xe-3/1/0 - losa ge-6/0/0");
        assertThat(onlyOurs).containsExactlyInAnyOrder(
                "chic xe-1/0/3 - kans xe-0/0/0", "chic xe-1/0/0 - kans xe-0/0/1", // the other two members of the CHIC-KANS bundle
                "hous xe-3/2/0 - losa ge-6/0/0",
                "chic et-4/0/0-0 - wash et-4/0/0-0", "chic et-4/0/0-1 - wash et-4/0/0-1", // the CHIC-WASH 100GE bundle (64.57.28.200/31, .202/31)
                "hous xe-1/2/0 - losa ge-6/2/0", "hous xe-3/3/0 - kans ge-6/1/0"); // "ION BACKBONE" units (64.57.28.116/31, .118/31)
    }

    /** Undirected physical links as "router port - router port", ends in name order; hassel's leave from output twins. */
    private static Set<String> pairs(Network n, List<Link> links, int twinOffset) {
        Set<String> out = new TreeSet<>();
        for (Link l : links) {
            Port a = n.port(l.fromPortId() - twinOffset).orElseThrow(), b = n.port(l.toPortId()).orElseThrow();
            String x = a.deviceId() + " " + a.name(), y = b.deviceId() + " " + b.name();
            out.add(x.compareTo(y) < 0 ? x + " - " + y : y + " - " + x);
        }
        return out;
    }

    /**
     * All-pairs reachability from every port, all-wildcard header. hassel's figure on its model of
     * the same data is 25,453 pairs (datasets README). Sonde's differs by design: its sources are
     * the ports with an inet unit (hassel's VLAN stage also leaves out units above 4095, such as
     * pc-7/0/0.16383), a bundle forwards out of its first member (hassel: its last), connected
     * subnets forward (hassel leaves them out) and recv, bcst and dsc rows drop (hassel forwards
     * them). What must hold whatever the number: every in-port reaches something, every port a
     * rule forwards to is reached, and each source reaches at least every port its own router
     * forwards to (one hop, with all headers), but never more than all of them.
     */
    @Test
    void allPairsReachability(TestReporter reporter) {
        Network n = imported.network();
        List<Integer> sources = n.ports().stream().map(Port::id).toList();
        long start = System.nanoTime();
        ReachResult r = Reachability.compute(n, ReachOptions.from(sources));
        long millis = (System.nanoTime() - start) / 1_000_000;
        Map<String, Set<Integer>> in = new HashMap<>(), targets = new HashMap<>();
        for (RuleTable t : n.tables())
            for (Rule rule : t.rules()) {
                in.computeIfAbsent(t.deviceId(), d -> new TreeSet<>()).addAll(rule.inPortIds());
                if (rule.actions().getLast() instanceof Action.Forward f) targets.computeIfAbsent(t.deviceId(), d -> new TreeSet<>()).addAll(f.portIds());
            }
        Set<Integer> allIn = new TreeSet<>(), allTargets = new TreeSet<>(), reachedFrom = new TreeSet<>(), reached = new TreeSet<>();
        in.values().forEach(allIn::addAll);
        targets.values().forEach(allTargets::addAll);
        r.pairs().forEach(p -> {
            reachedFrom.add(p.source());
            reached.add(p.destination());
        });
        assertThat(reachedFrom).isEqualTo(allIn);
        assertThat(reached).isEqualTo(allTargets);
        long oneHop = 0;
        for (String d : in.keySet())
            for (int s : in.get(d)) oneHop += targets.get(d).stream().filter(p -> p != s).count();
        assertThat((long) r.pairs().size()).isBetween(oneHop, (long) allIn.size() * allTargets.size());
        assertThat(r.loops()).isEmpty();
        reporter.publishEntry("internet2 all-pairs reachability", r.pairs().size() + " reachable port pairs from " + allIn.size() + " sources to "
                + allTargets.size() + " ports (one-hop lower bound " + oneHop + "; hassel on its model: 25,453); " + r.exercisedRules().size()
                + " of " + n.ruleCount() + " rules and " + r.exercisedLinks().size() + " of " + n.links().size() + " links exercised; "
                + r.paths() + " paths; " + millis + " ms wall (compile " + r.timings().compileMillis() + " ms, search " + r.timings().searchMillis() + " ms)");
    }
}
