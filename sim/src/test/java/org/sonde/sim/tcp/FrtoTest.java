package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.sim.tcp.CongestionControl.LOSS;
import static org.sonde.sim.tcp.CongestionControl.OPEN;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * F-RTO (RFC 5682, the SACK-enhanced variant of Linux's {@code tcp_process_loss()}) and the timestamp-proven loss undo
 * ({@code tcp_try_undo_loss()}), ACK by ACK from a hand-played peer. Ten segments of 1448 bytes leave at 10 ms with Reno
 * and no loss probe; the RTO (1 + 200 ms) fires at 211 ms and resends the first. Then:
 * <ul>
 *   <li>real loss: the ACK of the resent segment makes F-RTO send two new segments (step 2.b: cwnd 1 grew to 2), and
 *       the duplicate that SACKs one of them proves the loss (step 3.a): the lost segments go again;</li>
 *   <li>spurious timeout: an ACK of segments never resent (the originals were only late) undoes the timeout's
 *       reduction (step 3.b): cwnd and ssthresh come back, the state is Open, TCPSpuriousRTOs counts it;</li>
 *   <li>with {@code frto 0} the same ACKs bring retransmissions and no undo, unless the timestamp echo shows the ACK
 *       answers the original transmission (Eifel: {@code tcp_packet_delayed()}).</li>
 * </ul>
 * The timeout's counters are the kernel's ({@code tcp_retransmit_timer()}), as a spurious timeout on Linux 6.18 showed
 * them ({@code examples/inject/tcp-ack-loss.yaml}).
 */
class FrtoTest {
    private static final long MS = 1_000_000L;
    private static final int MSS = 1448;

    /** A peer that took ten segments at 10 ms and lets the RTO fire at 211 ms. */
    private static HandPeer timedOut(int frto) {
        Map<String, Object> tcp = new HashMap<>(Map.of("congestion-control", "reno", "early-retrans", 0, "frto", frto));
        HandPeer p = new HandPeer(tcp);
        p.accept(MS, false, s -> {
        });
        p.at(10 * MS);
        p.sock.send(20L * MSS);
        p.settle();
        p.at(215 * MS);
        assertThat(p.sock.timeouts()).isEqualTo(1);
        assertThat(p.sock.caState()).isEqualTo(LOSS);
        assertThat(resentAt(p, 211 * MS)).containsExactly(1L);
        return p;
    }

    private static List<Long> sentAt(HandPeer p, long t) {
        return p.dataSent().stream().filter(s -> s.at() == t && !s.segment().retransmission).map(s -> p.relSeq(s.segment())).toList();
    }

    private static List<Long> resentAt(HandPeer p, long t) {
        return p.dataSent().stream().filter(s -> s.at() == t && s.segment().retransmission).map(s -> p.relSeq(s.segment())).toList();
    }

    private static long seg(int n) {
        return 1 + (long) (n - 1) * MSS;
    }

    @Test
    void afterTheResentSegmentIsAcknowledgedNewDataGoesFirstAndADuplicateProvesTheLoss() {
        HandPeer p = timedOut(2);
        p.ack(seg(2)); // the resent first segment arrived; 2..10 are missing
        assertThat(resentAt(p, 215 * MS)).isEmpty();
        assertThat(sentAt(p, 215 * MS)).containsExactly(seg(11), seg(12)); // step 2.b

        p.at(216 * MS);
        p.ack(seg(2), seg(11), seg(12)); // the new data arrived, the hole did not: step 3.a
        assertThat(resentAt(p, 216 * MS)).containsExactly(seg(2)); // cwnd 2, one new segment still out
        assertThat(p.sock.caState()).isEqualTo(LOSS);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPSpuriousRTOs)).isZero();
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPLossUndo)).isZero();
        assertThat(p.sock.ssthresh()).isEqualTo(5);
    }

    @Test
    void withoutFrtoTheAcknowledgedResentSegmentIsFollowedByMoreRetransmissions() {
        HandPeer p = timedOut(0);
        p.ack(seg(2));
        assertThat(sentAt(p, 215 * MS)).isEmpty();
        assertThat(resentAt(p, 215 * MS)).containsExactly(seg(2), seg(3));
    }

    @Test
    void anAckOfSegmentsNeverResentShowsTheTimeoutWasSpuriousAndUndoesIt() {
        HandPeer p = timedOut(2);
        assertThat(p.sock.ssthresh()).isEqualTo(5);
        p.ack(seg(11)); // all ten: the originals were late, not lost
        assertThat(p.sock.caState()).isEqualTo(OPEN);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPSpuriousRTOs)).isEqualTo(1);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPLossUndo)).isEqualTo(1);
        assertThat(p.sock.ssthresh()).isGreaterThan(10); // back to what it was (the initial, unbounded)
        assertThat(p.sock.cwnd()).isGreaterThanOrEqualTo(10);
        assertThat(p.sock.info().lostOut()).isZero();
        assertThat(resentAt(p, 215 * MS)).isEmpty();

        HandPeer plain = timedOut(0);
        plain.ack(seg(11));
        assertThat(plain.sock.caState()).isEqualTo(OPEN);
        assertThat(plain.stack.counter(TcpCounter.TcpExtTCPLossUndo)).isZero();
        assertThat(plain.sock.ssthresh()).isEqualTo(5);
        assertThat(plain.sock.cwnd()).isLessThan(10);
    }

    @Test
    void aTimestampEchoOfTheOriginalUndoesTheTimeoutWithoutFrto() {
        HandPeer p = timedOut(0);
        p.tsEcr = p.dataSent().getFirst().segment().tsVal; // the ACK answers the first transmission, sent at 10 ms
        p.ack(seg(2));
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPLossUndo)).isEqualTo(1);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPSpuriousRTOs)).isZero();
        assertThat(p.sock.caState()).isEqualTo(OPEN);
        assertThat(p.sock.ssthresh()).isGreaterThan(10);
        assertThat(p.sock.info().lostOut()).isZero(); // nothing is taken for lost any more
        assertThat(resentAt(p, 215 * MS)).isEmpty();
    }

    @Test
    void aTimeoutCountsTheRecoveryItEndsAndItsResendAsARetransmissionAlone() {
        // tcp_retransmit_timer(): TCPTimeouts; a failure counter only if a recovery (or SACKed data) was under way;
        // the resend of the head is in TcpRetransSegs, not TCPSlowStartRetrans (tcp_xmit_retransmit_queue()'s)
        HandPeer p = timedOut(2);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPTimeouts)).isEqualTo(1);
        assertThat(p.stack.counter(TcpCounter.TcpRetransSegs)).isEqualTo(1);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPSlowStartRetrans)).isZero();
        for (TcpCounter c : List.of(TcpCounter.TcpExtTCPSackFailures, TcpCounter.TcpExtTCPSackRecoveryFail, TcpCounter.TcpExtTCPLossFailures)) {
            assertThat(p.stack.counter(c)).as(c.name()).isZero();
        }
        p.ack(seg(2));
        p.at(216 * MS);
        p.ack(seg(2), seg(11), seg(12));
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPSlowStartRetrans)).isEqualTo(1); // segment 2, resent in Loss
    }

    /**
     * A timeout counts as repeated ({@code icsk_retransmits}) only until the next forward progress: Linux's
     * {@code tcp_ack()} clears the count when snd_una advances. A later timeout during fast recovery is then the first
     * of its episode: it counts the failed recovery and arms no F-RTO. Before, the simulator kept the count for the
     * connection's life, so any timeout after an earlier one ran F-RTO and counted no failure.
     */
    @Test
    void forwardProgressEndsTheTimeoutCountSoALaterTimeoutInRecoveryArmsNoFrto() {
        HandPeer p = timedOut(2);
        p.ack(seg(2)); // the resent head arrived: F-RTO sends new data (step 2.b)
        p.at(216 * MS);
        p.ack(seg(2), seg(11), seg(12)); // the hole is real (step 3.a)
        p.at(217 * MS);
        p.ack(seg(13)); // everything arrived: the loss episode is over, and no undo cleared the count
        assertThat(p.sock.caState()).isEqualTo(OPEN);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPLossUndo)).isZero();
        assertThat(sentAt(p, 217 * MS)).contains(seg(13), seg(17));
        p.sock.send(20L * MSS); // new data for F-RTO, were it armed
        p.at(218 * MS);
        p.ack(seg(13), seg(14), seg(17)); // three segments SACKed above the hole at 13: RACK's timer starts fast recovery
        p.at(230 * MS);
        assertThat(p.sock.caState()).isEqualTo(CongestionControl.RECOVERY);
        p.at(600 * MS); // nothing more arrives: the RTO fires during recovery (once: the next is 400 ms later)
        assertThat(p.sock.timeouts()).isEqualTo(2);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPSackRecoveryFail)).as("the first timeout of its episode").isEqualTo(1);
        long now = 600 * MS;
        p.ack(seg(14), seg(14), seg(17)); // the resent head arrived
        assertThat(sentAt(p, now)).as("no F-RTO: no new data first").isEmpty();
    }

    @Test
    void noFrtoWhenTheTimeoutComesDuringFastRecovery() {
        // F-RTO step 1 (RFC 5682 3.2): the timeout must begin the loss episode (or repeat one on the same snd_una)
        HandPeer p = new HandPeer(Map.of("congestion-control", "reno", "early-retrans", 0, "frto", 2, "recovery", 0));
        p.accept(MS, false, s -> {
        });
        p.at(10 * MS);
        p.sock.send(30L * MSS);
        p.settle();
        p.at(11 * MS);
        p.ack(seg(1), seg(2), seg(5)); // three duplicates: segment 1 is lost, fast recovery begins
        p.at(12 * MS);
        assertThat(p.sock.caState()).isEqualTo(CongestionControl.RECOVERY);
        p.at(400 * MS); // nothing more arrives: the RTO fires during recovery
        assertThat(p.sock.timeouts()).isPositive();
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPSackRecoveryFail)).isEqualTo(1);
        long resentBefore = p.dataSent().stream().filter(s -> s.segment().retransmission).count();
        long now = 400 * MS;
        p.ack(seg(2), seg(2), seg(5)); // the resent first segment arrived
        assertThat(sentAt(p, now)).isEmpty(); // no new data first: conventional recovery retransmits
        assertThat(p.dataSent().stream().filter(s -> s.segment().retransmission).count()).isGreaterThan(resentBefore);
    }
}
