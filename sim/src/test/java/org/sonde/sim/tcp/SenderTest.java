package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the sender puts on the wire, driven ACK by ACK from a hand-played peer ({@link HandPeer}): the congestion
 * window and slow start (RFC 5681), the peer's window, window validation ({@code tcp_is_cwnd_limited()}: in slow
 * start the window grows only while it is under twice what was used), Nagle with Minshall's variant, zero-window
 * probes with exponential backoff (RFC 9293 3.8.6.1), RTO backoff (RFC 6298 5.5), the tail loss probe (RFC 8985 7.3)
 * and a RACK fast retransmit. The handshake's RTT is 1 ms, so the RTO is 1 + 200 ms; segments carry 1448 bytes.
 */
class SenderTest {
    private static final long MS = 1_000_000L;
    private static final int MSS = 1448;
    private static final Map<String, Object> RENO = Map.of("congestion-control", "reno");

    private static HandPeer connected(Map<String, Object> tcp) {
        HandPeer p = new HandPeer(tcp);
        p.accept(MS, false, s -> {
        });
        return p;
    }

    /** The data segments sent at {@code t}, by where they start (relative). */
    private static List<Long> sentAt(HandPeer p, long t) {
        return p.dataSent().stream().filter(s -> s.at() == t).map(s -> p.relSeq(s.segment())).toList();
    }

    @Test
    void theInitialWindowGoesAtOnceAndSlowStartAddsASegmentPerSegmentAcked() {
        HandPeer p = connected(RENO);
        p.at(10 * MS);
        p.sock.send(20L * MSS);
        p.settle();
        assertThat(sentAt(p, 10 * MS)).hasSize(10); // TCP_INIT_CWND
        p.at(11 * MS);
        p.ack(1 + 2 * MSS);
        assertThat(p.sock.cwnd()).isEqualTo(12);
        assertThat(sentAt(p, 11 * MS)).containsExactly(1L + 10 * MSS, 1L + 11 * MSS, 1L + 12 * MSS, 1L + 13 * MSS); // 2 freed, 2 grown
    }

    @Test
    void thePeersWindowLimitsTheFlightAndAWindowLimitedFlightDoesNotGrowTheCongestionWindow() {
        HandPeer p = new HandPeer(RENO);
        p.peerWindow = 57; // × 2^7 = 7296 bytes: five full segments
        p.accept(MS, false, s -> {
        });
        p.at(10 * MS);
        p.sock.send(20L * MSS);
        p.settle();
        assertThat(sentAt(p, 10 * MS)).hasSize(5);
        p.at(11 * MS);
        p.peerWindow = 1000;
        p.ack(1 + 5 * MSS);
        assertThat(p.sock.cwnd()).isEqualTo(10); // 10 is not under 2 × the 5 segments used
        assertThat(sentAt(p, 11 * MS)).hasSize(10);
    }

    @Test
    void nagleHoldsASmallSegmentWhileAnEarlierSmallOneIsUnacknowledged() {
        HandPeer p = connected(Map.of());
        p.at(10 * MS);
        p.sock.send(100);
        p.sock.send(MSS + 50); // a full segment goes, the 50-byte rest waits
        p.settle();
        assertThat(sentAt(p, 10 * MS)).containsExactly(1L, 101L);
        assertThat(p.dataSent().get(1).segment().payloadBytes).isEqualTo(MSS);
        p.at(11 * MS);
        p.ack(101); // the small segment is acknowledged (Minshall): the rest may go though the full one is out
        assertThat(sentAt(p, 11 * MS)).containsExactly(101L + MSS);

        HandPeer noDelay = connected(Map.of("nagle", false));
        noDelay.at(10 * MS);
        noDelay.sock.send(100);
        noDelay.sock.send(100);
        noDelay.settle();
        assertThat(sentAt(noDelay, 10 * MS)).containsExactly(1L, 101L);
    }

