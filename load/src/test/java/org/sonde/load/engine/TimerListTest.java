package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TimerListTest {
    private static ClientConnection connection() {
        return new ClientConnection(0, new LineFramer());
    }

    @Test
    void entriesExpireInOrderOfScheduling() {
        TimerList<ClientConnection> timers = new TimerList<>(100);
        ClientConnection a = connection();
        ClientConnection b = connection();
        ClientConnection c = connection();
        timers.schedule(a.progressTimer, 0);
        timers.schedule(b.progressTimer, 10);
        timers.schedule(c.progressTimer, 20);
        timers.schedule(a.progressTimer, 30); // rescheduling moves a to the tail
        assertThat(timers.nextDeadline()).isEqualTo(110);
        assertThat(timers.pollExpired(105)).isNull();
        assertThat(timers.pollExpired(125).owner).isSameAs(b);
        assertThat(timers.pollExpired(125).owner).isSameAs(c);
        assertThat(timers.pollExpired(125)).isNull();
        assertThat(timers.pollExpired(130).owner).isSameAs(a);
        assertThat(timers.nextDeadline()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void removedEntriesNeverExpire() {
        TimerList<ClientConnection> timers = new TimerList<>(5);
        ClientConnection a = connection();
        ClientConnection b = connection();
        timers.schedule(a.keepaliveTimer, 0);
        timers.schedule(b.keepaliveTimer, 0);
        timers.remove(a.keepaliveTimer);
        timers.remove(a.keepaliveTimer); // twice is harmless
        assertThat(timers.pollExpired(10).owner).isSameAs(b);
        assertThat(timers.pollExpired(10)).isNull();
    }
}
