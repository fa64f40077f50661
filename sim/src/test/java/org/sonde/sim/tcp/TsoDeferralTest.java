package org.sonde.sim.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * {@link TsoDeferral} against Linux 6.18's {@code tcp_tso_should_defer()} and {@code tcp_tso_autosize()}, each value
 * worked out from the kernel's rules: a 1,448 B segment, the peer's 64,240 B window, srtt 100 µs.
 */
class TsoDeferralTest {
    private static final int MSS = 1448;
    private static final long NOW = 10_000_000L;
    /** srtt_us of 100 µs (times 8). */
    private static final long SRTT_100_US = 800;

    /** cwnd 15 with {@code inFlight} out; the oldest unacknowledged skb left {@code headAgeNanos} ago, the last one 30 µs ago. */
    private static TsoDeferral.State cwnd15(int inFlight, long headAgeNanos, long skbLength, boolean tail) {
        return new TsoDeferral.State(NOW, NOW - 30_000, false, 15, inFlight, MSS, 64_240 - inFlight * MSS, 64_240, skbLength, tail, false,
                NOW - headAgeNanos, SRTT_100_US, 45);
    }

    @Test
    void anAckFreeingLessThanAThirdOfTheWindowIsHeldWhileTheNextAckIsDue() {
        // 4 segments free (5,792 B) against min(64,240, 15 x 1,448) / 3 = 7,240 B; the head's ACK is due in
        // 100 - 60 = 40 µs, within min(srtt / 2, 1 ms) = 50 µs: wait for it, the congestion window being the limit
        assertEquals(TsoDeferral.Verdict.DEFER_CWND_LIMITED, TsoDeferral.decide(cwnd15(11, 60_000, 30 * MSS, true), 3));
        // 5 segments free: 7,240 B is a third of the window
        assertEquals(TsoDeferral.Verdict.SEND, TsoDeferral.decide(cwnd15(10, 60_000, 30 * MSS, true), 3));
    }

    @Test
    void anAckDueLaterThanHalfAnRttIsNotWaitedFor() {
        // sent 40 µs ago: its ACK is due in 60 µs, more than 50 µs away
        assertEquals(TsoDeferral.Verdict.SEND, TsoDeferral.decide(cwnd15(11, 40_000, 30 * MSS, true), 3));
        // exactly 50 µs away still waits (the kernel sends only when it is further)
        assertEquals(TsoDeferral.Verdict.DEFER_CWND_LIMITED, TsoDeferral.decide(cwnd15(11, 50_000, 30 * MSS, true), 3));
    }

    @Test
    void withALongRttTheNextAckMustBeDueWithinAMillisecond() {
        // srtt 10 ms: threshold min(5 ms, 1 ms); the head sent 9.5 ms ago waits, 8.5 ms ago (ACK 1.5 ms away) goes
        TsoDeferral.State near = new TsoDeferral.State(NOW, NOW - 500_000, false, 15, 11, MSS, 64_240 - 11 * MSS, 64_240, 30 * MSS, true,
                false, NOW - 9_500_000, 80_000, 45);
        assertEquals(TsoDeferral.Verdict.DEFER_CWND_LIMITED, TsoDeferral.decide(near, 3));
        TsoDeferral.State far = new TsoDeferral.State(NOW, NOW - 500_000, false, 15, 11, MSS, 64_240 - 11 * MSS, 64_240, 30 * MSS, true,
                false, NOW - 8_500_000, 80_000, 45);
        assertEquals(TsoDeferral.Verdict.SEND, TsoDeferral.decide(far, 3));
    }

    @Test
    void nothingIsHeldAfterAMillisecondWithoutTransmittingOrInRecovery() {
        TsoDeferral.State s = cwnd15(11, 60_000, 30 * MSS, true);
        TsoDeferral.State idle = new TsoDeferral.State(NOW, NOW - 1_000_001, false, 15, 11, MSS, s.sendWindow(), 64_240, s.skbLength(), true,
                false, s.headSentNanos(), SRTT_100_US, 45);
        assertEquals(TsoDeferral.Verdict.SEND, TsoDeferral.decide(idle, 3));
        TsoDeferral.State recovery = new TsoDeferral.State(NOW, NOW - 30_000, true, 15, 11, MSS, s.sendWindow(), 64_240, s.skbLength(), true,
                false, s.headSentNanos(), SRTT_100_US, 45);
        assertEquals(TsoDeferral.Verdict.SEND, TsoDeferral.decide(recovery, 3));
        TsoDeferral.State nothingOut = new TsoDeferral.State(NOW, NOW - 30_000, false, 15, 0, MSS, 64_240, 64_240, 2 * MSS, true,
                false, -1, SRTT_100_US, 45);
        assertEquals(TsoDeferral.Verdict.SEND, TsoDeferral.decide(nothingOut, 3));
    }

