package org.sonde.load.userspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SocketTableTest {
    @Test
    void entriesAre64BytesEachInOneSegment() {
        try (SocketTable t = new SocketTable(1_000)) {
            assertThat(SocketTable.ENTRY_BYTES).isEqualTo(64);
            assertThat(t.bytes()).isEqualTo(64_000);
            // the last field ends inside the entry
            assertThat(SocketTable.LOCAL_IP + 4).isLessThanOrEqualTo(SocketTable.ENTRY_BYTES);
            t.intField(999, SocketTable.LOCAL_IP, 0x0a000001);
            t.state(999, TcpState.ESTABLISHED);
            assertThat(t.intField(999, SocketTable.LOCAL_IP)).isEqualTo(0x0a000001);
            assertThat(t.state(998)).isEqualTo(TcpState.CLOSED);
            assertThat(t.intField(998, SocketTable.LOCAL_IP)).isZero();
        }
    }

    @Test
    void timerListsExpireInOrderAndAnEntryIsOnOneListAtATime() {
        try (SocketTable t = new SocketTable(8)) {
            SocketTable.Timers rt = new SocketTable.Timers(t, 1, 100);
            SocketTable.Timers ka = new SocketTable.Timers(t, 2, 1000);
            rt.schedule(3, 0);
            rt.schedule(5, 10);
            rt.schedule(3, 20); // rescheduling moves 3 behind 5
            ka.schedule(7, 0);
            assertThat(rt.nextDeadline()).isEqualTo(110);
            assertThat(rt.pollExpired(109)).isEqualTo(SocketTable.NONE);
            assertThat(rt.pollExpired(200)).isEqualTo(5);
            assertThat(rt.pollExpired(200)).isEqualTo(3);
            assertThat(rt.isEmpty()).isTrue();
            assertThatThrownBy(() -> rt.schedule(7, 0)).hasMessageContaining("timer list 2");
            ka.cancel(7);
            rt.schedule(7, 0);
            assertThat(rt.pollExpired(100)).isEqualTo(7);
            assertThat(ka.nextDeadline()).isEqualTo(Long.MAX_VALUE);
        }
    }
}
