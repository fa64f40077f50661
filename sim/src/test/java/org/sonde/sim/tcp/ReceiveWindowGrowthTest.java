package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.packet.TcpHeader;

/**
 * The receive window's growth as Linux 6.x runs it ({@code receive-window-growth}), on a socket that accepts a
 * connection from a {@link HandPeer} (timestamps on: 1448-byte segments, advmss 1448) with Linux's buffers
 * ({@code tcp_rmem} 4096 131072 33554432) and does not read. Every expected value is worked out from the kernel's
 * rules in the comments: {@code tcp_select_initial_window()}, {@code tcp_init_buffer_space()},
 * {@code tcp_measure_rcv_mss()}'s {@code scaling_ratio}, {@code tcp_grow_window()}, {@code __tcp_select_window()}.
 */
class ReceiveWindowGrowthTest {
    private static final long MS = 1_000_000L;
    private static final int SEGMENT = 1448;
    private static final Map<String, Object> LINUX_6 = Map.of("receive-window-growth", true, "receive-buffer", "128KiB", "receive-buffer-max", "32MiB");

    /** A socket that accepted the peer's connection and leaves what arrives unread. */
    private static HandPeer unread(Map<String, Object> tcp) {
        HandPeer p = new HandPeer(tcp);
        p.accept(MS, false, s -> {
        });
        return p;
    }

    /** Full segments 1 ms apart from 10 ms on; returns the ACK each one drew at its arrival (null: none at once). */
    private static TcpSegment[] segments(HandPeer p, int n) {
        TcpSegment[] acks = new TcpSegment[n];
        for (int i = 0; i < n; i++) {
            long t = (10 + i) * MS;
            p.at(t);
            p.data(SEGMENT);
            HandPeer.Sent last = p.acks().isEmpty() ? null : p.acks().getLast();
            if (last != null && last.at() == t && p.relAck(last.segment()) == 1L + (i + 1L) * SEGMENT) acks[i] = last.segment();
        }
        return acks;
    }

    @Test
    void theSynAckOffersTheBufferShareInWholeSegmentsWithTheScaleOfTheLargestBuffer() {
        HandPeer p = unread(LINUX_6);
        TcpSegment synAck = p.sent.getFirst().segment();
        assertThat(synAck.has(TcpHeader.FLAG_SYN)).isTrue();
        // ilog2(tcp_rmem[2] = 2^25) - 15
        assertThat(synAck.windowScaleOption).isEqualTo(10);
        // tcp_full_space: 131072 x 128/256 (the default ratio) = 65536, rounded down to 1448-byte segments: 45 x 1448
        assertThat(synAck.window).isEqualTo(65_160);
        // tcp_init_buffer_space: window_clamp = 65536 - advmss, rcv_ssthresh = min(rcv_wnd, window_clamp)
        assertThat(p.sock.rcv.windowClamp).isEqualTo(65_536 - 1448);
        assertThat(p.sock.rcv.rcvSsthresh).isEqualTo(65_536 - 1448);
    }

    @Test
    void everySegmentIsAckedWhileRcvSsthreshGrowsThenTheSixteenQuickAcksAreSpent() {
        HandPeer p = unread(LINUX_6);
        TcpSegment[] acks = segments(p, 22);
        // The first segment sets scaling_ratio = 1448 x 256 / (1448 + 832) = 162, so window_clamp = 131072 x 162 / 256 =
        // 82944, and rcv_ssthresh rises to rcv_wnd (65160). Each segment then adds 2 x 1448 while the free space allows:
        // space = (131072 - rmem) x 162 / 256 with rmem = 832 + 1448 n (the segments share one skb head):
        //   n = 1..4: 68056, 70952, 73848, 76744; n = 5: space 77835 < 76744 + 2896, so 77835; n = 6: no room left.
        assertThat(p.sock.rcv.scalingRatio).isEqualTo(162);
        assertThat(p.sock.rcv.windowClamp).isEqualTo(82_944);
        assertThat(p.sock.rcv.rcvSsthresh).isEqualTo(77_835);
        // quick starts at min(65160 / (2 x 1448), 16) = 16; the five raises each set quick |= 1 (17) before their ACK
        // takes one back, so 5 + 16 segments are ACKed one by one and the 22nd waits (one segment: not two yet)
        for (int i = 0; i < 21; i++) assertThat(acks[i]).as("segment %d", i + 1).isNotNull();
        assertThat(acks[21]).isNull();
    }

