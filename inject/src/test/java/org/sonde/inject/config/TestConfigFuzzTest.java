package org.sonde.inject.config;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.sonde.core.BadInputException;

/** Mutated test files are either accepted or rejected with a located {@link BadInputException}, never another exception. */
class TestConfigFuzzTest {

    @Provide
    Arbitrary<String> mutated() {
        String base = TestConfigLoaderTest.LISTING_2 + "  ctrl-pkt-events:\n  - {packet: nak, qpn: 1, psn: 3, type: reorder, after-packets: 2}\n";
        Arbitrary<Integer> position = Arbitraries.integers().between(0, base.length() - 1);
        Arbitrary<String> insert = Arbitraries.of("", " ", "\n", ":", "-", "[", "{", "}", "0", "-1", "all", "\"", "99999999999", "x: 1\n", "  ", "\t", "#");
        return net.jqwik.api.Combinators.combine(position, Arbitraries.integers().between(0, 6), insert)
                .as((at, cut, text) -> base.substring(0, at) + text + base.substring(Math.min(base.length(), at + cut)));
    }

    @Property(tries = 400)
    void mutatedFilesFailOnlyWithALocatedBadInput(@ForAll("mutated") String yaml) {
        try {
            TestConfig c = TestConfigLoader.parse(yaml, "fuzz.yaml", "fuzz");
            assertThat(c.traffic().numQps()).isPositive();
        } catch (BadInputException e) {
            assertThat(e.getMessage()).startsWith("fuzz.yaml: ");
            assertThat(e.problem()).isNotBlank();
        }
    }
}
