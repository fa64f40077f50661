package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.packet.TcpHeader;
import org.sonde.sim.net.IpFrame;

/**
 * When the receiver ACKs, driven segment by segment by a hand-played peer ({@link HandPeer}): quick-ACK mode for
 * min(rcv_wnd / 2·rcv_mss, 16) segments ({@code tcp_incr_quickack()}), the delayed-ACK timeout ATO (40 ms, doubled
 * when the timer was needed, at most max(SRTT, 40 ms) when above 40 ms: {@code tcp_send_delayed_ack()}), every
 * second full segment at once (RFC 1122 4.2.3.2, RFC 5681 4.2), out-of-order data and a filled hole at once,
 * duplicates with a D-SACK (RFC 2883), quick ACKs again after an idle RTO, ping-pong mode, the ECN echo (RFC 3168
 * 6.1.3) and the window offered ({@code __tcp_select_window()}). The peer sends 1448-byte segments.
 */
class ReceiverTest {
    private static final long MS = 1_000_000L;
    private static final int MSS = 1448;
    /** Linux 4.4's initial window: 14600 / (2 · 1448) = 5 quick ACKs. */
    private static final Map<String, Object> FIVE_QUICK_ACKS = Map.of("initial-receive-window", 14_600);

    private static HandPeer reading(Map<String, Object> tcp, long rtt) {
        HandPeer p = new HandPeer(tcp);
        p.accept(rtt, false, TcpSocket::readAll);
        return p;
    }

    /** The ACKs the socket sent at {@code t}, as what they acknowledge (relative). */
    private static List<Long> acksAt(HandPeer p, long t) {
        return p.acks().stream().filter(a -> a.at() == t).map(a -> p.relAck(a.segment())).toList();
    }

    /** Full segments 1 ms apart from {@code from}; returns the time of the last. */
    private static long segments(HandPeer p, int n, long from) {
        long t = from;
        for (int i = 0; i < n; i++, t += MS) {
            p.at(t);
            p.data(MSS);
        }
        return t - MS;
    }

    @Test
    void quickAckModeLastsHalfTheInitialWindowInSegmentsAtMostSixteen() {
        HandPeer p = reading(Map.of(), MS); // 65535 / 2896 = 22: TCP_MAX_QUICKACKS 16
        segments(p, 17, 10 * MS);
        for (int i = 1; i <= 16; i++) assertThat(acksAt(p, (9 + i) * MS)).as("segment %d", i).containsExactly(1L + i * MSS);
        assertThat(acksAt(p, 26 * MS)).isEmpty();

        HandPeer old = reading(FIVE_QUICK_ACKS, MS);
        segments(old, 6, 10 * MS);
        for (int i = 1; i <= 5; i++) assertThat(acksAt(old, (9 + i) * MS)).containsExactly(1L + i * MSS);
        assertThat(acksAt(old, 15 * MS)).isEmpty();
        assertThat(old.sock.rcv.quick).isZero();
    }

    @Test
    void delayedAcksWaitAtoWhichDoublesWhenTheTimerFiresBoundedBySrttAndAnIdleRtoBringsQuickAcksBack() {
        HandPeer p = reading(FIVE_QUICK_ACKS, 60 * MS); // SRTT 60 ms, RTO 60 + 200 ms
        segments(p, 5, 61 * MS);
        p.at(66 * MS);
        p.data(MSS);
        p.at(200 * MS);
        assertThat(acksAt(p, 106 * MS)).containsExactly(1L + 6 * MSS); // ATO 40 ms
        assertThat(p.stack.counter(TcpCounter.TcpExtDelayedACKs)).isEqualTo(1);
        assertThat(p.sock.rcv.ato).isEqualTo(80 * MS); // the delayed ACK was needed: ATO doubles

        p.data(MSS); // at 200 ms: ATO 80 ms, but above 40 ms it waits at most max(SRTT, 40 ms) = 60 ms
        p.at(600 * MS);
        assertThat(acksAt(p, 260 * MS)).containsExactly(1L + 7 * MSS);
        assertThat(p.sock.rcv.ato).isEqualTo(160 * MS);

        p.data(MSS); // at 600 ms, 400 ms after the last: longer than the RTO, the peer may have timed out
        assertThat(acksAt(p, 600 * MS)).containsExactly(1L + 8 * MSS);
        assertThat(p.sock.rcv.quick).isEqualTo(16 - 1);
    }

