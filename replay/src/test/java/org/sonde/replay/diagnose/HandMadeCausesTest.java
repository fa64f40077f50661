package org.sonde.replay.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Flow-level diagnoses on packet sequences written by hand: the causes the simulator cannot plant (its receiver offers
 * its free buffer at once, no {@code tcp_grow_window()}, so its window never grows under the sender's eyes), and
 * retransmission triggers its runs showed the diagnosis getting wrong, each reduced to the few packets that decide it.
 */
class HandMadeCausesTest {
    private static final long MS = 1_000_000;
    private final Endpoint c = new Endpoint("10.0.0.1", 40000), srv = new Endpoint("10.0.0.2", 80);
    /** The flow being written; a test comparing variants starts a new one for each. */
    private ConnectionAnalyzer conn = new ConnectionAnalyzer(c, srv);
    private long frame;

    private void data(long nanos, long seq, int len) {
        conn.accept(new TcpPacket(++frame, nanos, c, srv, seq, 1, TcpPacket.ACK, 1000, len, (int) frame, -1, new long[0]));
    }

    /** Data with the timestamp option, TSval the sender's millisecond clock. */
    private void timedData(long nanos, long seq, int len) {
        conn.accept(new TcpPacket(++frame, nanos, c, srv, seq, 1, TcpPacket.ACK, 1000, len, (int) frame, -1, new long[0], nanos / MS, 0));
    }

    /** An ACK with the timestamp option echoing {@code tsEcr}, and SACK blocks. */
    private void timedSack(long nanos, long ack, long tsEcr, long... blocks) {
        conn.accept(new TcpPacket(++frame, nanos, srv, c, 1, ack, TcpPacket.ACK, 20000, 0, (int) frame, -1, blocks, nanos / MS, tsEcr));
    }

    private void ack(long nanos, long ack, int window) {
        sack(nanos, ack, window);
    }

    /** An ACK with SACK blocks, given as {@code left0, right0, left1, ...}. */
    private void sack(long nanos, long ack, int window, long... blocks) {
        conn.accept(new TcpPacket(++frame, nanos, srv, c, 1, ack, TcpPacket.ACK, window, 0, (int) frame, -1, blocks));
    }

    /** A new flow with timestamps: ten segments at 10 ms (TSval 10), three SACKs, the head resent at 12 ms (TSval 12). */
    private void timedFastRetransmit() {
        conn = new ConnectionAnalyzer(c, srv);
        frame = 0;
        start();
        for (int i = 0; i < 10; i++) timedData(10 * MS + i * 10_000, 1 + i * 1000L, 1000);
        for (int i = 0; i < 3; i++) timedSack(12 * MS + i * 10_000, 1, 10, 1001, 2001 + 1000L * i);
        timedData(12 * MS + 30_000, 1, 1000);
    }

    /** Handshake at 0–2 ms (window scale 0), then ten 1,000-byte segments from 10 ms, their ACKs 2 ms later. */
    private void start() {
        conn.accept(new TcpPacket(++frame, 0, c, srv, 0, 0, TcpPacket.SYN, 1000, 0, 1, 0, new long[0]));
        conn.accept(new TcpPacket(++frame, MS, srv, c, 0, 1, TcpPacket.SYN | TcpPacket.ACK, 20000, 0, 2, 0, new long[0]));
        conn.accept(new TcpPacket(++frame, 2 * MS, c, srv, 1, 1, TcpPacket.ACK, 1000, 0, 3, -1, new long[0]));
    }

    private FlowDiagnosis result() {
        return conn.forward.result(conn.initialRttNanos());
    }

    /**
     * F-RTO (RFC 5682 step 3.b, Linux's {@code tcp_process_loss}): after a timeout from the open state, an ACK that SACKs
     * data never resent makes the sender take the timeout for spurious and undo it, so the hole resent next is a fast
     * retransmit on those SACKs, not part of a loss recovery (the simulated senders' counters showed 8 such resends in
     * rpc-control). The timeout stays an RTO: F-RTO's verdict is the sender's, not proof that the original arrived.
     */
    @Test
    void aSackOfDataNeverResentUndoesTheTimeout() {
        start();
        for (int i = 0; i < 10; i++) data(10 * MS + i * 10_000, 1 + i * 1000L, 1000);
        data(250 * MS, 1, 1000); // nothing heard for 240 ms: the timer
        sack(251 * MS, 1, 20000, 2001, 10001);
        data(251 * MS + 10_000, 1001, 1000);
        FlowDiagnosis f = result();
        assertThat(f.retransmissions()).extracting(Retransmission::kind)
                .containsExactly(RetransmissionKind.RTO, RetransmissionKind.FAST_RETRANSMIT);
    }

    /**
     * Eifel (RFC 3522, Linux's {@code tcp_try_undo_loss} by {@code tcp_packet_delayed}): the first ACK after a timeout
     * echoes the TSval of the original transmission, older than the retransmission's, so the original arrived and the
     * timeout was spurious; an echo of the retransmission's TSval proves nothing.
     */
    @Test
    void anAckEchoingTheOriginalsTimestampShowsTheTimeoutSpurious() {
        for (long echo : new long[] {10, 250}) {
            conn = new ConnectionAnalyzer(c, srv);
            frame = 0;
            start();
            for (int i = 0; i < 10; i++) timedData(10 * MS + i * 10_000, 1 + i * 1000L, 1000);
            timedData(250 * MS, 1, 1000); // the timer
            timedSack(251 * MS, 10001, echo);
            Retransmission r = result().retransmissions().getFirst();
            assertThat(r.trigger()).isEqualTo(RetransmissionKind.RTO);
            if (echo == 10) {
                assertThat(r.kind()).isEqualTo(RetransmissionKind.SPURIOUS);
                assertThat(r.spuriousEvidence().text()).contains("echoes TSval 10, older than this retransmission's 250").contains("Eifel");
            } else {
                assertThat(r.kind()).as("an echo of the retransmission").isEqualTo(RetransmissionKind.RTO);
            }
        }
    }

    /**
     * Linux's {@code tcp_try_undo_partial}: in fast recovery, an ACK that fills the hole while echoing a TSval older than
     * the fast retransmission's answers the original: it was reordered, not lost. With no retransmission out the
     * recovery is undone.
     */
    @Test
    void aPartialAckEchoingTheOriginalsTimestampUndoesTheRecovery() {
        for (long echo : new long[] {10, 12}) {
            timedFastRetransmit();
            timedSack(12 * MS + 500_000, 4001, echo); // the hole filled: by the original (10) or the resend (12)
            List<Retransmission> rs = result().retransmissions();
            assertThat(rs.getFirst().trigger()).isEqualTo(RetransmissionKind.FAST_RETRANSMIT);
            if (echo == 10) {
                assertThat(rs.getFirst().kind()).isEqualTo(RetransmissionKind.SPURIOUS);
                assertThat(rs.getFirst().spuriousEvidence().text()).contains("reordering");
            } else {
                assertThat(rs.getFirst().kind()).isEqualTo(RetransmissionKind.FAST_RETRANSMIT);
            }
        }
    }

    /**
     * Linux's {@code tcp_try_undo_recovery}: the ACK that ends a fast recovery echoes the original's TSval, so the
     * original filled the hole and the fast retransmit was not needed, though the episode is over by then.
     */
    @Test
    void aFullAckEchoingTheOriginalsTimestampShowsTheFastRetransmitSpurious() {
        for (long echo : new long[] {10, 12}) {
            timedFastRetransmit();
            timedSack(12 * MS + 500_000, 10001, echo); // everything: by the original (10) or the resend (12)
            Retransmission r = result().retransmissions().getFirst();
            assertThat(r.trigger()).isEqualTo(RetransmissionKind.FAST_RETRANSMIT);
            if (echo == 10) assertThat(r.spuriousEvidence().text()).contains("tcp_try_undo_recovery");
            assertThat(r.kind()).isEqualTo(echo == 10 ? RetransmissionKind.SPURIOUS : RetransmissionKind.FAST_RETRANSMIT);
        }
    }

    /**
     * The timeouts' count ({@code icsk_retransmits}) ends with forward progress (Linux's {@code tcp_ack()}): after a first
     * timeout whose loss was real and whose episode ended, a timeout during a later fast recovery is the first of its
     * episode and arms no F-RTO, so SACKs of data never resent do not undo it.
     */
    @Test
    void progressAfterATimeoutMakesALaterTimeoutInRecoveryTheFirst() {
        start();
        for (int i = 0; i < 10; i++) data(10 * MS + i * 10_000, 1 + i * 1000L, 1000);
        data(250 * MS, 1, 1000); // the timer
        sack(251 * MS, 1001, 20000); // the resent head arrived: F-RTO sends new data
        data(251 * MS + 10_000, 10001, 1000);
        sack(252 * MS, 1001, 20000, 10001, 11001); // the new data arrived, the hole did not: the loss is real (step 3.a)
        data(252 * MS + 10_000, 1001, 1000);
        sack(253 * MS, 11001, 20000); // everything: the episode is over
        for (int i = 0; i < 9; i++) data(260 * MS + i * 10_000, 11001 + i * 1000L, 1000);
        for (int i = 0; i < 3; i++) sack(262 * MS + i * 10_000, 11001, 20000, 12001, 13001 + 1000L * i);
        data(262 * MS + 30_000, 11001, 1000); // fast retransmit of the head, which is lost again
        data(500 * MS, 11001, 1000); // the timer, during recovery
        sack(501 * MS, 11001, 20000, 12001, 19001); // data never resent, below the recovery point
        data(501 * MS + 10_000, 19001, 1000); // the last segment, marked lost with all outstanding at the timeout
        FlowDiagnosis f = result();
        assertThat(f.retransmissions()).extracting(Retransmission::kind).last().isEqualTo(RetransmissionKind.RTO);
        assertThat(f.retransmissions().getLast().evidence().text()).contains("part of the recovery after the timeout");
    }

    /** A timeout during fast recovery arms no F-RTO (tcp_enter_loss): its SACKs do not undo it. */
    @Test
    void aTimeoutInRecoveryIsNotUndoneBySacks() {
        start();
        for (int i = 0; i < 10; i++) data(10 * MS + i * 10_000, 1 + i * 1000L, 1000);
        for (int i = 0; i < 3; i++) sack(12 * MS + i * 10_000, 1, 20000, 1001, 2001 + 1000L * i);
        data(12 * MS + 30_000, 1, 1000); // fast retransmit of the head, which is lost again
        data(250 * MS, 1, 1000); // the timer
        sack(251 * MS, 1, 20000, 1001, 9001); // data never resent, below the recovery point
        data(251 * MS + 10_000, 9001, 1000); // the last segment, marked lost with all outstanding at the timeout
        FlowDiagnosis f = result();
        assertThat(f.retransmissions()).extracting(Retransmission::kind)
                .containsExactly(RetransmissionKind.FAST_RETRANSMIT, RetransmissionKind.RTO, RetransmissionKind.RTO);
        assertThat(f.retransmissions().get(2).evidence().text()).contains("part of the recovery after the timeout");
    }

    /**
     * Karn's rule per ACK, as Linux's {@code tcp_clean_rtx_queue()} keeps it: the ACK that fills a hole covers a resent
     * segment and segments SACKed long before, so it times the loss episode rather than the path, and gives no RTT
     * sample (taking one inflated the SRTT to 205 ms on a simulated run, and a later timer resend looked ACK-clocked).
     */
    @Test
    void theAckThatFillsAHoleGivesNoRoundTrip() {
        start();
        for (int i = 0; i < 3; i++) data(10 * MS + i * 10_000, 1 + i * 1000L, 1000);
        sack(12 * MS + 10_000, 1, 20000, 1001, 2001);
        sack(12 * MS + 20_000, 1, 20000, 1001, 3001);
        data(12 * MS + 500_000, 1, 1000);
        ack(14 * MS + 500_000, 3001, 20000);
        assertThat(conn.forward.minRttNanos()).as("no sample from the hole's ACK").isEqualTo(-1);
        data(20 * MS, 3001, 1000);
        ack(22 * MS, 4001, 20000);
        assertThat(conn.forward.minRttNanos()).as("the next segment's").isEqualTo(2 * MS);
    }

    /**
     * §5.3 root cause 2: the fourth segment is lost; the six segments behind it each bring an ACK of the hole, but each
     * with a larger window (a receive buffer still growing), so none is a duplicate and the timer resends it.
     */
    @Test
    void windowUpdatesAreNotDuplicateAcks() {
        start();
        for (int i = 0; i < 10; i++) data(10 * MS + i * 10_000, 1 + i * 1000L, 1000);
        for (int i = 0; i < 3; i++) ack(12 * MS + i * 10_000, 1001 + i * 1000L, 20000);
        for (int i = 0; i < 6; i++) ack(12 * MS + (4 + i) * 10_000, 3001, 22000 + 2000 * i);
        data(312 * MS, 3001, 1000);
        ack(314 * MS, 10001, 40000);
        FlowDiagnosis f = result();
        assertThat(f.duplicateAckFrames()).isEmpty();
        assertThat(f.retransmissions()).singleElement().satisfies(r -> assertThat(r.kind()).isEqualTo(RetransmissionKind.RTO));
        assertThat(f.slowdowns()).singleElement().satisfies(s -> {
            assertThat(s.kind()).isEqualTo(SlowdownKind.WINDOW_UPDATE_NOT_DUPACK);
            assertThat(s.evidence().figures()).containsEntry("windowUpdates", 6L).containsEntry("duplicateAcks", 0L);
            assertThat(s.costNanos()).isEqualTo(302 * MS - 3 * 10_000);
        });
    }

    /** The same loss with the same window on every ACK: six duplicates, a fast retransmit at the third, nothing slow. */
    @Test
    void sameWindowAcksAreDuplicatesAndRetransmitFast() {
        start();
        for (int i = 0; i < 10; i++) data(10 * MS + i * 10_000, 1 + i * 1000L, 1000);
        for (int i = 0; i < 3; i++) ack(12 * MS + i * 10_000, 1001 + i * 1000L, 20000);
        for (int i = 0; i < 3; i++) ack(12 * MS + (4 + i) * 10_000, 3001, 20000);
        data(12 * MS + 61_000, 3001, 1000);
        for (int i = 3; i < 6; i++) ack(12 * MS + (4 + i) * 10_000, 3001, 20000);
        ack(14 * MS + 61_000, 10001, 20000);
        FlowDiagnosis f = result();
        assertThat(f.duplicateAckFrames()).hasSize(6);
        assertThat(f.retransmissions()).singleElement().satisfies(r -> assertThat(r.kind()).isEqualTo(RetransmissionKind.FAST_RETRANSMIT));
        assertThat(f.slowdowns()).isEmpty();
    }

    /**
     * §5.2: three duplicate ACKs come at once and do not start fast retransmit; 40 ms later the application writes
     * again, its segments bring five more, and only then the lost segment is resent: a late fast retransmit.
     */
    @Test
    void aFastRetransmitLongAfterTheThirdDuplicateIsLate() {
        start();
        for (int i = 0; i < 6; i++) data(10 * MS + i * 10_000, 1 + i * 1000L, 1000);
        ack(12 * MS, 1001, 20000);
        ack(12 * MS + 10_000, 2001, 20000);
        for (int i = 0; i < 3; i++) ack(12 * MS + (3 + i) * 10_000, 2001, 20000);
        for (int i = 0; i < 5; i++) data(52 * MS + i * 10_000, 6001 + i * 1000L, 1000);
        for (int i = 0; i < 5; i++) ack(54 * MS + i * 10_000, 2001, 20000);
        data(54 * MS + 41_000, 2001, 1000);
        ack(56 * MS + 41_000, 11001, 20000);
        FlowDiagnosis f = result();
        assertThat(f.retransmissions()).singleElement().satisfies(r -> assertThat(r.kind()).isEqualTo(RetransmissionKind.FAST_RETRANSMIT));
        assertThat(f.slowdowns()).filteredOn(s -> s.kind() == SlowdownKind.LATE_FAST_RETRANSMIT).singleElement().satisfies(s -> {
            assertThat(s.evidence().figures()).containsEntry("duplicateAcks", 8L);
            assertThat(s.costNanos()).isEqualTo(54 * MS + 41_000 - (12 * MS + 50_000));
        });
    }

    /**
     * A window sent in one instant (a burst, as a sender's capture point sees it) loses its fourth and sixth segments.
     * Both resends are fast retransmits: the head by duplicate ACKs, the sixth by the segments SACKed above it, which
     * were sent after it in RACK's order (RFC 8985: at the same time, higher in sequence), although not later in time.
     */
    @Test
    void holesOfABurstSentInOneInstantAreResentByTheSackedSegmentsAboveThem() {
        start();
        for (int i = 0; i < 10; i++) data(10 * MS, 1 + i * 1000L, 1000);
        for (int i = 0; i < 3; i++) ack(12 * MS + i * 10_000, 1001 + i * 1000L, 20000);
        sack(12 * MS + 30_000, 3001, 20000, 4001, 5001);
        for (int i = 0; i < 4; i++) sack(12 * MS + (4 + i) * 10_000, 3001, 20000, 6001, 7001 + i * 1000L, 4001, 5001);
        data(12 * MS + 71_000, 3001, 1000);
        data(12 * MS + 72_000, 5001, 1000);
        sack(14 * MS + 71_000, 5001, 20000, 6001, 10001);
        ack(14 * MS + 72_000, 10001, 20000);
        FlowDiagnosis f = result();
        assertThat(f.retransmissions()).extracting(Retransmission::kind)
                .containsExactly(RetransmissionKind.FAST_RETRANSMIT, RetransmissionKind.FAST_RETRANSMIT);
        assertThat(f.retransmissions().get(1).evidence().text()).contains("4 segments' worth of data above it SACKed");
    }

    /**
     * The fast retransmit of the fourth segment is lost too; new data sent during the recovery keeps duplicate ACKs
     * coming every millisecond, but the timer, armed again only by the head's resend, fires 200 ms later: the head's
     * second resend comes 0.5 ms after a duplicate ACK, yet it is the timer's, not RACK's (whose news was 200 ms old).
     */
    @Test
    void theTimerFiresAmidAStreamOfDuplicateAcks() {
        start();
        for (int i = 0; i < 10; i++) data(10 * MS + i * 10_000, 1 + i * 1000L, 1000);
        for (int i = 0; i < 3; i++) ack(12 * MS + i * 10_000, 1001 + i * 1000L, 20000);
        for (int i = 0; i < 3; i++) sack(12 * MS + (3 + i) * 10_000, 3001, 20000, 4001, 5001 + i * 1000L);
        data(12 * MS + 61_000, 3001, 1000);
        for (int i = 0; i < 200; i++) {
            data(13 * MS + i * MS, 10001 + i * 1000L, 1000);
            sack(15 * MS + i * MS, 3001, 20000, 4001, 11001 + i * 1000L);
        }
        data(212 * MS + 561_000, 3001, 1000);
        ack(214 * MS + 561_000, 210001, 20000);
        FlowDiagnosis f = result();
        assertThat(f.retransmissions()).extracting(Retransmission::kind)
                .containsExactly(RetransmissionKind.FAST_RETRANSMIT, RetransmissionKind.RTO);
        assertThat(f.retransmissions().get(1).evidence().text()).contains("200.500 ms after its last resend").doesNotContain("not on an ACK");
    }
}
