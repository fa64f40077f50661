package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.sim.tcp.AckFlags.FLAG_DATA_ACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_DATA_SACKED;
import static org.sonde.sim.tcp.AckFlags.FLAG_DSACK_TLP;
import static org.sonde.sim.tcp.AckFlags.FLAG_ECE_ACK;
import static org.sonde.sim.tcp.AckFlags.FLAG_REXMIT_LOST;
import static org.sonde.sim.tcp.AckFlags.FLAG_SND_UNA_ADVANCED;
import static org.sonde.sim.tcp.CongestionControl.CWR;
import static org.sonde.sim.tcp.CongestionControl.DISORDER;
import static org.sonde.sim.tcp.CongestionControl.LOSS;
import static org.sonde.sim.tcp.CongestionControl.OPEN;
import static org.sonde.sim.tcp.CongestionControl.RECOVERY;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Loss recovery on constructed scoreboards, with Reno (ssthresh = cwnd / 2) so the numbers are plain:
 * proportional rate reduction (RFC 6937: while pipe > ssthresh, sndcnt = ⌈prr_delivered · ssthresh /
 * RecoverFS⌉ − prr_out; else the slow-start reduction bound, +1 only when snd_una advanced, as Linux), the
 * duplicate threshold and NewReno's partial ACKs (RFC 6582), CWR on ECE (RFC 3168), the RTO's Loss state
 * (RFC 5681: cwnd 1, ssthresh held on repeated timeouts), the loss probe's outcome (RFC 8985 7.4) and the
 * timestamp-proven undo ({@code tcp_try_undo_partial()}).
 */
class LossRecoveryTest {
    private static final long MS = 1_000_000L;
    private static final Map<String, Object> RENO = Map.of("congestion-control", "reno");
    private static final Map<String, Object> RENO_DUPTHRESH = Map.of("congestion-control", "reno", "recovery", 0);

    /** {@code n} segments out with cwnd {@code n}. */
    private static TcpParts flight(Map<String, Object> tcp, int n) {
        TcpParts p = new TcpParts(tcp);
        p.send(n);
        p.cw.cwnd = n;
        return p;
    }

    private static void lose(TcpParts p, int from, int to) {
        for (int i = from; i < to; i++) p.sb.markLost(i);
    }

    private static void sack(TcpParts p, int from, int to) {
        for (int i = from; i < to; i++) p.sb.markSacked(i);
    }

    @Test
    void prrSendsInProportionToDeliveriesWhilePipeExceedsSsthresh() {
        TcpParts p = flight(RENO, 20);
        lose(p, 0, 1);
        sack(p, 1, 4);
        p.recovery.enterRecovery(false);
        assertThat(p.cw.ssthresh).isEqualTo(10);
        assertThat(p.recovery.priorCwnd).isEqualTo(20); // RecoverFS

        p.recovery.cwndReduction(1, 0); // pipe 16: ⌈1 · 10 / 20⌉ − 0 = 1, the fast retransmit
        assertThat(p.cw.cwnd).isEqualTo(16 + 1);
        p.sb.markRetransmitted(0, 0, 0);
        p.recovery.prrOut++;

        sack(p, 4, 5); // pipe 16: ⌈2 · 10 / 20⌉ − 1 = 0
        p.recovery.cwndReduction(1, 0);
        assertThat(p.cw.cwnd).isEqualTo(16);

        sack(p, 5, 6); // pipe 15: ⌈3 · 10 / 20⌉ − 1 = 1
        p.recovery.cwndReduction(1, 0);
        assertThat(p.cw.cwnd).isEqualTo(15 + 1);
        assertThat(p.recovery.prrDelivered).isEqualTo(3);
    }

    @Test
    void belowSsthreshPrrCatchesUpByTheDeliveriesPlusOneWhenSndUnaAdvancedAtMostToSsthresh() {
        TcpParts p = flight(RENO, 20);
        lose(p, 0, 12);
        sack(p, 12, 16); // pipe 4
        p.recovery.enterRecovery(false);
        p.recovery.cwndReduction(2, FLAG_SND_UNA_ADVANCED); // min(10 − 4, max(2 − 0, 2) + 1) = 3
        assertThat(p.cw.cwnd).isEqualTo(4 + 3);

        TcpParts sackOnly = flight(RENO, 20);
        lose(sackOnly, 0, 12);
        sack(sackOnly, 12, 16);
        sackOnly.recovery.enterRecovery(false);
        sackOnly.recovery.cwndReduction(2, 0); // no +1: snd_una did not move
        assertThat(sackOnly.cw.cwnd).isEqualTo(4 + 2);

        TcpParts near = flight(RENO, 20);
        lose(near, 0, 7);
        sack(near, 7, 11); // pipe 9
        near.recovery.enterRecovery(false);
        near.recovery.cwndReduction(2, FLAG_SND_UNA_ADVANCED); // min(10 − 9, 3) = 1
        assertThat(near.cw.cwnd).isEqualTo(10);
    }

