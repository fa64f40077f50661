package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The connection's shared data: what it starts with, and the timestamp clock. */
class TcbTest {
    @Test
    void startsOpenWithTheConfiguredDuplicateThresholdAndNoRetransmission() {
        Tcb tp = new Tcb(3);
        assertThat(tp.caState).isEqualTo(CongestionControl.OPEN);
        assertThat(tp.reordering).isEqualTo(3);
        assertThat(tp.retransStamp).isEqualTo(-1);
    }

    @Test
    void theTimestampClockTicksInMillisecondsFromTheRandomOffsetAndWraps() {
        Tcb tp = new Tcb(3);
        tp.tsOffset = 0xFFFF_FFF0L; // 16 ms before the 32-bit clock wraps
        assertThat(tp.tsOf(0)).isEqualTo(-16); // 0xFFFFFFF0 as a signed int
        assertThat(tp.tsOf(15_999_999)).isEqualTo(-1); // the clock counts whole milliseconds
        assertThat(tp.tsOf(16_000_000)).isZero();
        assertThat(tp.tsOf(1_016_000_000)).isEqualTo(1000);
        // echoes are compared by the difference of the 32-bit values, so the wrap does not matter
        assertThat(tp.tsOf(20_000_000) - tp.tsOf(10_000_000)).isEqualTo(10);
    }
}
