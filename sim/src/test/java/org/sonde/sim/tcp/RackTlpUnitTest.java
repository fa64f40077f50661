package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * RACK-TLP's rules (RFC 8985) on a constructed scoreboard: the reordering window (6.2), the RACK segment
 * a delivery advances (6.2 step 2), the loss detection by transmit time and its timer (6.2 step 5), the
 * D-SACK-driven widening of the window (6.2 step 4) and the probe timeout (7.2). RACK.RTT is 40 ms in these
 * tests unless said otherwise, so the window is min_rtt/4 = 10 ms. The end-to-end behaviour is in
 * {@link RackTlpTest}.
 */
class RackTlpUnitTest {
    private static final long MS = 1_000_000L;

    private final TcpParts p = new TcpParts();
    private final RackTlp rack = p.rack;

    /** Delivers (SACKs) entry {@code i} now, as tcp_sacktag_write_queue() does: RACK sees it first. */
    private void sack(int i) {
        rack.rackAdvance(p.sb.bits(i), p.sb.end(i), p.sb.sentAt(i));
        p.sb.markSacked(i);
    }

    @Test
    void theWindowIsAQuarterOfTheMinimumRttPerStepAtMostSrtt() {
        p.rtt.rttEstimator(50 * MS);
        p.rtt.updateMinRtt(40 * MS, 0);
        assertThat(rack.rackReoWnd()).isEqualTo(10 * MS);
        rack.reoWndSteps = 3;
        assertThat(rack.rackReoWnd()).isEqualTo(30 * MS);
        rack.reoWndSteps = 8;
        assertThat(rack.rackReoWnd()).isEqualTo(50 * MS); // 80 ms capped at SRTT
    }

    @Test
    void withoutReorderingSeenThereIsNoWindowInRecoveryOrOnceDupThreshSegmentsAreSacked() {
        p.rttSample(40 * MS);
        p.send(5);
        p.tp.caState = CongestionControl.RECOVERY;
        assertThat(rack.rackReoWnd()).isZero();
        p.tp.reordSeen = 1; // reordering seen: the window stays, even in recovery
        assertThat(rack.rackReoWnd()).isEqualTo(10 * MS);

        p.tp.reordSeen = 0;
        p.tp.caState = CongestionControl.OPEN;
        for (int i = 0; i < 2; i++) p.sb.markSacked(i);
        assertThat(rack.rackReoWnd()).isEqualTo(10 * MS); // 2 SACKed, below tcp_reordering 3
        p.sb.markSacked(2);
        assertThat(rack.rackReoWnd()).isZero();

        TcpParts noDupThresh = new TcpParts(Map.of("recovery", TcpConfig.RACK_LOSS_DETECTION | TcpConfig.RACK_NO_DUPTHRESH));
        noDupThresh.rttSample(40 * MS);
        noDupThresh.send(5);
        for (int i = 0; i < 3; i++) noDupThresh.sb.markSacked(i);
        assertThat(noDupThresh.rack.rackReoWnd()).isEqualTo(10 * MS);
    }

    @Test
    void theRackSegmentIsTheLatestSentDeliveredAndItsRttTheLastDeliverysRtt() {
        p.at(100 * MS);
        rack.rackAdvance(0, 2000, 10 * MS);
        assertThat(rack.rackXmitTime).isEqualTo(10 * MS);
        assertThat(rack.rackRtt).isEqualTo(90 * MS);
        assertThat(rack.rackAdvanced).isTrue();
        rack.rackAdvance(0, 1000, 5 * MS); // sent earlier: the RTT is taken, the RACK segment stays
        assertThat(rack.rackXmitTime).isEqualTo(10 * MS);
        assertThat(rack.rackEndSeq).isEqualTo(2000);
        assertThat(rack.rackRtt).isEqualTo(95 * MS);
        rack.rackAdvance(0, 3000, 10 * MS); // sent at the same time: the higher sequence is the later one
        assertThat(rack.rackEndSeq).isEqualTo(3000);
        rack.rackAdvance(0, 2500, 10 * MS);
        assertThat(rack.rackEndSeq).isEqualTo(3000);
    }

    @Test
    void aRetransmittedSegmentAckedFasterThanTheMinimumRttTellsNothing() {
        p.rtt.updateMinRtt(50 * MS, 0);
        p.at(100 * MS);
        rack.rackAdvance(Scoreboard.EVER_RETRANS, 4000, 60 * MS); // 40 ms after the copy: the original was ACKed
        assertThat(rack.rackAdvanced).isFalse();
        assertThat(rack.rackXmitTime).isEqualTo(-1);
        rack.rackAdvance(Scoreboard.EVER_RETRANS, 4000, 40 * MS); // 60 ms: plausibly the copy
        assertThat(rack.rackAdvanced).isTrue();
        assertThat(rack.rackRtt).isEqualTo(60 * MS);
        rack.rackAdvance(0, 5000, 70 * MS); // an original is taken whatever its RTT
        assertThat(rack.rackRtt).isEqualTo(30 * MS);
    }