    @Test
    void theSecondOfTwoFullSegmentsIsAckedAtOnce() {
        HandPeer p = reading(FIVE_QUICK_ACKS, MS);
        segments(p, 5, 10 * MS);
        p.at(20 * MS);
        p.data(MSS);
        assertThat(acksAt(p, 20 * MS)).isEmpty();
        p.data(MSS);
        assertThat(acksAt(p, 20 * MS)).containsExactly(1L + 7 * MSS);
        p.at(100 * MS);
        assertThat(p.acks()).hasSize(6); // the delayed ACK's timer was cancelled
    }

    @Test
    void outOfOrderDataIsAckedAtOnceWithASackBlockAndSoIsTheFilledHole() {
        HandPeer p = reading(FIVE_QUICK_ACKS, MS);
        segments(p, 5, 10 * MS);
        p.at(20 * MS);
        long hole = p.peerNxt;
        p.dataAt(hole + MSS, MSS); // segment 7 before segment 6
        TcpSegment dup = p.acks().getLast().segment();
        assertThat(p.acks().getLast().at()).isEqualTo(20 * MS);
        assertThat(p.relAck(dup)).isEqualTo(1L + 5 * MSS);
        assertThat(dup.sackBlocks()).isEqualTo(1);
        assertThat(dup.sackLeft(0) & 0xFFFF_FFFFL).isEqualTo(hole + MSS);
        assertThat(dup.sackRight(0) & 0xFFFF_FFFFL).isEqualTo(hole + 2 * MSS);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPOFOQueue)).isEqualTo(1);

        p.at(21 * MS);
        p.dataAt(hole, MSS);
        assertThat(acksAt(p, 21 * MS)).containsExactly(1L + 7 * MSS); // RFC 5681 4.2: the gap is filled
        assertThat(p.acks().getLast().segment().sackBlocks()).isZero();
    }

    @Test
    void dataReceivedTwiceIsAnsweredAtOnceWithADsack() {
        HandPeer p = reading(FIVE_QUICK_ACKS, MS);
        segments(p, 5, 10 * MS);
        p.at(20 * MS);
        p.dataAt(HandPeer.seq(1 + 2 * MSS), MSS); // the third segment again
        TcpSegment a = p.acks().getLast().segment();
        assertThat(p.acks().getLast().at()).isEqualTo(20 * MS);
        assertThat(a.sackBlocks()).isEqualTo(1);
        assertThat(a.sackLeft(0) & 0xFFFF_FFFFL).isEqualTo(HandPeer.seq(1 + 2 * MSS));
        assertThat(a.sackRight(0) & 0xFFFF_FFFFL).isEqualTo(HandPeer.seq(1 + 3 * MSS));
        assertThat(p.stack.counter(TcpCounter.TcpExtDelayedACKLost)).isEqualTo(1);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPDSACKOldSent)).isEqualTo(1);
        assertThat(p.sock.rcv.quick).isPositive(); // the sender may be timing out: quick ACKs for a while
    }

    @Test
    void dataSentSoonAfterDataArrivedMakesTheConnectionInteractiveAndItsDelayedAckDoesNotInflateAto() {
        HandPeer p = reading(FIVE_QUICK_ACKS, MS);
        segments(p, 5, 10 * MS);
        p.at(20 * MS);
        p.data(MSS);
        p.at(25 * MS);
        p.sock.send(100); // the reply 5 ms later, within ATO, carries the ACK
        assertThat(p.sock.rcv.pingpong).isTrue();
        TcpSegment reply = p.sent.getLast().segment();
        assertThat(reply.payloadBytes).isEqualTo(100);
        assertThat(p.relAck(reply)).isEqualTo(1L + 6 * MSS);

        p.at(30 * MS);
        p.data(MSS);
        p.at(100 * MS);
        assertThat(acksAt(p, 70 * MS)).containsExactly(1L + 7 * MSS);
        assertThat(p.sock.rcv.pingpong).isFalse(); // the timer ends ping-pong mode
        assertThat(p.sock.rcv.ato).isEqualTo(40 * MS); // and ATO starts over instead of doubling
    }

    @Test
    void aCeMarkIsEchoedAtOnceAndOnEveryAckUntilTheSendersCwrArrives() {
        HandPeer p = new HandPeer(FIVE_QUICK_ACKS);
        p.accept(MS, true, TcpSocket::readAll);
        assertThat(p.sock.ecnNegotiated()).isTrue();
        p.ecn = IpFrame.ECN_ECT0;
        segments(p, 5, 10 * MS);
        assertThat(p.acks().getLast().segment().has(TcpHeader.FLAG_ECE)).isFalse();
        p.at(20 * MS);
        p.ecn = IpFrame.ECN_CE;
        p.data(MSS);
        assertThat(acksAt(p, 20 * MS)).hasSize(1); // out of quick-ACK mode, yet at once
        assertThat(p.acks().getLast().segment().has(TcpHeader.FLAG_ECE)).isTrue();
        p.ecn = IpFrame.ECN_ECT0;
        p.at(21 * MS);
        p.data(MSS);
        assertThat(p.acks().getLast().segment().has(TcpHeader.FLAG_ECE)).isTrue();
        p.at(22 * MS);
        p.data(MSS, TcpHeader.FLAG_CWR);
        assertThat(acksAt(p, 22 * MS)).containsExactly(1L + 8 * MSS);
        assertThat(p.acks().getLast().segment().has(TcpHeader.FLAG_ECE)).isFalse();
    }

    @Test
    void theWindowClosesAtTheRightEdgeWithoutShrinkingAndAReadReopensItAtOnce() {
        // a 30000-byte buffer, no window scaling needed, 988-byte segments (MSS 1000 minus timestamps); nobody reads
        HandPeer p = new HandPeer(Map.of("receive-buffer", 30_000, "mss", 1000));
        p.accept(MS, false, s -> {
        });
        long t = 10 * MS;
        for (int i = 0; i < 30; i++, t += MS) {
            p.at(t);
            p.data(988);
            // the right edge offered in the SYN-ACK, 30000 bytes on, never moves back
            HandPeer.Sent last = p.sent.getLast();
            if (last.at() == t) assertThat(p.relAck(last.segment()) + last.segment().window).isEqualTo(1 + 30_000);
        }
        p.at(t);
        p.data(360); // exactly up to the right edge
        p.at(t + 500 * MS);
        TcpSegment last = p.acks().getLast().segment();
        assertThat(p.relAck(last)).isEqualTo(1 + 30_000);
        assertThat(last.window).isZero();
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPToZeroWindowAdv)).isEqualTo(1);

        long probe = p.sim.now();
        p.data(988); // beyond the window: dropped, and the zero window repeated at once
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPZeroWindowDrop)).isEqualTo(1);
        assertThat(p.acks().getLast().at()).isEqualTo(probe);
        assertThat(p.acks().getLast().segment().window).isZero();
        assertThat(p.sock.unreadBytes()).isEqualTo(30_000);

        p.at(probe + MS);
        p.sock.read(Long.MAX_VALUE);
        HandPeer.Sent update = p.acks().getLast();
        assertThat(update.at()).isEqualTo(probe + MS);
        assertThat(update.segment().window).isEqualTo(30 * 988); // the free buffer in whole segments
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPFromZeroWindowAdv)).isEqualTo(1);
    }
}