    @Test
    void theFastRetransmitIsForcedOnEntryEvenWithPipeAtSsthresh() {
        TcpParts p = flight(RENO, 20);
        lose(p, 0, 6);
        sack(p, 6, 10); // pipe 10 = ssthresh
        p.recovery.enterRecovery(false);
        p.recovery.cwndReduction(1, 0); // min(0, 1) = 0, but nothing was sent yet
        assertThat(p.cw.cwnd).isEqualTo(11);
        p.recovery.prrOut = 1;
        p.recovery.cwndReduction(1, 0);
        assertThat(p.cw.cwnd).isEqualTo(10);
        p.recovery.cwndReduction(0, 0); // nothing delivered: nothing changes
        assertThat(p.cw.cwnd).isEqualTo(10);
        assertThat(p.recovery.prrDelivered).isEqualTo(2);
    }

    @Test
    void enteringRecoveryHalvesRenosWindowAndRemembersWhatToUndo() {
        TcpParts p = flight(RENO, 10);
        p.tp.ecnFlags = Tcb.ECN_OK;
        p.rack.tlpHighSeq = 11_000;
        p.recovery.enterRecovery(false);
        assertThat(p.tp.caState).isEqualTo(RECOVERY);
        assertThat(p.cw.ssthresh).isEqualTo(5);
        assertThat(p.recovery.highSeq).isEqualTo(11_000);
        assertThat(p.tp.undoMarker).isNotNegative(); // the reduction may still be undone
        assertThat(p.recovery.priorSsthresh).isEqualTo(CongestionWindow.INFINITE_SSTHRESH); // tcp_current_ssthresh() in slow start
        assertThat(p.rack.tlpHighSeq).isZero(); // a new episode ends the probe's
        assertThat(p.tp.ecnFlags & Tcb.ECN_QUEUE_CWR).isNotZero(); // the next data segment carries CWR
        assertThat(p.counter(TcpCounter.TcpExtTCPSackRecovery)).isEqualTo(1);

        TcpParts ece = flight(RENO, 10);
        ece.recovery.enterRecovery(true);
        assertThat(ece.recovery.priorSsthresh).isZero(); // an ECN-demanded reduction is never undone
    }

    @Test
    void withTheDuplicateThresholdThreeSackedSegmentsAboveAHoleStartRecoveryAndMarkItLost() {
        TcpParts p = flight(RENO_DUPTHRESH, 10);
        sack(p, 1, 3);
        int flag = p.recovery.fastRetransAlert(1000, 1, FLAG_DATA_SACKED, false);
        assertThat(flag & FLAG_REXMIT_LOST).isZero();
        assertThat(p.tp.caState).isEqualTo(DISORDER);

        sack(p, 3, 4);
        flag = p.recovery.fastRetransAlert(1000, 1, FLAG_DATA_SACKED, false);
        assertThat(flag & FLAG_REXMIT_LOST).isNotZero();
        assertThat(p.tp.caState).isEqualTo(RECOVERY);
        assertThat(p.sb.is(0, Scoreboard.LOST)).isTrue();
        assertThat(p.sb.lostOut).isEqualTo(1);
        assertThat(p.cw.ssthresh).isEqualTo(5);
    }

    @Test
    void withRackSackedSegmentsAloneDoNotStartRecoveryALossMarkedByRackDoes() {
        TcpParts p = flight(RENO, 10);
        sack(p, 1, 6);
        p.recovery.fastRetransAlert(1000, 1, FLAG_DATA_SACKED, false);
        assertThat(p.tp.caState).isEqualTo(DISORDER);
        p.sb.markLost(0); // as RACK would once the reordering window passed
        int flag = p.recovery.fastRetransAlert(1000, 0, 0, false);
        assertThat(p.tp.caState).isEqualTo(RECOVERY);
        assertThat(flag & FLAG_REXMIT_LOST).isNotZero();
    }

