package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The retransmission queue with its SACK scoreboard: the counts Linux keeps beside the {@code sacked}
 * bits ({@code sacked_out}, {@code lost_out}, {@code retrans_out}), {@code tcp_packets_in_flight()}
 * (RFC 6675's pipe: sent − SACKed − lost + retransmitted), and the transmission-order list RACK walks.
 */
class ScoreboardTest {
    private static final int MSS = 1000;

    /** {@code n} full segments from sequence 1000, sent at 10, 20, 30, ... with delivered counts 0, 1, 2, .... */
    private static Scoreboard sent(int n) {
        Scoreboard sb = new Scoreboard();
        for (int i = 0; i < n; i++) sb.add(1000 + (long) i * MSS, MSS, false, 10L * (i + 1), i);
        return sb;
    }

    /** The entries RACK watches, oldest transmission first, by their start sequence. */
    private static List<Long> byTransmitTime(Scoreboard sb) {
        List<Long> l = new ArrayList<>();
        for (int i = sb.firstByTransmitTime(); i >= 0; i = sb.nextByTransmitTime(i)) l.add(sb.start(i));
        return l;
    }

    @Test
    void newSegmentsAreAllInFlightInSequenceAndTransmissionOrder() {
        Scoreboard sb = sent(4);
        assertThat(sb.packetsOut()).isEqualTo(4);
        assertThat(sb.inFlight()).isEqualTo(4);
        assertThat(sb.start(2)).isEqualTo(3000);
        assertThat(sb.end(2)).isEqualTo(4000);
        assertThat(sb.sentAt(2)).isEqualTo(30);
        assertThat(sb.deliveredAtSend(2)).isEqualTo(2);
        assertThat(sb.endSeq()).isEqualTo(5000);
        assertThat(byTransmitTime(sb)).containsExactly(1000L, 2000L, 3000L, 4000L);
    }

    /**
     * A copy sent in the same instant as later new data (the model's host takes no time between the ACKs of a burst)
     * is sent after that data: RACK, which breaks a tie of transmit times by sequence, would otherwise take the copy
     * for sent before the data and mark it lost again as soon as the data is SACKed.
     */
    @Test
    void aCopySentInTheInstantOfLaterDataIsSentAfterIt() {
        Scoreboard sb = new Scoreboard();
        sb.add(1000, MSS, false, 10, 0);
        sb.add(2000, MSS, false, 10, 0);
        sb.markLost(0);
        sb.add(3000, MSS, false, 50, 1);   // new data the dupACKs let out ...
        sb.markRetransmitted(0, 50, 1);    // ... and the copy, in the same instant
        assertThat(sb.sentAt(2)).isEqualTo(50);
        assertThat(sb.sentAt(0)).isGreaterThan(sb.sentAt(2));
        assertThat(RackTlp.sentAfter(sb.sentAt(2), sb.sentAt(0), sb.end(2), sb.end(0))).as("the data is not sent after the copy").isFalse();
        assertThat(byTransmitTime(sb)).containsExactly(2000L, 3000L, 1000L);
        sb.markRetransmitted(1, 80, 1);   // a later instant: the copy goes at it
        assertThat(sb.sentAt(1)).isEqualTo(80);
    }

    /**
     * The other order in one instant: the copy first, then new data. Transmit stamps never go back (Linux's
     * {@code tcp_wstamp_ns} only grows), so the data is stamped with the copy's time and, being above it, counts as sent
     * after it: once the copy is acknowledged, RACK may mark the data lost, not the other way round. Before, the data took
     * the instant itself, before the copy's stamp, and a copy delivered later marked the data lost though it had left after.
     */
    @Test
    void newDataSentInTheInstantAfterACopyIsSentAfterIt() {
        Scoreboard sb = new Scoreboard();
        sb.add(1000, MSS, false, 10, 0);
        sb.add(2000, MSS, false, 10, 0);
        sb.add(3000, MSS, false, 40, 0);
        sb.markLost(0);
        sb.markRetransmitted(0, 50, 1);    // the copy, stamped after the latest transmission ...
        sb.add(4000, MSS, false, 50, 1);   // ... then new data in the same instant
        assertThat(sb.sentAt(3)).isGreaterThanOrEqualTo(sb.sentAt(0));
        assertThat(RackTlp.sentAfter(sb.sentAt(3), sb.sentAt(0), sb.end(3), sb.end(0))).as("the data is sent after the copy").isTrue();
        assertThat(RackTlp.sentAfter(sb.sentAt(0), sb.sentAt(3), sb.end(0), sb.end(3))).isFalse();
        assertThat(byTransmitTime(sb)).containsExactly(2000L, 3000L, 1000L, 4000L);
    }

    @Test
    void aFinTakesASequenceNumberButCarriesNoPayload() {
        Scoreboard sb = new Scoreboard();
        sb.add(1000, 501, true, 5, 0); // 500 bytes and the FIN
        assertThat(sb.end(0)).isEqualTo(1501);
        assertThat(sb.payload(0)).isEqualTo(500);
        assertThat(sb.is(0, Scoreboard.FIN)).isTrue();
    }

    @Test
    void sackingLeavesTheFlightAndMovesTheHighestSack() {
        Scoreboard sb = sent(5);
        sb.markSacked(3);
        sb.markSacked(1);
        assertThat(sb.sackedOut).isEqualTo(2);
        assertThat(sb.inFlight()).isEqualTo(3); // 5 sent - 2 SACKed
        assertThat(sb.highestSack).isEqualTo(5000); // end of entry 3, not of the later-SACKed entry 1
        assertThat(byTransmitTime(sb)).containsExactly(1000L, 3000L, 5000L);
        sb.markSacked(3); // SACKed again (a repeated block): nothing changes
        assertThat(sb.sackedOut).isEqualTo(2);
    }

    @Test
    void anUndoUnmarksEveryLossAndPutsTheUnsentBackInTransmissionOrder() {
        Scoreboard sb = sent(5);
        for (int i = 0; i < 5; i++) sb.markLost(i);
        sb.markRetransmitted(0, 100, 5); // the timeout's copy of the head, sent last
        sb.markSacked(3);
        assertThat(byTransmitTime(sb)).containsExactly(1000L);
        sb.unmarkAllLost();
        assertThat(sb.lostOut).isZero();
        assertThat(sb.retransOut).isEqualTo(1); // the copy is still out
        assertThat(sb.inFlight()).isEqualTo(5); // 5 sent - 1 SACKed - 0 lost + the copy (Linux counts head and copy)
        for (int i = 0; i < 5; i++) assertThat(sb.is(i, Scoreboard.LOST)).isFalse();
        assertThat(byTransmitTime(sb)).containsExactly(2000L, 3000L, 5000L, 1000L); // by transmit time, the SACKed one off
        assertThat(sb.markLost(1)).isFalse(); // and they can be found lost again
        assertThat(sb.lostOut).isEqualTo(1);
    }

    @Test
    void aLostSegmentLeavesTheFlightUntilItIsRetransmitted() {
        Scoreboard sb = sent(4);
        assertThat(sb.markLost(0)).isFalse();
        assertThat(sb.lostOut).isEqualTo(1);
        assertThat(sb.lost).isEqualTo(1);
        assertThat(sb.inFlight()).isEqualTo(3);
        assertThat(byTransmitTime(sb)).containsExactly(2000L, 3000L, 4000L); // lost and not resent: RACK stops watching it
        assertThat(sb.markLost(0)).isFalse(); // already lost, no retransmission to lose
        assertThat(sb.lostOut).isEqualTo(1);

        sb.markRetransmitted(0, 100, 7);
        assertThat(sb.retransOut).isEqualTo(1);
        assertThat(sb.inFlight()).isEqualTo(4); // 4 - 1 lost + 1 retransmitted
        assertThat(sb.is(0, Scoreboard.RETRANS | Scoreboard.EVER_RETRANS)).isTrue();
        assertThat(sb.sentAt(0)).isEqualTo(100);
        assertThat(sb.deliveredAtSend(0)).isEqualTo(7);
        assertThat(byTransmitTime(sb)).containsExactly(2000L, 3000L, 4000L, 1000L); // the copy is the newest transmission
    }

    @Test
    void markingARetransmittedSegmentLostAgainLosesTheRetransmission() {
        Scoreboard sb = sent(3);
        sb.markLost(1);
        sb.markRetransmitted(1, 50, 0);
        assertThat(sb.markLost(1)).isTrue(); // TCPLostRetransmit
        assertThat(sb.retransOut).isZero();
        assertThat(sb.lostOut).isEqualTo(1);
        assertThat(sb.lost).isEqualTo(2); // tp->lost counts both markings
        assertThat(sb.is(1, Scoreboard.EVER_RETRANS)).isTrue();
        assertThat(sb.is(1, Scoreboard.RETRANS)).isFalse();
        assertThat(sb.inFlight()).isEqualTo(2);
        assertThat(byTransmitTime(sb)).containsExactly(1000L, 3000L);
    }

    @Test
    void sackingALostOrRetransmittedSegmentClearsThoseMarks() {
        Scoreboard sb = sent(3);
        sb.markLost(0);
        sb.markLost(1);
        sb.markRetransmitted(1, 40, 0);
        sb.markSacked(0);
        sb.markSacked(1);
        assertThat(sb.lostOut).isZero();
        assertThat(sb.retransOut).isZero();
        assertThat(sb.sackedOut).isEqualTo(2);
        assertThat(sb.is(1, Scoreboard.EVER_RETRANS)).isTrue(); // ever retransmitted stays: Karn's rule needs it
        assertThat(sb.markLost(0)).isFalse(); // a SACKed segment cannot be lost
        assertThat(sb.lostOut).isZero();
        assertThat(sb.inFlight()).isEqualTo(1);
    }

    @Test
    void aLossProbeResendsWithoutCountingARetransmissionInFlight() {
        Scoreboard sb = sent(3);
        sb.markProbeRetransmitted(2, 80, 1);
        assertThat(sb.retransOut).isZero();
        assertThat(sb.inFlight()).isEqualTo(3);
        assertThat(sb.is(2, Scoreboard.EVER_RETRANS)).isTrue();
        assertThat(sb.is(2, Scoreboard.RETRANS)).isFalse();
        assertThat(sb.sentAt(2)).isEqualTo(80);
        sb.markProbeRetransmitted(0, 90, 1);
        assertThat(byTransmitTime(sb)).containsExactly(2000L, 3000L, 1000L);
    }

    @Test
    void removingTheHeadKeepsTheCountsAndForgetsTheHighestSackWhenEmpty() {
        Scoreboard sb = sent(3);
        sb.markSacked(0);
        sb.markLost(1);
        sb.markRetransmitted(1, 60, 0);
        sb.removeHead();
        assertThat(sb.sackedOut).isZero();
        assertThat(sb.highestSack).isEqualTo(2000); // kept while entries remain
        sb.removeHead();
        assertThat(sb.lostOut).isZero();
        assertThat(sb.retransOut).isZero();
        assertThat(sb.start(0)).isEqualTo(3000);
        assertThat(byTransmitTime(sb)).containsExactly(3000L);
        sb.removeHead();
        assertThat(sb.isEmpty()).isTrue();
        assertThat(sb.highestSack).isZero();
        assertThat(sb.firstByTransmitTime()).isEqualTo(-1);
    }

    @Test
    void indexAfterFindsTheFirstEntryEndingBeyondASequence() {
        Scoreboard sb = sent(5);
        assertThat(sb.indexAfter(999)).isZero();
        assertThat(sb.indexAfter(1999)).isZero();
        assertThat(sb.indexAfter(2000)).isEqualTo(1); // entry 0 ends at 2000
        assertThat(sb.indexAfter(4500)).isEqualTo(3);
        assertThat(sb.indexAfter(6000)).isEqualTo(5); // none: size()
    }

    @Test
    void theRingGrowsAcrossTheWrapWithoutLosingOrder() {
        Scoreboard sb = new Scoreboard();
        long seq = 0;
        long t = 0;
        for (int i = 0; i < 60; i++, seq += MSS) sb.add(seq, MSS, false, ++t, 0);
        for (int i = 0; i < 50; i++) sb.removeHead(); // head at slot 50: the next entries wrap around slot 63
        for (int i = 0; i < 30; i++, seq += MSS) sb.add(seq, MSS, false, ++t, 0);
        // reorder the transmission list before growing: resend the oldest, SACK one, lose another
        sb.markLost(0);
        sb.markRetransmitted(0, ++t, 0);
        sb.markSacked(5);
        sb.markLost(6);
        for (int i = 0; i < 40; i++, seq += MSS) sb.add(seq, MSS, false, ++t, 0); // 80 entries: grows to 128
        assertThat(sb.size()).isEqualTo(80);
        for (int i = 0; i < 80; i++) assertThat(sb.start(i)).isEqualTo(50_000L + (long) i * MSS);
        List<Long> order = byTransmitTime(sb);
        assertThat(order).hasSize(78); // the SACKed and the lost-not-resent entries are off the list
        assertThat(order.subList(0, 3)).containsExactly(51_000L, 52_000L, 53_000L);
        assertThat(order).doesNotContain(55_000L, 56_000L);
        assertThat(order.get(37)).isEqualTo(50_000L); // resent after the 37 older entries still watched, before the 40 newer
        assertThat(order.getLast()).isEqualTo(129_000L);
        assertThat(sb.sackedOut).isEqualTo(1);
        assertThat(sb.lostOut).isEqualTo(2);
        assertThat(sb.retransOut).isEqualTo(1);
        assertThat(sb.inFlight()).isEqualTo(80 - 3 + 1);
    }
}
