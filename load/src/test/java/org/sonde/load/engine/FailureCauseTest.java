package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.sonde.load.stats.Counter;
import org.sonde.netio.TcpSockets;

class FailureCauseTest {
    @Test
    void anAnswerBeforeTheHandshakeIsARefusalAndAfterItAReset() {
        assertThat(FailureCause.of(TcpSockets.ECONNREFUSED, false)).isEqualTo(Counter.SK_REFUSED);
        assertThat(FailureCause.of(113, false)).as("EHOSTUNREACH: an ICMP unreachable").isEqualTo(Counter.SK_REFUSED);
        assertThat(FailureCause.of(TcpSockets.ECONNRESET, true)).isEqualTo(Counter.SK_RESET);
        assertThat(FailureCause.of(TcpSockets.EPIPE, true)).isEqualTo(Counter.SK_RESET);
    }

    @Test
    void silenceBeforeTheHandshakeIsALossAndAfterItATimeout() {
        assertThat(FailureCause.of(TcpSockets.ETIMEDOUT, false)).isEqualTo(Counter.SK_LOST);
        assertThat(FailureCause.of(TcpSockets.ETIMEDOUT, true)).isEqualTo(Counter.SK_TIMEOUT);
    }

    @Test
    void aLocalErrorHasNoNetworkCause() {
        assertThat(FailureCause.of(99, false)).as("EADDRNOTAVAIL: no free source port").isNull();
    }
}