    @Test
    void aClosedWindowIsProbedWithBackoffUntilItOpens() {
        HandPeer p = new HandPeer(Map.of());
        p.peerWindow = 0;
        p.accept(MS, false, s -> {
        });
        p.at(10 * MS);
        p.sock.send(1000);
        p.settle();
        assertThat(p.dataSent()).isEmpty();
        p.at(700 * MS);
        // max(RTO 201 ms, TCP_RTO_MIN) after the write, then doubling: 211 ms, 211 + 402 ms
        List<HandPeer.Sent> probes = p.acks().stream().filter(s -> p.relSeq(s.segment()) == 0).toList(); // snd_una − 1, no data
        assertThat(probes).extracting(HandPeer.Sent::at).containsExactly(211 * MS, 613 * MS);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPWinProbe)).isEqualTo(2);
        assertThat(p.sock.backoff()).isEqualTo(2);

        p.peerWindow = 100;
        p.ack(1); // the window opens
        assertThat(sentAt(p, 700 * MS)).containsExactly(1L);
        assertThat(p.sock.backoff()).isZero();
        p.at(2_000 * MS);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPWinProbe)).isEqualTo(2);
    }

    @Test
    void anRtoResendsTheHeadAloneAndDoublesEachTime() {
        HandPeer p = connected(Map.of("congestion-control", "reno", "early-retrans", 0));
        p.at(10 * MS);
        p.sock.send(3L * MSS);
        p.settle();
        p.at(1_500 * MS);
        List<HandPeer.Sent> resent = p.dataSent().stream().filter(s -> s.segment().retransmission).toList();
        assertThat(resent).extracting(HandPeer.Sent::at).containsExactly(211 * MS, 613 * MS, 1_417 * MS);
        assertThat(resent).allSatisfy(s -> assertThat(p.relSeq(s.segment())).isEqualTo(1));
        assertThat(p.sock.timeouts()).isEqualTo(3);
        assertThat(p.sock.rtoNanos()).isEqualTo(201 * MS << 3);
        assertThat(p.sock.cwnd()).isEqualTo(1);
        assertThat(p.sock.ssthresh()).isEqualTo(5); // halved once, at the first timeout only
        assertThat(p.sock.caState()).isEqualTo(CongestionControl.LOSS);
    }

    @Test
    void aTailLossProbeResendsTheLastSegmentTwoSrttsAfterTheFlight() {
        HandPeer p = connected(Map.of());
        p.at(10 * MS);
        p.sock.send(3L * MSS);
        p.settle();
        p.at(300 * MS);
        // PTO = 2 SRTT + TCP_TIMEOUT_MIN = 2 + 2 ms; nothing new to send, so the last segment goes again
        assertThat(sentAt(p, 14 * MS)).containsExactly(1L + 2 * MSS);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPLossProbes)).isEqualTo(1);
        // the RTO then counts from the probe: 14 + 201 ms, and resends the head
        assertThat(sentAt(p, 215 * MS)).containsExactly(1L);
        assertThat(p.sock.timeouts()).isEqualTo(1);
    }

    @Test
    void threeSegmentsSackedAboveTheFirstMakeRackRetransmitItAtOnceWithinPrr() {
        HandPeer p = connected(Map.of());
        p.at(10 * MS);
        p.sock.send(10L * MSS);
        p.settle();
        p.at(11 * MS);
        p.ack(1, 1 + MSS, 1 + 4 * MSS); // segments 2 to 4 SACKed: without reordering seen RACK's window is 0
        assertThat(sentAt(p, 11 * MS)).containsExactly(1L);
        assertThat(p.dataSent().getLast().segment().retransmission).isTrue();
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPSackRecovery)).isEqualTo(1);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPFastRetrans)).isEqualTo(1);
        // CUBIC: ssthresh 10 × 717 / 1024 = 7; PRR: pipe 6 after the SACKs, so one segment may go: the retransmission
        assertThat(p.sock.ssthresh()).isEqualTo(7);
        assertThat(p.sock.cwnd()).isEqualTo(7);
    }
}
