package org.sonde.sim.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RandomStreamsTest {
    @Test
    void randomStreamsDependOnSeedAndNameOnly() {
        RandomStreams a = new RandomStreams(7);
        RandomStreams b = new RandomStreams(7);
        b.stream("other"); // creating other streams first changes nothing
        assertThat(a.stream("host:h1").nextLong()).isEqualTo(b.stream("host:h1").nextLong());
        assertThat(a.stream("host:h1").nextLong()).isNotEqualTo(a.stream("host:h2").nextLong());
        assertThat(new RandomStreams(8).stream("host:h1").nextLong()).isNotEqualTo(a.stream("host:h1").nextLong());
    }
}