    @Test
    void recoveryEndsWhenHighSeqIsAckedWithTheWindowAtSsthresh() {
        TcpParts p = flight(RENO_DUPTHRESH, 10);
        sack(p, 1, 4);
        p.recovery.fastRetransAlert(1000, 1, FLAG_DATA_SACKED, false);
        p.rack.reoWndPersist = 16;
        while (!p.sb.isEmpty()) p.sb.removeHead();
        p.tp.sndUna = 11_000;
        p.cw.cwnd = 7;
        p.recovery.fastRetransAlert(1000, 0, FLAG_SND_UNA_ADVANCED | FLAG_DATA_ACKED, false);
        assertThat(p.tp.caState).isEqualTo(OPEN);
        assertThat(p.cw.cwnd).isEqualTo(5); // tcp_end_cwnd_reduction()
        assertThat(p.rack.reoWndPersist).isEqualTo(15); // one more recovery that was not undone
    }

    @Test
    void newRenoRetransmitsTheNextHoleOnAPartialAckAndHoldsRecoveryUntilAboveHighSeq() {
        TcpParts p = flight(RENO, 10);
        p.tp.sackOk = false;
        for (int i = 0; i < 3; i++) p.recovery.fastRetransAlert(1000, 1, 0, false); // three duplicate ACKs
        assertThat(p.sb.sackedOut).isEqualTo(3);
        assertThat(p.tp.caState).isEqualTo(RECOVERY);
        assertThat(p.sb.is(0, Scoreboard.LOST)).isTrue(); // tcp_newreno_mark_lost()
        assertThat(p.counter(TcpCounter.TcpExtTCPRenoRecovery)).isEqualTo(1);

        p.sb.markRetransmitted(0, 0, 0);
        p.tp.sndUna = 4000; // the retransmission and two more acknowledged: a partial ACK
        p.tagger.cleanRtxQueue(4000, 1000, false, FLAG_SND_UNA_ADVANCED, p.recovery.highSeq);
        int flag = p.recovery.fastRetransAlert(1000, 0, FLAG_SND_UNA_ADVANCED | FLAG_DATA_ACKED, false);
        assertThat(flag & FLAG_REXMIT_LOST).isNotZero();
        assertThat(p.sb.start(0)).isEqualTo(4000);
        assertThat(p.sb.is(0, Scoreboard.LOST)).isTrue(); // RFC 6582: the first unacknowledged segment goes again

        while (!p.sb.isEmpty()) p.sb.removeHead();
        p.tp.sndUna = 11_000; // exactly high_seq
        p.recovery.fastRetransAlert(1000, 0, FLAG_SND_UNA_ADVANCED | FLAG_DATA_ACKED, false);
        assertThat(p.tp.caState).isEqualTo(RECOVERY);
        p.send(1);
        while (!p.sb.isEmpty()) p.sb.removeHead();
        p.tp.sndUna = 12_000;
        p.recovery.fastRetransAlert(11_000, 0, FLAG_SND_UNA_ADVANCED | FLAG_DATA_ACKED, false);
        assertThat(p.tp.caState).isEqualTo(OPEN);
        assertThat(p.cw.cwnd).isEqualTo(5);
    }

    @Test
    void anEcnEchoReducesTheWindowOnceAndCwrLastsUntilDataAboveHighSeqIsAcked() {
        TcpParts p = flight(RENO, 10);
        p.tp.ecnFlags = Tcb.ECN_OK;
        p.recovery.fastRetransAlert(1000, 0, FLAG_ECE_ACK | FLAG_SND_UNA_ADVANCED | FLAG_DATA_ACKED, false);
        assertThat(p.tp.caState).isEqualTo(CWR);
        assertThat(p.cw.ssthresh).isEqualTo(5);
        assertThat(p.tp.ecnFlags & Tcb.ECN_QUEUE_CWR).isNotZero();
        p.send(1);
        while (p.sb.size() > 1) p.sb.removeHead();
        p.tp.sndUna = 11_000; // high_seq itself: the CWR flag may not have reached the receiver yet
        p.recovery.fastRetransAlert(1000, 0, FLAG_SND_UNA_ADVANCED | FLAG_DATA_ACKED, false);
        assertThat(p.tp.caState).isEqualTo(CWR);
        p.sb.removeHead();
        p.tp.sndUna = 12_000;
        p.recovery.fastRetransAlert(11_000, 0, FLAG_SND_UNA_ADVANCED | FLAG_DATA_ACKED, false);
        assertThat(p.tp.caState).isEqualTo(OPEN);
        assertThat(p.cw.cwnd).isEqualTo(5);
    }