    @Test
    void aFullSkbOrAWholeSkbThatGetsNoMoreDataGoes() {
        // 4 free segments send a 4-segment skb that is not the last one, but not the last one (the writer may append)
        assertEquals(TsoDeferral.Verdict.SEND, TsoDeferral.decide(cwnd15(11, 60_000, 4 * MSS, false), 3));
        assertEquals(TsoDeferral.Verdict.DEFER_CWND_LIMITED, TsoDeferral.decide(cwnd15(11, 60_000, 4 * MSS, true), 3));
        // a full skb of max_segs: with max_segs 4, 4 free segments are a full skb
        TsoDeferral.State full = new TsoDeferral.State(NOW, NOW - 30_000, false, 15, 11, MSS, 64_240 - 11 * MSS, 64_240, 30 * MSS, true, false,
                NOW - 60_000, SRTT_100_US, 4);
        assertEquals(TsoDeferral.Verdict.SEND, TsoDeferral.decide(full, 3));
    }

    @Test
    void aShortLastSkbWaitsForTheApplicationUnlessItCarriesTheFin() {
        // 2 segments queued, 4 free: neither window is the limit, the writer may add data
        assertEquals(TsoDeferral.Verdict.DEFER, TsoDeferral.decide(cwnd15(11, 60_000, 2 * MSS, true), 3));
        TsoDeferral.State fin = new TsoDeferral.State(NOW, NOW - 30_000, false, 15, 11, MSS, 64_240 - 11 * MSS, 64_240, 2 * MSS, true, true,
                NOW - 60_000, SRTT_100_US, 45);
        assertEquals(TsoDeferral.Verdict.SEND, TsoDeferral.decide(fin, 3));
    }

    @Test
    void thePeersWindowCanBeTheLimit() {
        // 3 segments of the peer's window left, 4 of cwnd: the receiver's window holds the 30-segment skb back
        TsoDeferral.State s = new TsoDeferral.State(NOW, NOW - 30_000, false, 15, 11, MSS, 3 * MSS, 64_240, 30 * MSS, true, false,
                NOW - 60_000, SRTT_100_US, 45);
        assertEquals(TsoDeferral.Verdict.DEFER_RWND_LIMITED, TsoDeferral.decide(s, 3));
    }

    @Test
    void withoutADivisorThreeSegmentsAreWorthSending() {
        assertEquals(TsoDeferral.Verdict.SEND, TsoDeferral.decide(cwnd15(11, 60_000, 30 * MSS, true), 0));
        assertEquals(TsoDeferral.Verdict.DEFER_CWND_LIMITED, TsoDeferral.decide(cwnd15(12, 60_000, 30 * MSS, true), 0));
    }

    @Test
    void aFullSkbIsAMillisecondOfPacingPlusTheGsoLimitHalvedPerDoublingOfTheMinimumRtt() {
        // min RTT below 512 µs: 65,279 B (sk_gso_max_size) in any case, 45 segments
        assertEquals(45, TsoDeferral.maxSegs(1_000_000, 100, MSS));
        // min RTT 2,048 µs (shift 4): 1,000,000 >> 10 = 976 B plus 65,279 >> 4 = 4,079 B: 5,055 B, 3 segments
        assertEquals(3, TsoDeferral.maxSegs(1_000_000, 2_048, MSS));
        // no RTT sample: the pacing rate alone, at least tcp_min_tso_segs
        assertEquals(2, TsoDeferral.maxSegs(1_000_000, Long.MAX_VALUE / 1000, MSS));
        assertEquals(10, TsoDeferral.maxSegs(15_000_000, Long.MAX_VALUE / 1000, MSS));
    }

    @Test
    void thePacingRateIsTwiceTheWindowPerRttEarlyInSlowStartElseOnePointTwo() {
        // 10 x 1,448 B per 100 µs is 144,800,000 B/s; twice it while cwnd < ssthresh / 2
        assertEquals(289_600_000, TsoDeferral.pacingRate(MSS, 10, 0, Integer.MAX_VALUE, SRTT_100_US));
        assertEquals(173_760_000, TsoDeferral.pacingRate(MSS, 10, 0, 20, SRTT_100_US));
        // packets out above cwnd count instead
        assertEquals(579_200_000, TsoDeferral.pacingRate(MSS, 10, 20, Integer.MAX_VALUE, SRTT_100_US));
    }
}
