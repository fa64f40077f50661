package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * RFC 6298 as Linux computes it ({@code tcp_rtt_estimator()}, {@code tcp_set_rto()}): SRTT ← 7/8 SRTT + 1/8 R,
 * RTTVAR ← 3/4 RTTVAR + 1/4 |SRTT − R|, RTO = SRTT + 4·RTTVAR; Linux keeps 4·RTTVAR ({@code mdev}) and floors
 * the variance term at rto_min, lets it fall only once per RTT and by a quarter of the way, and grows mdev by
 * an eighth only when the RTT falls. All values below are worked out by hand from those rules.
 */
class RttEstimatorTest {
    private static final long MS = 1_000_000L;

    private final Tcb tp = new Tcb(3);
    private final RttEstimator rtt = new RttEstimator(TcpConfig.LINUX, tp);

    /** Moves snd_una past the sequence the estimator marked, as the ACK of a new round would. */
    private void nextRound() {
        tp.sndUna = tp.sndNxt + 1;
        tp.sndNxt += 10_000;
    }

    @Test
    void theFirstSampleSetsSrttAndHalfOfItAsVariance() {
        assertThat(rtt.rto).isEqualTo(1_000 * MS); // RFC 6298 (2.1): 1 s before any sample
        rtt.rttEstimator(100 * MS);
        rtt.setRto();
        assertThat(rtt.srtt()).isEqualTo(100 * MS); // (2.2): SRTT = R
        assertThat(rtt.mdev4).isEqualTo(200 * MS); // RTTVAR = R/2, kept as 4·RTTVAR
        assertThat(rtt.rttvar).isEqualTo(200 * MS);
        assertThat(rtt.rto).isEqualTo(300 * MS); // SRTT + 4·RTTVAR
    }

    @Test
    void theVarianceTermIsNeverBelowRtoMin() {
        rtt.rttEstimator(MS);
        rtt.setRto();
        assertThat(rtt.mdev4).isEqualTo(2 * MS);
        assertThat(rtt.rttvar).isEqualTo(200 * MS); // max(4·RTTVAR, rto_min)
        assertThat(rtt.rto).isEqualTo(201 * MS); // Linux's RTO: srtt + 200 ms on a fast path
    }

    @Test
    void laterSamplesAreSmoothedAndTheVarianceFallsOncePerRoundAtMostAQuarterOfTheWay() {
        rtt.rttEstimator(100 * MS);
        // same round: SRTT = 7/8·100 + 1/8·140 = 105; 4·RTTVAR = 4 (3/4·50 + 1/4·40) = 190, below rttvar's 200
        rtt.rttEstimator(140 * MS);
        rtt.setRto();
        assertThat(rtt.srtt()).isEqualTo(105 * MS);
        assertThat(rtt.mdev4).isEqualTo(190 * MS);
        assertThat(rtt.rttvar).isEqualTo(200 * MS);
        assertThat(rtt.rto).isEqualTo(305 * MS);

        nextRound(); // SRTT = 7/8·105 + 1/8·500 = 154.375; 4·RTTVAR = 4 (3/4·47.5 + 1/4·395) = 537.5: rttvar follows at once
        rtt.rttEstimator(500 * MS);
        rtt.setRto();
        assertThat(rtt.srtt8).isEqualTo(1_235 * MS);
        assertThat(rtt.mdev4).isEqualTo(537_500_000L);
        assertThat(rtt.rttvar).isEqualTo(537_500_000L);
        assertThat(rtt.rto).isEqualTo(154_375_000L + 537_500_000L);
        assertThat(rtt.mdevMax).isEqualTo(200 * MS); // reset to rto_min for the next round

        nextRound(); // SRTT = 154.375 − 4.375/8; 4·RTTVAR = 4 (3/4·134.375 + 1/4·4.375) = 407.5
        rtt.rttEstimator(150 * MS);
        rtt.setRto();
        assertThat(rtt.srtt8).isEqualTo(1_230_625_000L);
        assertThat(rtt.mdev4).isEqualTo(407_500_000L);
        // RFC 6298 would take 407.5; Linux lowers rttvar by a quarter of the gap: 537.5 − (537.5 − 407.5)/4
        assertThat(rtt.rttvar).isEqualTo(505 * MS);
        assertThat(rtt.rto).isEqualTo(153_828_125L + 505 * MS);
    }

