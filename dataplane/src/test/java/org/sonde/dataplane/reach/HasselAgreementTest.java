package org.sonde.dataplane.reach;

import org.sonde.testkit.Datasets;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.io.hassel.HasselImport;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.HeaderLayouts;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;

/**
 * Sonde's all-pairs reachability against hassel's C code on the same models, with the figures of
 * the datasets README: every port-map port a source, all-wildcard header, a source's own output
 * (itself, or its +20000 copy) not its destination.
 */
@Tag("datasets")
class HasselAgreementTest {
    record Figures(long pairs, int rules, int links) {}

    private static ReachResult run(Network network, List<Integer> sources, int stages) {
        return Reachability.compute(network, ReachOptions.from(sources).withStages(stages).withHistoriesPerPair(1).withPairHeaders(false)
                .withOutputTwins(ReachOptions.hasselOutputTwins(network)));
    }

    private static Figures figures(ReachResult r, Network n, Set<String> ruleIds) {
        // the count `sonde reach` prints: hassel does not count a port reaching its own output copy
        long pairs = r.pairs().size() - r.pairsBackToTheSourcesOwnOutput(ReachOptions.hasselOutputTwins(n));
        assertThat(pairs).isEqualTo(r.pairs().stream().filter(p -> p.destination() != p.source() + ReachOptions.HASSEL_OUTPUT_OFFSET).count());
        Set<String> rules = new TreeSet<>();
        for (String id : r.exercisedRules()) rules.add(ruleIds.contains(id) ? id : id.substring(0, id.lastIndexOf('@')));
        return new Figures(pairs, rules.size(), r.exercisedLinks().size());
    }

    private static List<Integer> mappedPorts(HasselImport.Import imp) {
        return imp.network().ports().subList(0, imp.mappedPorts()).stream().map(Port::id).toList();
    }

    private static Set<String> ruleIds(Network n) {
        Set<String> ids = new TreeSet<>();
        n.tables().forEach(t -> t.rules().forEach(r -> ids.add(r.id())));
        return ids;
    }

    @Test
    void stanfordAgreesWithHasselUpToItsShadowingShortcut() {
        HasselImport.Import imp = HasselImport.load(Datasets.dir("stanford-hassel-ip"), HeaderLayouts.HASSEL_IP_DST);
        Network n = imp.network();
        // Exact first-match semantics: 2,070 pairs fewer than hassel's 31,404; the rules (all but
        // the 472 drop rules) and links (72 of 74) are hassel's.
        assertThat(figures(run(n, mappedPorts(imp), 1), n, ruleIds(n))).isEqualTo(new Figures(29_544, 3_368, 72));
        // Why: hassel's rule_apply returns before recording a rule as applied when its one
        // out-port is the in-port (split horizon), and deps_diff only subtracts applied rules, so
        // such a rule does not shadow the rules below it at that port: a prefix routed back out of
        // the port it came in by falls through to shorter prefixes. Replaying that shortcut gives
        // 31,402; the last 2 pairs come from hassel's emptiness test, which drops a space only when
        // one subtracted cube covers it, not a union of several.
        assertThat(figures(run(withHasselShadowingShortcut(n), mappedPorts(imp), 1), n, ruleIds(n)))
                .isEqualTo(new Figures(31_402, 3_368, 72));
    }

    @Test
    void internet2AgreesWithHasselExactly() {
        HasselImport.Import imp = HasselImport.load(Datasets.dir("internet2-hassel"), HeaderLayouts.HASSEL_VLAN_IP_DST);
        // Wall time on 2 cores, measured when written: about 28 s (hassel-c: 363 s with two workers).
        ReachResult r = run(imp.network(), mappedPorts(imp), 2);
        assertThat(figures(r, imp.network(), ruleIds(imp.network()))).isEqualTo(new Figures(25_453, 77_841, 26));
        // hassel's result count (path, header-space leaves) for the same run.
        assertThat(r.paths()).isEqualTo(12_792_029);
    }

    /**
     * The network with each rule split per in-port ({@code id@port}) and, at each port, no
     * shadowing by earlier rules whose only out-port is that port: hassel's behaviour.
     */
    private static Network withHasselShadowingShortcut(Network n) {
        List<RuleTable> tables = new ArrayList<>();
        for (RuleTable t : n.tables()) {
            List<Rule> rules = new ArrayList<>();
            for (Rule r : t.rules()) {
                for (int port : new TreeSet<>(r.inPortIds())) {
                    List<String> shadowedBy = new ArrayList<>();
                    for (String s : r.shadowedBy()) {
                        Rule earlier = n.rule(s).orElseThrow();
                        if (earlier.inPortIds().contains(port) && !onlyOutPort(earlier, port)) shadowedBy.add(s + "@" + port);
                    }
                    rules.add(new Rule(r.id() + "@" + port, r.priority(), Set.of(port), r.match(), r.actions(), shadowedBy, r.origin()));
                }
            }
            tables.add(new RuleTable(t.deviceId(), t.policy(), rules));
        }
        return Network.forwarding(n.layout(), n.devices(), n.ports(), n.links(), tables);
    }

    private static boolean onlyOutPort(Rule r, int port) {
        return r.actions().getLast() instanceof Action.Forward f && f.portIds().equals(List.of(port));
    }
}