    /** Five segments sent 1 ms apart from 0 and a sixth at 5 ms; the fifth is SACKed at 44 ms (RACK.RTT 40 ms). */
    private void fifthSackedAt44() {
        for (int i = 0; i < 5; i++) {
            p.at(i * MS);
            p.send(1);
        }
        p.at(5 * MS);
        p.send(1);
        p.rttSample(40 * MS); // SRTT and min RTT 40 ms, RTO 240 ms
        p.at(44 * MS);
        sack(4);
    }

    @Test
    void segmentsSentBeforeTheRackSegmentAreLostOnceItsRttPlusTheWindowHasPassed() {
        fifthSackedAt44();
        // each is lost at its send time + 40 + 10 ms; the last of them (sent at 3 ms) waits longest: 9 ms
        assertThat(rack.rackDetectLoss()).isEqualTo(9 * MS);
        assertThat(p.sb.lostOut).isZero();
        p.at(50 * MS);
        assertThat(rack.rackDetectLoss()).isEqualTo(3 * MS);
        assertThat(p.sb.is(0, Scoreboard.LOST)).isTrue();
        assertThat(p.sb.lostOut).isEqualTo(1);
        p.at(53 * MS); // the one sent at 3 ms: exactly 50 ms ago, lost
        assertThat(rack.rackDetectLoss()).isZero();
        assertThat(p.sb.lostOut).isEqualTo(4);
        p.at(500 * MS); // the sixth was sent after the RACK segment: no delivery says anything about it yet
        rack.rackDetectLoss();
        assertThat(p.sb.is(5, Scoreboard.LOST)).isFalse();
    }

    @Test
    void theReorderingTimerWaitsForTheYoungestSegmentInDoubtPlusTimeoutMinAtMostTheRto() {
        fifthSackedAt44();
        assertThat(rack.rackMarkLost()).isTrue();
        assertThat(p.xt.pending).isEqualTo(XmitTimer.REO_TIMEOUT);
        assertThat(p.xt.timer.deadline()).isEqualTo(44 * MS + 9 * MS + RackTlp.TIMEOUT_MIN_NANOS);
        assertThat(rack.rackMarkLost()).isFalse(); // no new delivery since: nothing to look at

        TcpParts q = new TcpParts();
        for (int i = 0; i < 2; i++) {
            q.at(i * MS);
            q.send(1);
        }
        q.rttSample(40 * MS);
        q.rtt.rto = 5 * MS;
        q.at(41 * MS);
        q.rack.rackAdvance(q.sb.bits(1), q.sb.end(1), q.sb.sentAt(1));
        q.sb.markSacked(1);
        assertThat(q.rack.rackMarkLost()).isTrue(); // waits 9 ms + 2 ms, but the RTO is 5 ms
        assertThat(q.xt.timer.deadline()).isEqualTo(46 * MS);
    }

    @Test
    void aRetransmissionIsLostWhenASegmentSentAfterItIsDeliveredAndInRecoveryThereIsNoWindow() {
        for (int i = 0; i < 3; i++) {
            p.at(i * MS);
            p.send(1);
        }
        p.rttSample(40 * MS);
        p.tp.caState = CongestionControl.RECOVERY;
        p.sb.markLost(0);
        p.at(3 * MS);
        p.sb.markRetransmitted(0, 3 * MS, 0);
        p.at(4 * MS);
        p.send(1);
        p.at(44 * MS);
        sack(3);
        assertThat(rack.rackDetectLoss()).isZero();
        assertThat(p.sb.lostOut).isEqualTo(3);
        assertThat(p.sb.retransOut).isZero(); // the retransmission of the first is lost too
        assertThat(p.counter(TcpCounter.TcpExtTCPLostRetransmit)).isEqualTo(1);
    }