    @Test
    void anRtoMarksEverythingLostRestartsFromOneSegmentAndHoldsSsthreshOnTheNextTimeout() {
        TcpParts p = flight(RENO_DUPTHRESH, 20);
        p.recovery.enterLoss(0);
        assertThat(p.tp.caState).isEqualTo(LOSS);
        assertThat(p.sb.lostOut).isEqualTo(20);
        assertThat(p.cw.cwnd).isEqualTo(1);
        assertThat(p.cw.ssthresh).isEqualTo(10);
        assertThat(p.recovery.priorCwnd).isEqualTo(20);
        assertThat(p.recovery.highSeq).isEqualTo(21_000);

        p.sb.markRetransmitted(0, 0, 0);
        p.cw.cwnd = 2;
        p.recovery.enterLoss(1); // the retransmission timed out too
        assertThat(p.cw.ssthresh).isEqualTo(10); // not halved again
        assertThat(p.sb.retransOut).isZero();
        assertThat(p.counter(TcpCounter.TcpExtTCPLostRetransmit)).isEqualTo(1);
        assertThat(p.cw.cwnd).isEqualTo(1);
    }

    @Test
    void withRackAnRtoSparesSegmentsSentWithinRacksRttButNeverTheHead() {
        TcpParts p = new TcpParts(RENO);
        for (int i = 0; i < 5; i++) {
            p.at(i * MS);
            p.send(1);
        }
        p.cw.cwnd = 5;
        p.rack.rackRtt = 10 * MS;
        p.at(12 * MS);
        p.recovery.enterLoss(0);
        assertThat(p.sb.lostOut).isEqualTo(3); // sent at 0, 1 and 2 ms; those of 3 and 4 ms are under 10 ms old
        assertThat(p.sb.is(3, Scoreboard.LOST)).isFalse();
        assertThat(p.cw.cwnd).isEqualTo(2 + 1);
    }

    @Test
    void anRtoInOpenWithDupThreshSackedSegmentsForgetsRaisedReordering() {
        TcpParts p = flight(RENO, 10);
        p.tp.reordering = 9;
        sack(p, 5, 8);
        p.recovery.enterLoss(0);
        assertThat(p.tp.reordering).isEqualTo(3);
    }

    @Test
    void aProbeThatRetransmittedAndIsAckedBeyondRepairedALossTheWindowIsReducedOnce() {
        TcpParts p = flight(RENO, 10);
        p.rack.tlpHighSeq = 11_000;
        p.rack.tlpRetrans = true;
        p.recovery.processTlpAck(12_000, FLAG_SND_UNA_ADVANCED | FLAG_DATA_ACKED);
        assertThat(p.cw.ssthresh).isEqualTo(5);
        assertThat(p.cw.cwnd).isEqualTo(5);
        assertThat(p.tp.caState).isEqualTo(OPEN);
        assertThat(p.rack.tlpHighSeq).isZero();
        assertThat(p.counter(TcpCounter.TcpExtTCPLossProbeRecovery)).isEqualTo(1);
    }

    @Test
    void aProbeOfNewDataADsackedProbeOrAPureDuplicateMeanNothingWasLost() {
        TcpParts p = flight(RENO, 10);
        p.rack.tlpHighSeq = 11_000;
        p.recovery.processTlpAck(10_000, FLAG_SND_UNA_ADVANCED); // not yet up to the probe
        assertThat(p.rack.tlpHighSeq).isEqualTo(11_000);
        p.recovery.processTlpAck(11_000, FLAG_SND_UNA_ADVANCED); // the probe sent new data
        assertThat(p.rack.tlpHighSeq).isZero();

        p.rack.tlpHighSeq = 11_000;
        p.rack.tlpRetrans = true;
        p.recovery.processTlpAck(12_000, FLAG_DSACK_TLP);
        assertThat(p.rack.tlpHighSeq).isZero();

        p.rack.tlpHighSeq = 11_000;
        p.recovery.processTlpAck(11_000, FLAG_SND_UNA_ADVANCED); // wait: the probe's own ACK may follow
        assertThat(p.rack.tlpHighSeq).isEqualTo(11_000);
        p.recovery.processTlpAck(11_000, 0); // a pure duplicate at tlp_high_seq
        assertThat(p.rack.tlpHighSeq).isZero();
        assertThat(p.cw.ssthresh).isEqualTo(CongestionWindow.INFINITE_SSTHRESH);
        assertThat(p.counter(TcpCounter.TcpExtTCPLossProbeRecovery)).isZero();
    }