    @Test
    void aFallingRttGrowsTheDeviationByOnlyAnEighthOfTheExcess() {
        rtt.rttEstimator(100 * MS); // mdev 50
        rtt.rttEstimator(20 * MS); // |err| 80 exceeds mdev by 30: mdev grows by 30/8, not by (80 − 50)/4
        assertThat(rtt.mdev4).isEqualTo(200 * MS + 3_750_000L);
        assertThat(rtt.srtt()).isEqualTo(90 * MS);
    }

    @Test
    void theRtoIsBoundedByRtoMaxAndDoublesPerTimeoutUpToIt() {
        RttEstimator capped = new RttEstimator(TcpBed.config(Map.of("rto-max", "250ms")), tp);
        capped.rttEstimator(100 * MS);
        capped.setRto();
        assertThat(capped.rto).isEqualTo(250 * MS);

        rtt.rttEstimator(100 * MS);
        rtt.setRto();
        rtt.backOff();
        assertThat(rtt.rto).isEqualTo(600 * MS); // RFC 6298 (5.5)
        assertThat(rtt.backoff).isEqualTo(1);
        for (int i = 0; i < 7; i++) rtt.backOff();
        assertThat(rtt.rto).isEqualTo(300 * MS << 8); // 76.8 s
        rtt.backOff();
        assertThat(rtt.rto).isEqualTo(120_000 * MS); // 153.6 s capped at TCP_RTO_MAX
        assertThat(rtt.backoff).isEqualTo(9);
    }

    @Test
    void karnsRuleTakesNoSampleFromRetransmittedDataAndKeepsTheBackoff() {
        rtt.rttEstimator(100 * MS);
        rtt.setRto();
        rtt.backOff();
        // retransmitted data acknowledged (seq RTT -1), nothing SACKed, no timestamps
        assertThat(rtt.ackUpdateRtt(true, -1, -1, -1, 5_000 * MS)).isEqualTo(-1);
        assertThat(rtt.rto).isEqualTo(600 * MS);
        assertThat(rtt.backoff).isEqualTo(1);
        assertThat(rtt.srtt()).isEqualTo(100 * MS);
    }

    @Test
    void anAckPrefersTheCumulativeSampleThenTheSackSampleAndAValidSampleEndsTheBackoff() {
        rtt.backOff();
        long ca = rtt.ackUpdateRtt(true, 30 * MS, 50 * MS, 35 * MS, 10 * MS);
        assertThat(ca).isEqualTo(35 * MS); // what the congestion control hears: the last segment (S)ACKed
        assertThat(rtt.srtt()).isEqualTo(30 * MS);
        assertThat(rtt.backoff).isZero();
        assertThat(rtt.minRtt).isEqualTo(35 * MS); // the min filter takes the last segment's RTT, as Linux's ca_rtt_us

        RttEstimator other = new RttEstimator(TcpConfig.LINUX, tp);
        other.ackUpdateRtt(false, -1, 50 * MS, 55 * MS, 10 * MS); // only SACKs: their first segment's RTT
        assertThat(other.srtt()).isEqualTo(50 * MS);
    }