    @Test
    void aDsackFromARoundAfterTheLastChangeWidensTheWindowForSixteenRecoveries() {
        p.tp.delivered = 100;
        rack.rackDsackSeen = true;
        rack.rackUpdateReoWnd(true, 50);
        assertThat(rack.reoWndSteps).isEqualTo(2);
        assertThat(rack.reoWndPersist).isEqualTo(RackTlp.RACK_RECOVERY_THRESH);
        assertThat(rack.rackLastDelivered).isEqualTo(100);
        assertThat(rack.rackDsackSeen).isFalse();

        rack.rackDsackSeen = true;
        rack.rackUpdateReoWnd(true, 99); // the D-SACKed copy was sent before the window grew: no second step
        assertThat(rack.reoWndSteps).isEqualTo(2);
        assertThat(rack.rackDsackSeen).isFalse();

        p.tp.delivered = 130;
        rack.rackDsackSeen = true;
        rack.rackUpdateReoWnd(true, 100);
        assertThat(rack.reoWndSteps).isEqualTo(3);
        assertThat(rack.rackLastDelivered).isEqualTo(130);

        rack.rackUpdateReoWnd(true, 130);
        assertThat(rack.reoWndSteps).isEqualTo(3); // persists while recoveries are left
        rack.reoWndPersist = 0;
        rack.rackUpdateReoWnd(true, 130);
        assertThat(rack.reoWndSteps).isEqualTo(1);

        rack.rackDsackSeen = true;
        rack.rackUpdateReoWnd(false, 500); // an ACK that delivered nothing is no rate sample
        assertThat(rack.rackDsackSeen).isTrue();
        assertThat(rack.reoWndSteps).isEqualTo(1);

        rack.reoWndSteps = 0xFF;
        rack.rackUpdateReoWnd(true, 500);
        assertThat(rack.reoWndSteps).isEqualTo(0xFF);
    }

    @Test
    void aStaticWindowNeverWidens() {
        TcpParts s = new TcpParts(Map.of("recovery", TcpConfig.RACK_LOSS_DETECTION | TcpConfig.RACK_STATIC_REO_WND));
        s.rack.rackDsackSeen = true;
        s.rack.rackUpdateReoWnd(true, 0);
        assertThat(s.rack.reoWndSteps).isEqualTo(1);
    }

    @Test
    void theProbeTimeoutIsTwoSrttPlusTimeoutMinOrPlusRtoMinForASingleSegmentNeverAfterTheRto() {
        p.rttSample(40 * MS); // RTO 240 ms
        p.send(2);
        assertThat(rack.scheduleLossProbe(true)).isTrue();
        assertThat(p.xt.pending).isEqualTo(XmitTimer.LOSS_PROBE);
        assertThat(p.xt.timer.deadline()).isEqualTo(82 * MS); // 2·40 + 2

        TcpParts one = new TcpParts();
        one.rttSample(40 * MS);
        one.send(1); // 2·40 + 200 (the ACK may be delayed) = 280, but the RTO comes at 240
        one.rack.scheduleLossProbe(true);
        assertThat(one.xt.timer.deadline()).isEqualTo(240 * MS);

        p.at(200 * MS); // not advancing the RTO: it still fires 240 ms after the head was sent, at 240 ms
        p.rack.scheduleLossProbe(false);
        assertThat(p.xt.timer.deadline()).isEqualTo(240 * MS);
        p.at(300 * MS); // that RTO is past: the probe timeout stands alone
        p.rack.scheduleLossProbe(false);
        assertThat(p.xt.timer.deadline()).isEqualTo(382 * MS);

        TcpParts fresh = new TcpParts();
        fresh.send(2); // no SRTT yet: TCP_TIMEOUT_INIT
        fresh.rack.scheduleLossProbe(true);
        assertThat(fresh.xt.timer.deadline()).isEqualTo(1_000 * MS);
    }

    @Test
    void probesAreScheduledOnlyInOpenOrCwrWithSackAndTlpOnAndSomethingOut() {
        p.rttSample(40 * MS);
        assertThat(rack.scheduleLossProbe(true)).isFalse(); // nothing out
        p.send(2);
        p.tp.caState = CongestionControl.RECOVERY;
        assertThat(rack.scheduleLossProbe(true)).isFalse();
        p.tp.caState = CongestionControl.DISORDER;
        assertThat(rack.scheduleLossProbe(true)).isFalse();
        assertThat(p.xt.pending).isEqualTo(XmitTimer.NONE);
        p.tp.caState = CongestionControl.CWR;
        assertThat(rack.scheduleLossProbe(true)).isTrue();
        p.tp.caState = CongestionControl.OPEN;
        p.tp.sackOk = false;
        assertThat(rack.scheduleLossProbe(true)).isFalse();

        TcpParts off = new TcpParts(Map.of("early-retrans", 0));
        off.send(2);
        assertThat(off.rack.scheduleLossProbe(true)).isFalse();
    }
}
