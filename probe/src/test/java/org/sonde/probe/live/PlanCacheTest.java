package org.sonde.probe.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.probe.plan.Limits;
import org.sonde.probe.plan.Plan;
import org.sonde.probe.plan.PlanJson;
import org.sonde.probe.plan.PlanOptions;
import org.sonde.probe.plan.Planner;
import org.sonde.probe.topology.Generators;
import org.sonde.probe.topology.Topology;

/** An agent's cached plan: a new plan file is taken, a bad or missing one is set aside and the cached plan stays. */
class PlanCacheTest {
    static final Topology FAT_TREE = Generators.fatTree(4);

    @TempDir
    Path dir;

    @Test
    void aChangedPlanIsTakenAndABadOneLeavesTheCachedPlanInForce() throws Exception {
        Path file = dir.resolve("plan.json");
        Plan first = Planner.plan(FAT_TREE, PlanOptions.defaults(1)), second = Planner.plan(FAT_TREE, PlanOptions.defaults(2));
        assertThat(second).isNotEqualTo(first);
        Files.writeString(file, PlanJson.text(first, Limits.NONE));
        PlanCache cache = new PlanCache(file, FAT_TREE);
        assertThat(cache.plan()).isEqualTo(first);
        assertThat(cache.refresh()).as("unchanged").isFalse();

        String secondText = PlanJson.text(second, Limits.NONE);
        Files.writeString(file, secondText.substring(0, secondText.length() / 2)); // a controller's write cut short
        assertThat(cache.refresh()).isFalse();
        assertThat(cache.plan()).isEqualTo(first);
        assertThat(cache.rejected()).singleElement().asString().contains(file.toString()).contains("cached plan stays in force");
        assertThat(cache.refresh()).as("the same bad text is not recorded twice").isFalse();
        assertThat(cache.rejected()).hasSize(1);

        Files.writeString(file, secondText);
        assertThat(cache.refresh()).isTrue();
        assertThat(cache.plan()).isEqualTo(second);
        assertThat(cache.reloads()).isEqualTo(1);

        Files.delete(file);
        assertThat(cache.refresh()).isFalse();
        assertThat(cache.plan()).isEqualTo(second);
        assertThat(cache.rejected()).hasSize(2).last().asString().contains("cannot be read");

        // a plan of another topology's agents is set aside too
        Files.writeString(file, PlanJson.text(Planner.plan(Generators.fatTree(6), PlanOptions.defaults(1)), Limits.NONE));
        assertThat(cache.refresh()).isFalse();
        assertThat(cache.plan()).isEqualTo(second);
        assertThat(cache.rejected()).hasSize(3);
    }

    @Test
    void theFirstPlanMustLoad() throws Exception {
        Path file = dir.resolve("plan.json");
        Files.writeString(file, "{\"format\": \"sonde-probe-plan\"");
        assertThatThrownBy(() -> new PlanCache(file, FAT_TREE)).isInstanceOf(BadInputException.class);
    }
}
