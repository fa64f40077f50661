package org.sonde.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigMapTest {
    enum Mode { FAST_PATH, SLOW }

    @Test
    void typedGettersReadQuantitiesAndFallBack() {
        ConfigMap m = ConfigMap.of("tcp", Map.of("rto-min", "200ms", "mss", 1448, "mode", "fast-path", "ecn", "yes", "rate", "10Gbps"));
        assertThat(m.nanos("rto-min", 0, 0, Long.MAX_VALUE)).isEqualTo(200_000_000L);
        assertThat(m.integer("mss", 0, 1, 9000)).isEqualTo(1448);
        assertThat(m.choice("mode", Mode.class, Mode.SLOW)).isEqualTo(Mode.FAST_PATH);
        assertThat(m.bool("ecn", false)).isTrue();
        assertThat(m.bitsPerSecond("rate", 0, 1, Long.MAX_VALUE)).isEqualTo(10_000_000_000L);
        assertThat(m.bytes("buffer", 42, 0, 100)).isEqualTo(42);
        m.finish();
    }

    @Test
    void errorsNameTheKeyAndTheProblem() {
        ConfigMap m = ConfigMap.of("switches.s1", Map.of("buffer", "12 parsecs", "alpha", 7, "ecn", List.of(1), "typo", 1));
        assertThatThrownBy(() -> m.bytes("buffer", 0, 0, 1)).hasMessageStartingWith("switches.s1.buffer: size '12 parsecs'");
        assertThatThrownBy(() -> m.number("alpha", 1, 0, 4)).hasMessage("switches.s1.alpha: 7.0 is outside 0.0..4.0");
        assertThatThrownBy(() -> m.section("ecn")).hasMessage("switches.s1.ecn: must be a mapping of keys to values, got a list");
        assertThatThrownBy(m::finish).hasMessageStartingWith("switches.s1.typo: is not a known setting; known here: buffer, alpha, ecn");
        assertThatThrownBy(() -> ConfigMap.of("tcp", Map.of()).requiredString("mode")).hasMessage("tcp.mode: is required");
        assertThatThrownBy(() -> ConfigMap.of("t", Map.of("m", "x")).choice("m", Mode.class, null)).hasMessage("t.m: 'x' is not one of fast-path, slow");
    }
}
