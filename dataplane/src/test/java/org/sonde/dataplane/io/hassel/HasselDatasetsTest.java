package org.sonde.dataplane.io.hassel;

import org.sonde.testkit.Datasets;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.HeaderLayouts;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Rule;

/** The full hassel models, counted against the datasets README and the data-plane anchor note. */
@Tag("datasets")
class HasselDatasetsTest {
    /** Physical ports at either end of a link: an output copy ({@code @out}, +20000) counts as its port. */
    static Set<Integer> linkedPorts(Network n) {
        return n.links().stream().flatMap(l -> Stream.of(l.fromPortId(), l.toPortId()))
                .map(id -> n.port(id).orElseThrow().name().endsWith("@out") ? id - 20_000 : id)
                .collect(Collectors.toSet());
    }

    static long rules(Network n, java.util.function.Predicate<Rule> p) {
        return n.tables().stream().flatMap(t -> t.rules().stream()).filter(p).count();
    }

    @Test
    void stanfordIpOnly() {
        HasselImport.Import imp = HasselImport.load(Datasets.dir("stanford-hassel-ip"), HeaderLayouts.HASSEL_IP_DST);
        Network n = imp.network();
        assertThat(n.devices()).hasSize(16);
        assertThat(imp.mappedPorts()).isEqualTo(202);
        assertThat(imp.derivedPorts()).isZero();
        assertThat(n.ruleCount()).isEqualTo(3_840);
        assertThat(imp.rulesByFile()).hasSize(16).contains(Map.entry("bbra_rtr.tf", 869), Map.entry("bbrb_rtr.tf", 843),
                Map.entry("yoza_rtr.tf", 247), Map.entry("rozb_rtr.tf", 90));
        assertThat(imp.linkRules()).isEqualTo(74);
        assertThat(n.links()).hasSize(74);
        assertThat(linkedPorts(n)).hasSize(58);
        // Stanford's TFs predate hassel's commit that dropped LPM shadowing, so many rules have it.
        assertThat(rules(n, r -> !r.shadowedBy().isEmpty())).isPositive();
        assertThat(n.rule("bbra_rtr.tf#1").orElseThrow().origin().label()).isEqualTo("bbra_rtr_1");
        assertThat(NetworkJson.read("stanford.json", NetworkJson.write(n))).isEqualTo(n);
    }

    @Test
    void internet2() {
        HasselImport.Import imp = HasselImport.load(Datasets.dir("internet2-hassel"), HeaderLayouts.HASSEL_VLAN_IP_DST);
        Network n = imp.network();
        assertThat(n.devices()).hasSize(9);
        assertThat(imp.mappedPorts()).isEqualTo(345);
        assertThat(n.ports().stream().filter(p -> p.name().equals("engine"))).hasSize(9);
        assertThat(n.ruleCount()).isEqualTo(77_841);
        assertThat(rules(n, r -> r.actions().stream().anyMatch(a -> a instanceof Action.SetField))).isEqualTo(77_451);
        assertThat(rules(n, r -> r.actions().size() == 1)).isEqualTo(390);
        assertThat(imp.rulesByFile()).hasSize(9);
        assertThat(imp.linkRules()).isEqualTo(56);
        assertThat(linkedPorts(n)).hasSize(55);
        // hassel built Internet2 without influences: overlapping prefixes all fire.
        assertThat(rules(n, r -> !r.shadowedBy().isEmpty())).isZero();
        assertThat(n.rule("atla.tf#30").orElseThrow().origin().label()).isEqualTo("atla_30");
    }
}
