package org.sonde.inject.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;
import org.sonde.inject.config.RdmaVerb;

class FuzzTargetLoaderTest {
    static FuzzTarget parse(String yaml) {
        return FuzzTargetLoader.parse(yaml, "target.yaml", "target");
    }

    @Test
    void anObjectiveAloneIsTheBuiltInTarget() {
        FuzzTarget t = parse("objective: noisy-neighbour");
        FuzzTarget builtIn = FuzzTarget.noisyNeighbour();
        assertThat(t.name()).isEqualTo("target");
        assertThat(t).usingRecursiveComparison().ignoringFields("name").isEqualTo(builtIn);
        assertThat(parse("objective: general").space()).isEqualTo(SearchSpace.GENERAL);
    }

    @Test
    void theExampleTargetsAreTheBuiltInOnesWrittenOut() {
        assertThat(FuzzTargetLoader.load(Path.of("../examples/inject/fuzz/noisy-neighbour.yaml")))
                .usingRecursiveComparison().ignoringFields("name").isEqualTo(FuzzTarget.noisyNeighbour());
        assertThat(FuzzTargetLoader.load(Path.of("../examples/inject/fuzz/general.yaml")))
                .usingRecursiveComparison().ignoringFields("name").isEqualTo(FuzzTarget.general());
    }

    @Test
    void keysOverrideTheirPartOnly() {
        FuzzTarget t = parse("""
                name: reads
                objective: noisy-neighbour
                pool-size: 4
                accept-probability: 0.5
                anomaly: {innocent-mct-inflation: 5}
                weights: {discards: 2, innocent-mct-inflation: 1}
                space:
                  verbs: [read]
                  num-qps: [20, 40]
                  mtu: [1024]
                  event-types: [drop]
                """);
        assertThat(t.name()).isEqualTo("reads");
        assertThat(t.poolSize()).isEqualTo(4);
        assertThat(t.acceptProbability()).isEqualTo(0.5);
        assertThat(t.anomaly()).isEqualTo(new AnomalyRule(5, false, false));
        assertThat(t.weights()).isEqualTo(Map.of(ScoreTerm.DISCARDS, 2.0, ScoreTerm.INNOCENT_MCT_INFLATION, 1.0));
        assertThat(t.space().verbs()).containsExactly(RdmaVerb.READ);
        assertThat(t.space().numQps()).isEqualTo(new IntRange(20, 40));
        assertThat(t.space().mtus()).isEqualTo(List.of(1024));
        assertThat(t.space().eventTypes()).containsExactly(SearchSpace.EventType.DROP);
        assertThat(t.space().messageSize()).isEqualTo(SearchSpace.NOISY_NEIGHBOUR.messageSize());
    }

    @Test
    void mistakesAreNamedWithTheirLine() {
        assertThatThrownBy(() -> parse("objective: noisy-neighbour\nspace: {num-qps: [9, 2]}"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("line 2").hasMessageContaining("space.num-qps");
        assertThatThrownBy(() -> parse("space: {colour: red}")).isInstanceOf(BadInputException.class).hasMessageContaining("colour");
        assertThatThrownBy(() -> parse("space: {verbs: [teleport]}")).isInstanceOf(BadInputException.class).hasMessageContaining("teleport");
        assertThatThrownBy(() -> parse("objective: general\nanomaly: {innocent-mct-inflation: 3}"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("noisy-neighbour");
    }
}
