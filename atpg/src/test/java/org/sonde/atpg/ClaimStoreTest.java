package org.sonde.atpg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.dataplane.model.Examples.PA;
import static org.sonde.dataplane.model.Examples.PB;
import static org.sonde.dataplane.model.Examples.PC;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.model.Examples;
import org.sonde.dataplane.reach.Model;
import org.sonde.testkit.Datasets;

/**
 * The cover's sets held flat or read from the candidates' histories give the same suite: rules
 * and links, drop rules and deny entries (expected-absent paths claim only their last step),
 * --only, weights (the heap queue) and several seeds.
 */
class ClaimStoreTest {
    private static void sameEitherWay(Model model, SelectOptions options) {
        Suite flat = Selector.select(model, options, Phases.quiet(), Selector.ClaimStore.FLAT);
        Suite read = Selector.select(model, options, Phases.quiet(), Selector.ClaimStore.FROM_HISTORIES);
        assertThat(read).isEqualTo(flat);
        assertThat(Selector.select(model, options, Phases.quiet(), Selector.ClaimStore.AS_THE_HEAP_ALLOWS)).isEqualTo(flat);
    }

    @Test
    void theThreeSwitchExampleSelectsTheSameSuiteEitherWay() {
        Model model = Model.of(Examples.threeSwitch());
        List<Integer> terminals = List.of(PA, PB, PC);
        for (long seed = 1; seed <= 5; seed++) {
            for (Cover cover : Cover.values()) sameEitherWay(model, SelectOptions.of(terminals, cover).withSeed(seed));
            sameEitherWay(model, SelectOptions.of(terminals, Cover.RULES).withSeed(seed).withOnly(Set.of("rB3", "rC1")));
            sameEitherWay(model, SelectOptions.of(terminals, Cover.RULES).withSeed(seed).withWeights(Map.of("rB3", 2.5)));
        }
    }

    @Test
    @Tag("datasets")
    void stanfordWithItsAclsSelectsTheSameSuiteEitherWay() {
        ModelSource.Loaded loaded = new ModelSource("stanford-apkeep", Datasets.dir("stanford-apkeep").toString()).load();
        List<Integer> terminals = loaded.terminals().subList(0, Math.min(40, loaded.terminals().size()));
        Suite flat = Selector.select(loaded.model(), SelectOptions.of(terminals, Cover.RULES), Phases.quiet(), Selector.ClaimStore.FLAT);
        // Deny entries and drop rules give expected-absent packets, which claim their last step only.
        assertThat(flat.summary().expectDropPackets()).isPositive();
        assertThat(Selector.select(loaded.model(), SelectOptions.of(terminals, Cover.RULES), Phases.quiet(), Selector.ClaimStore.FROM_HISTORIES))
                .isEqualTo(flat);
    }
}