    @Test
    void theTimestampEchoIsTheSampleOnlyWhenNewDataIsAcknowledgedAndNothingElseGivesOne() {
        long now = 10_000 * MS;
        tp.tsOk = true;
        tp.sawTstamp = true;
        tp.rcvTsecr = tp.tsOf(now - 20 * MS);
        assertThat(rtt.tsRtt(now)).isEqualTo(20 * MS);
        assertThat(rtt.ackUpdateRtt(false, -1, -1, -1, now)).isEqualTo(-1); // RTTM: not without new data acknowledged
        assertThat(rtt.srtt8).isZero();
        assertThat(rtt.ackUpdateRtt(true, -1, -1, -1, now)).isEqualTo(20 * MS);
        assertThat(rtt.srtt()).isEqualTo(20 * MS);

        tp.rcvTsecr = tp.tsOf(now - 300_000); // 0.3 ms ago but a tick of the 1 ms clock ago: 1 ms
        assertThat(rtt.tsRtt(now)).isEqualTo(MS);
        tp.rcvTsecr = tp.tsOf(now + 400_000); // within the same tick (now is on a tick): still at least 1 ms
        assertThat(rtt.tsRtt(now + 700_000)).isEqualTo(MS);
        tp.rcvTsecr = tp.tsOf(now + 5 * MS); // an echo from the future is no sample
        assertThat(rtt.tsRtt(now)).isEqualTo(-1);
        tp.rcvTsecr = 0; // a zero echo means none
        assertThat(rtt.tsRtt(now)).isEqualTo(-1);
        tp.rcvTsecr = tp.tsOf(now - 20 * MS);
        tp.sawTstamp = false;
        assertThat(rtt.tsRtt(now)).isEqualTo(-1);
    }

    @Test
    void theMinimumRttIsWindowedOverFiveMinutes() {
        rtt.updateMinRtt(50 * MS, 0);
        rtt.updateMinRtt(40 * MS, 1_000 * MS);
        rtt.updateMinRtt(60 * MS, 2_000 * MS);
        assertThat(rtt.minRtt).isEqualTo(40 * MS);
        rtt.updateMinRtt(60 * MS, 1_000 * MS + RttEstimator.MIN_RTT_WINDOW_NANOS); // exactly the window: still trusted
        assertThat(rtt.minRtt).isEqualTo(40 * MS);
        rtt.updateMinRtt(60 * MS, 1_000 * MS + RttEstimator.MIN_RTT_WINDOW_NANOS + 1);
        assertThat(rtt.minRtt).isEqualTo(60 * MS);
        rtt.updateMinRtt(0, 2_000_000 * MS);
        assertThat(rtt.minRtt).isEqualTo(1); // never 0
        rtt.updateMinRtt(-1, 3_000_000 * MS); // no sample
        assertThat(rtt.minRtt).isEqualTo(1);
    }

    @Test
    void aHandshakeWithoutASampleReturnsToTheInitialRto() {
        rtt.backOff(); // the SYN timed out once: 2 s
        assertThat(rtt.rto).isEqualTo(2_000 * MS);
        rtt.synRttSample(-1, 3_000 * MS);
        assertThat(rtt.rto).isEqualTo(1_000 * MS);
        assertThat(rtt.backoff).isZero();
        assertThat(rtt.srtt8).isZero();
        rtt.synRttSample(80 * MS, 3_000 * MS);
        assertThat(rtt.srtt()).isEqualTo(80 * MS);
        assertThat(rtt.rto).isEqualTo(80 * MS + 200 * MS); // 4·RTTVAR = 160 ms is below rto_min
        assertThat(rtt.minRtt).isEqualTo(80 * MS);
    }

    @Test
    void zeroWindowProbesBackOffFromTheRtoButNoFasterThanTcpRtoMin() {
        rtt.rttEstimator(100 * MS);
        rtt.setRto();
        assertThat(rtt.probe0When()).isEqualTo(300 * MS);
        rtt.backoff = 3;
        assertThat(rtt.probe0When()).isEqualTo(2_400 * MS);
        rtt.backoff = 15; // the shift stops at log2(rto_max / TCP_RTO_MIN) + 1 = 10, then rto_max caps it
        assertThat(rtt.probe0When()).isEqualTo(120_000 * MS);

        RttEstimator fast = new RttEstimator(TcpBed.config(Map.of("rto-min", "5ms")), tp);
        fast.rttEstimator(MS);
        fast.setRto();
        assertThat(fast.rto).isEqualTo(6 * MS);
        assertThat(fast.probe0Base()).isEqualTo(200 * MS); // TCP_RTO_MIN, whatever the route's rto_min
    }
}
