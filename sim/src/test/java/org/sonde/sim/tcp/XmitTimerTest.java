package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.sim.kernel.Simulator;

/** The shared retransmission timer and {@code tcp_rearm_rto()}. */
class XmitTimerTest {
    private static final long MS = 1_000_000L;

    private final Simulator sim = new Simulator();
    private final Scoreboard sb = new Scoreboard();
    private final RttEstimator rtt = new RttEstimator(TcpConfig.LINUX, new Tcb(3));
    private final List<String> fired = new ArrayList<>();
    private XmitTimer xt;

    XmitTimerTest() {
        xt = new XmitTimer(sim, sb, rtt, TcpConfig.LINUX.timerWheel(), () -> fired.add(sim.now() + " " + xt.pending));
        rtt.rto = 300 * MS;
    }

    @Test
    void theRtoCountsFromNowAndTheHandlerSeesWhatWasArmed() {
        sb.add(1, 1000, false, 0, 0);
        sim.runUntil(50 * MS);
        xt.rearmRto();
        assertThat(xt.pending).isEqualTo(XmitTimer.RETRANS);
        assertThat(xt.timer.deadline()).isEqualTo(350 * MS);
        sim.run();
        assertThat(fired).containsExactly(350 * MS + " " + XmitTimer.RETRANS);
    }

    @Test
    void afterALossProbeOrReorderingTimerTheRtoStillCountsFromTheHeadsTransmission() {
        sb.add(1, 1000, false, 100 * MS, 0);
        sim.runUntil(150 * MS);
        xt.reset(XmitTimer.LOSS_PROBE, 160 * MS);
        xt.rearmRto();
        assertThat(xt.pending).isEqualTo(XmitTimer.RETRANS);
        assertThat(xt.timer.deadline()).isEqualTo(400 * MS); // sent at 100 ms + RTO 300 ms
        assertThat(xt.rtoDelta()).isEqualTo(250 * MS);

        sim.runUntil(500 * MS); // fires at 400 ms
        xt.reset(XmitTimer.REO_TIMEOUT, 510 * MS);
        xt.rearmRto(); // the head's RTO is already past: at once (1 ns), never in the past
        assertThat(xt.timer.deadline()).isEqualTo(500 * MS + 1);
    }

    @Test
    void withNothingOutstandingAPendingRtoIsClearedAndOtherUsesAreLeft() {
        xt.reset(XmitTimer.RETRANS, 10 * MS);
        xt.rearmRto();
        assertThat(xt.pending).isEqualTo(XmitTimer.NONE);
        assertThat(xt.timer.armed()).isFalse();
        xt.reset(XmitTimer.PROBE0, 20 * MS); // a zero-window probe waits with an empty queue
        xt.rearmRto();
        assertThat(xt.pending).isEqualTo(XmitTimer.PROBE0);
        sim.run();
        assertThat(fired).containsExactly(20 * MS + " " + XmitTimer.PROBE0);
    }

    @Test
    void clearingDisarms() {
        xt.reset(XmitTimer.LOSS_PROBE, 10 * MS);
        xt.clear();
        sim.run();
        assertThat(fired).isEmpty();
        assertThat(xt.pending).isEqualTo(XmitTimer.NONE);
    }
}