    @Test
    void theModelWithoutGrowthSpendsItsSixteenQuickAcksAtOnce() {
        TcpSegment[] acks = segments(unread(Map.of()), 18);
        for (int i = 0; i < 16; i++) assertThat(acks[i]).as("segment %d", i + 1).isNotNull();
        assertThat(acks[16]).isNull();
    }

    @Test
    void outOfOrderDataGrowsTheWindowOnlyWithSack() {
        HandPeer p = unread(LINUX_6);
        p.at(10 * MS);
        p.data(SEGMENT); // in order: rcv_ssthresh 65160 + 2896 = 68056, as above
        p.dataAt(HandPeer.seq(1 + 2L * SEGMENT), SEGMENT); // the second segment is missing
        // a new out-of-order skb is judged by its whole truesize: 2280 x 162 / 256 = 1442 <= 1448, so 2 x 1448 again
        assertThat(p.sock.rcv.rcvSsthresh).isEqualTo(68_056 + 2 * 1448);
        p.dataAt(HandPeer.seq(1 + 3L * SEGMENT), 200); // continues that skb: judged by its payload, grows by 2 x 1448
        assertThat(p.sock.rcv.rcvSsthresh).isEqualTo(68_056 + 4 * 1448);

        HandPeer noSack = unread(Map.of("receive-window-growth", true, "receive-buffer", "128KiB", "sack", false));
        noSack.at(10 * MS);
        noSack.data(SEGMENT);
        noSack.dataAt(HandPeer.seq(1 + 2L * SEGMENT), SEGMENT);
        assertThat(noSack.sock.rcv.rcvSsthresh).isEqualTo(68_056); // kept, so that duplicate ACKs go out
    }

    @Test
    void aSmallOutOfOrderSkbGrowsTheWindowByTheSlowRuleWhileTheWindowIsSmallAgainstTheLargestBuffer() {
        HandPeer p = unread(LINUX_6);
        p.at(10 * MS);
        p.data(SEGMENT);
        p.dataAt(HandPeer.seq(1 + 2L * SEGMENT), 200); // a new skb of 200 B: truesize 1032 holds 1032 x 162 / 256 = 653 > 200
        // __tcp_grow_window: 653 / 2 = 326 > 200, halved to 163 <= 200 while rcv_ssthresh is below a quarter of
        // tcp_rmem[2]'s window: 2 x rcv_mss (1448) = 2896, more than 2 x 200
        assertThat(p.sock.rcv.rcvSsthresh).isEqualTo(68_056 + 2 * 1448);
    }

    @Test
    void theWindowFieldFollowsRcvSsthreshRoundedUpToTheScaleAndItsRightEdgeNeverMovesBack() {
        HandPeer p = unread(LINUX_6);
        segments(p, 70);
        List<TcpSegment> acks = p.acks().stream().map(HandPeer.Sent::segment).toList();
        // the first five ACKs offer rcv_ssthresh rounded up to 1024: 68056, 70952, 73848, 76744, 77835 in units of 2^10
        assertThat(acks.subList(0, 5)).extracting(a -> a.window).containsExactly(67, 70, 73, 75, 77);
        // then the unread data eats the free space: the window falls, but the right edge it offered stays put or moves on
        long edge = 0;
        for (TcpSegment a : acks) {
            long right = p.relAck(a) + ((long) a.window << 10);
            assertThat(right).isGreaterThanOrEqualTo(edge);
            edge = right;
        }
        assertThat(acks.getLast().window).isLessThan(67);
    }
}
