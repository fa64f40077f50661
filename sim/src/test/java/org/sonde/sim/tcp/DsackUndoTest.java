package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.sim.tcp.CongestionControl.OPEN;
import static org.sonde.sim.tcp.CongestionControl.RECOVERY;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The D-SACK undo of Linux's {@code tcp_input.c} ({@code undo_retrans}, {@code tcp_try_undo_dsack()},
 * {@code tcp_may_undo()}), ACK by ACK from a hand-played peer: ten segments of 1448 bytes leave at 10 ms with Reno,
 * the duplicate threshold and no loss probe; at 11 ms three segments are SACKed above the first, which fast recovery
 * resends. The first was only reordered: the peer then acknowledges everything, and reports the resent copy as received
 * twice (RFC 2883). Once every retransmission of the episode is so reported, the window reduction is undone
 * ({@code TCPDSACKUndo}, or {@code TCPLossUndo} for a timeout); a retransmission not reported keeps it.
 */
class DsackUndoTest {
    private static final long MS = 1_000_000L;
    private static final int MSS = 1448;

    private static long seg(int n) {
        return 1 + (long) (n - 1) * MSS;
    }

    private static List<Long> resentAt(HandPeer p, long t) {
        return p.dataSent().stream().filter(s -> s.at() == t && s.segment().retransmission).map(s -> p.relSeq(s.segment())).toList();
    }

    /** In fast recovery at 11 ms: three duplicate ACKs SACK the segments from {@code sackedFrom} on, one at a time. */
    private static HandPeer recovering(int sackedFrom) {
        HandPeer p = sending(Map.of("congestion-control", "reno", "recovery", 0, "early-retrans", 0), 10);
        p.at(11 * MS);
        for (int k = 1; k <= 3; k++) p.ack(seg(1), seg(sackedFrom), seg(sackedFrom + k));
        assertThat(p.sock.caState()).isEqualTo(RECOVERY);
        assertThat(p.sock.ssthresh()).isEqualTo(5);
        return p;
    }

    /** A peer whose socket, at 10 ms, is given {@code segments} segments to send (ten go at once: the initial window). */
    private static HandPeer sending(Map<String, Object> tcp, int segments) {
        HandPeer p = new HandPeer(tcp);
        p.accept(MS, false, s -> {
        });
        p.at(10 * MS);
        p.sock.send((long) segments * MSS);
        p.settle();
        return p;
    }

    @Test
    void aDsackOfTheOnlyRetransmissionUndoesTheReductionAfterTheRecoveryEnded() {
        HandPeer p = recovering(2);
        assertThat(resentAt(p, 11 * MS)).containsExactly(seg(1));
        p.at(12 * MS);
        p.ack(seg(11)); // the original first segment arrived late: the episode ends, its retransmission unexplained yet
        assertThat(p.sock.caState()).isEqualTo(OPEN);
        assertThat(p.sock.ssthresh()).isEqualTo(5);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPDSACKUndo)).isZero();

        p.ack(seg(11), seg(1), seg(2)); // the resent copy arrived too: a D-SACK below the ACK
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPDSACKRecv)).isEqualTo(1);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPDSACKUndo)).isEqualTo(1);
        assertThat(p.sock.ssthresh()).isGreaterThan(10); // back to what it was (the initial, unbounded)
        assertThat(p.sock.cwnd()).isGreaterThanOrEqualTo(10);
        assertThat(p.sock.caState()).isEqualTo(OPEN);
    }

    @Test
    void aDsackDuringTheRecoveryUndoesItThereOnceEveryRetransmissionIsReported() {
        HandPeer p = recovering(2);
        p.at(12 * MS);
        // the original arrived and then the copy, before the rest: acknowledged up to the SACKed ones, and reported twice
        p.ack(seg(5), seg(1), seg(2));
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPDSACKUndo)).isEqualTo(1);
        assertThat(p.sock.caState()).isNotEqualTo(RECOVERY);
        assertThat(p.sock.ssthresh()).isGreaterThan(10);
    }

    @Test
    void aRetransmissionNoDsackReportsKeepsTheReduction() {
        // two holes (1 and 2 below SACKed 3..5): the first resent at once, the second once two more SACKs bring the
        // data in flight below ssthresh (PRR's reduction bound)
        HandPeer p = recovering(3);
        p.at(11 * MS + MS / 2);
        p.ack(seg(1), seg(3), seg(7));
        p.ack(seg(1), seg(3), seg(8));
        assertThat(p.dataSent().stream().filter(x -> x.segment().retransmission).map(x -> p.relSeq(x.segment())).toList())
                .containsExactly(seg(1), seg(2));
        p.at(12 * MS);
        p.ack(seg(11), seg(1), seg(2)); // only the first copy reported twice: the second hole was a real loss
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPDSACKRecv)).isEqualTo(1);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPDSACKUndo)).isZero();
        assertThat(p.sock.ssthresh()).isEqualTo(5);
    }

    @Test
    void aDsackOfDataThisSenderNeverResentIsDubiousAndUndoesNothing() {
        HandPeer p = recovering(2);
        p.at(12 * MS);
        p.ack(seg(11));
        p.ack(seg(11), seg(3), seg(5)); // two segments reported twice: more than the one retransmission
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPDSACKIgnoredDubious)).isEqualTo(1);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPDSACKUndo)).isZero();
        assertThat(p.sock.ssthresh()).isEqualTo(5);
    }

    @Test
    void aDsackOfTheTimeoutsResendUndoesTheTimeoutAndNewDataFollows() {
        // ten segments out at 10 ms with 20 to send, their ACKs late: the RTO (1 + 200 ms) resends the first; no F-RTO,
        // whose ACK of never-resent segments would undo the timeout on its own
        HandPeer p = sending(Map.of("congestion-control", "reno", "early-retrans", 0, "frto", 0), 20);
        p.at(212 * MS);
        assertThat(resentAt(p, 211 * MS)).containsExactly(seg(1));
        p.ack(seg(11), seg(1), seg(2)); // everything arrived, the resent copy twice
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPLossUndo)).isEqualTo(1); // tcp_try_undo_loss(): tcp_may_undo()
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPSpuriousRTOs)).isZero();
        assertThat(p.sock.caState()).isEqualTo(OPEN);
        assertThat(p.sock.ssthresh()).isGreaterThan(10);
        assertThat(p.dataSent().stream().filter(x -> x.at() == 212 * MS).map(x -> p.relSeq(x.segment())).toList()).contains(seg(11));
    }
}
