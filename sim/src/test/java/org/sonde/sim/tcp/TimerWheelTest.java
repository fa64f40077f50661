package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.sonde.sim.kernel.Simulator;

/**
 * Timers armed in jiffies (HZ 250: 4 ms ticks), each expected time worked out from {@code kernel/time/timer.c}'s rules:
 * the timeout in whole ticks rounded up, added to the current jiffy, and {@code calc_index()}'s bucket one past the
 * expiry at the level's granularity (1 tick below 63 ticks, 8 ticks below 504).
 */
class TimerWheelTest {
    private static final long MS = 1_000_000L, TICK = 4 * MS;

    @Test
    void withoutATickATimerFiresAtItsDeadline() {
        assertThat(new TimerWheel(0, 0).expiry(5 * MS, 8 * MS + 123)).isEqualTo(8 * MS + 123);
    }

    @Test
    void aShortTimeoutFiresAtTheTickAfterItsExpiryJiffy() {
        TimerWheel w = new TimerWheel(TICK, 0);
        // armed in jiffy 1 (4-8 ms): 3 ms is 1 tick, expiry jiffy 2, its bucket is jiffy 3's tick at 12 ms
        assertThat(w.expiry(5 * MS, 8 * MS)).isEqualTo(12 * MS);
        assertThat(w.expiry(7 * MS + 900_000, 8 * MS + 100_000)).isEqualTo(12 * MS);
        // a whole tick is one tick: from jiffy 1's start, expiry 2, fired at 12 ms
        assertThat(w.expiry(4 * MS, 8 * MS)).isEqualTo(12 * MS);
        // 4.5 ms rounds up to 2 ticks
        assertThat(w.expiry(4 * MS, 8 * MS + 500_000)).isEqualTo(16 * MS);
        // a timeout of 0 fires at the next tick
        assertThat(w.expiry(5 * MS, 5 * MS)).isEqualTo(8 * MS);
    }

    @Test
    void theRtoFloorIsFiftyTicksOnLevelZero() {
        // 200 ms = 50 ticks < 63: expiry jiffy 50, fired at jiffy 51
        assertThat(new TimerWheel(TICK, 0).expiry(0, 200 * MS)).isEqualTo(51 * TICK);
    }

    @Test
    void longerTimeoutsAreRoundedUpToEightTicks() {
        TimerWheel w = new TimerWheel(TICK, 0);
        // 400 ms = 100 ticks >= 63: level 1; expiry jiffy 100 -> bucket (100 / 8 + 1) * 8 = 104
        assertThat(w.expiry(0, 400 * MS)).isEqualTo(104 * TICK);
        // armed in jiffy 5: expiry 105 -> (105 / 8 + 1) * 8 = 112
        assertThat(w.expiry(20 * MS, 420 * MS)).isEqualTo(112 * TICK);
        // 2.2 s = 550 ticks >= 504: level 2, 64 ticks: (550 / 64 + 1) * 64 = 576
        assertThat(w.expiry(0, 2_200 * MS)).isEqualTo(576 * TICK);
    }

    @Test
    void theOriginPlacesTheTicks() {
        // jiffies was 0 at 1 ms: at 0 it is -1 (the tick at -3 ms); 3 ms is 1 tick: expiry 0, fired at jiffy 1's tick, 5 ms
        assertThat(new TimerWheel(TICK, MS).expiry(0, 3 * MS)).isEqualTo(5 * MS);
        // jiffies was 0 long before the simulation: only the phase and the count's multiples of 8 matter
        long origin = -1_000_003 * TICK + 2 * MS; // jiffy 1,000,003 began at 2 ms
        assertThat(new TimerWheel(TICK, origin).expiry(3 * MS, 5 * MS)).isEqualTo(10 * MS);
        // 100 ticks from jiffy 1,000,003: expiry 1,000,103 -> (1,000,103 / 8 + 1) * 8 = 1,000,104, i.e. 101 ticks after 2 ms
        assertThat(new TimerWheel(TICK, origin).expiry(3 * MS, 403 * MS)).isEqualTo(2 * MS + 101 * TICK);
    }

    @Test
    void theRetransmissionTimerFiresOnATick() {
        Simulator sim = new Simulator();
        Scoreboard sb = new Scoreboard();
        RttEstimator rtt = new RttEstimator(TcpConfig.LINUX, new Tcb(3));
        long[] firedAt = {-1};
        XmitTimer xt = new XmitTimer(sim, sb, rtt, TcpConfig.LINUX.withTimerTicks(TICK, MS).timerWheel(), () -> firedAt[0] = sim.now());
        sim.runUntil(6 * MS); // jiffy 1 (5-9 ms)
        xt.reset(XmitTimer.LOSS_PROBE, 6 * MS + 2_500_000);
        sim.run();
        // 2.5 ms is 1 tick: expiry jiffy 2, fired at jiffy 3's tick, 1 + 3 * 4 = 13 ms
        assertThat(firedAt[0]).isEqualTo(13 * MS);
    }
}
