package org.sonde.verify.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.Json;
import org.sonde.verify.check.Check;
import org.sonde.verify.stable.Watcher;

class WatchJsonTest {
    @Test
    void statesAndTheMeansPerUpdate() throws Exception {
        WatchJson watch = new WatchJson();
        // two updates in the first state, one in the second: 6 subnets checked in 3 updates
        watch.add(new Watcher.StableState(1_500_000_000L, 2, 0, 0, 4, List.of(), List.of(), 0, new long[] {1_000, 3_000},
                new long[] {2_000_000, 4_000_000}));
        watch.add(new Watcher.StableState(3_100_000_000L, 1, 1, 0, 2, List.of(), List.of(), 1, new long[] {5_000}, new long[] {3_000_000}));
        assertThat(watch.states()).isEqualTo(2);
        assertThat(watch.updateMapMicrosMean()).isEqualTo(3.0);
        assertThat(watch.updateReduceMillisMean()).isEqualTo(3.0);
        assertThat(watch.updateMapMicrosMedian()).isEqualTo(3.0);
        assertThat(watch.updateReduceMillisMedian()).isEqualTo(3.0);

        JsonNode json = Json.mapper().readTree(CheckJson.text(watch.of("toy", 50, EnumSet.of(Check.BLACKHOLES, Check.LOOPS), 0.5, 3,
                20_000_000, List.of())));
        assertThat(json.properties()).extracting(Map.Entry::getKey).containsExactly("snapshot", "epsilonMs", "checks", "initialSeconds",
                "events", "states", "updateMapMicrosMean", "updateReduceMillisMean", "updateMapMicrosMedian", "updateReduceMillisMedian",
                "subnetsCheckedPerUpdate",
                "heapMegabytesAfterInitialCheck", "violations");
        assertThat(json.get("checks")).extracting(JsonNode::asText).containsExactly("loops", "blackholes");
        assertThat(json.get("subnetsCheckedPerUpdate").asDouble()).isEqualTo(2.0);
        assertThat(json.get("heapMegabytesAfterInitialCheck").asDouble()).isEqualTo(20.0);
        JsonNode first = json.get("states").get(0);
        assertThat(first.properties()).extracting(Map.Entry::getKey).containsExactly("stableAtMs", "events", "late", "rejected",
                "subnetsChecked", "appeared", "cleared", "violations");
        assertThat(first.get("stableAtMs").asDouble()).isEqualTo(1500.0);
        assertThat(json.get("states").get(1).get("late").asInt()).isEqualTo(1);
    }

    @Test
    void withoutUpdatesTheMeansAreZero() throws Exception {
        WatchJson watch = new WatchJson();
        assertThat(watch.updateMapMicrosMean()).isZero();
        assertThat(watch.updateMapMicrosMedian()).isZero();
        JsonNode json = Json.mapper().readTree(CheckJson.text(watch.of("toy", 0, EnumSet.of(Check.LOOPS), 0, 0, 0, List.of())));
        assertThat(json.get("states")).isEmpty();
        assertThat(json.get("subnetsCheckedPerUpdate").isDouble()).isTrue();
    }
}