    @Test
    void theWindowGrowsOnInOrderDeliveryOrOnAnyDeliveryOnceReorderingWasSeen() {
        TcpParts p = flight(RENO, 10);
        p.cw.maxPacketsOut = 10; // cwnd-limited
        p.recovery.congControl(0, 2, FLAG_DATA_ACKED);
        assertThat(p.cw.cwnd).isEqualTo(12); // slow start: one per segment delivered
        p.recovery.congControl(0, 2, FLAG_DATA_SACKED);
        assertThat(p.cw.cwnd).isEqualTo(12); // RFC 5681: SACKs alone do not grow it
        p.tp.reordering = 5;
        p.recovery.congControl(0, 2, FLAG_DATA_SACKED);
        assertThat(p.cw.cwnd).isEqualTo(14);
    }

    @Test
    void timestampsShowingTheOriginalFilledTheHoleUndoTheReduction() {
        TcpParts p = flight(RENO, 20);
        p.tp.tsOk = true;
        p.tp.tsOffset = 1000;
        lose(p, 0, 1);
        p.recovery.enterRecovery(false);
        p.at(50 * MS);
        p.sb.markRetransmitted(0, 50 * MS, 0);
        p.tp.retransStamp = 50 * MS;
        p.cw.cwnd = 11;
        p.at(60 * MS);
        p.tp.sawTstamp = true;
        p.tp.rcvTsecr = p.tp.tsOf(0); // the ACK echoes the original's timestamp
        p.sb.removeHead();
        p.tp.sndUna = 2000;
        int flag = p.recovery.fastRetransAlert(1000, 0, FLAG_SND_UNA_ADVANCED | FLAG_DATA_ACKED, false);
        assertThat(flag & FLAG_REXMIT_LOST).isZero();
        assertThat(p.counter(TcpCounter.TcpExtTCPTSReorder)).isEqualTo(1);
        assertThat(p.counter(TcpCounter.TcpExtTCPPartialUndo)).isEqualTo(1);
        assertThat(p.cw.cwnd).isEqualTo(20); // prior_cwnd
        assertThat(p.cw.ssthresh).isEqualTo(CongestionWindow.INFINITE_SSTHRESH); // prior_ssthresh
        assertThat(p.tp.caState).isEqualTo(OPEN);
        assertThat(p.tp.retransStamp).isEqualTo(-1);
        assertThat(p.tp.undoMarker).isNegative();
    }

    /** Twenty segments out at 0 ms with timestamps, the first {@code lost} lost, recovery entered, those in {@code resent} retransmitted at 50 ms. */
    private static TcpParts recoveringWithTimestamps(int lost, int... resent) {
        TcpParts p = flight(RENO, 20);
        p.tp.tsOk = true;
        p.tp.tsOffset = 1000;
        lose(p, 0, lost);
        p.recovery.enterRecovery(false);
        p.at(50 * MS);
        for (int i : resent) p.sb.markRetransmitted(i, 50 * MS, 0);
        p.tp.retransStamp = 50 * MS;
        return p;
    }

    /** At 60 ms the original of the first segment fills the hole: a partial ACK echoing its timestamp. */
    private static int originalFillsTheFirstHole(TcpParts p) {
        p.at(60 * MS);
        p.tp.sawTstamp = true;
        p.tp.rcvTsecr = p.tp.tsOf(0);
        p.sb.removeHead();
        p.tp.sndUna = 2000;
        return p.recovery.fastRetransAlert(1000, 0, FLAG_SND_UNA_ADVANCED | FLAG_DATA_ACKED, false);
    }

    @Test
    void whileRetransmissionsAreOutAnAckShowingReorderingMarksAndRetransmitsNothingMore() {
        // tcp_try_undo_partial(): "we clock out new packets but do not mark more packets lost or retransmit more"
        TcpParts p = recoveringWithTimestamps(2, 0, 1);
        int cwnd = p.cw.cwnd;
        int flag = originalFillsTheFirstHole(p);
        assertThat(p.sb.retransOut).isEqualTo(1); // the second segment's retransmission is still out
        assertThat(p.counter(TcpCounter.TcpExtTCPTSReorder)).isEqualTo(1);
        assertThat(flag & FLAG_REXMIT_LOST).isZero();
        assertThat(p.counter(TcpCounter.TcpExtTCPPartialUndo)).isZero();
        assertThat(p.tp.caState).isEqualTo(RECOVERY);
        assertThat(p.cw.cwnd).isEqualTo(cwnd);
    }
}
