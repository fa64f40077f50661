package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Linux's send buffer ({@code send-buffer-growth}) on a socket that accepted a {@link HandPeer}'s connection (MSS 1460,
 * timestamps: 1448-byte segments; the SYN offers 65,535 B, its ACKs 1000 << 7 = 128,000 B) and writes 100,000 B at
 * once. Every expected value is worked out from the kernel's rules in the comments: {@code tcp_sndbuf_expand()},
 * {@code tcp_xmit_size_goal()}, {@code tcp_sendmsg_locked()}'s skbs and {@code sk_stream_memory_free()},
 * {@code tcp_new_space()} and {@code __sk_stream_is_writeable()}. HyStart is off so that slow start adds every
 * segment acknowledged to the window.
 */
class SendBufferTest {
    private static final long MS = 1_000_000L;
    private static final int SEGMENT = 1448;
    private static final Map<String, Object> LINUX_6 = Map.of("send-buffer-growth", true, "send-buffer", "4MiB", "send-buffer-default", "16KiB",
            "hystart", false);

    private static HandPeer writing(Map<String, Object> tcp, long bytes) {
        HandPeer p = new HandPeer(tcp);
        p.accept(MS, false, s -> {
        });
        p.at(2 * MS);
        p.sock.send(bytes);
        p.settle();
        return p;
    }

    @Test
    void theBufferIsSizedForTheInitialWindowWhenTheConnectionOpens() {
        HandPeer p = writing(LINUX_6, 0);
        // per segment: roundup_pow_of_two(1460 + MAX_TCP_HEADER 256 + shared info 320) + sk_buff 256 = 2048 + 256 = 2304;
        // twice the initial window of 10: 46,080 (tcp_wmem[1], 16,384, is less)
        assertThat(p.sock.sndBuf.sndbuf).isEqualTo(46_080);
    }

    @Test
    void aLargeWriteWaitsWhenANewSkbFindsTheBufferFull() {
        HandPeer p = writing(LINUX_6, 100_000);
        // size_goal: half the largest window offered (65,535 / 2 = 32,767) in whole segments: 22 x 1448 = 31,856.
        // The first skb takes 31,856 B and goes out as far as the window of 10 allows (14,480 B), which splits it; the
        // unsent rest (17,376 B) is topped up to 31,856 B again; then a new skb needs sk_wmem_queued < sk_sndbuf, but
        // 46,336 B of payload and two skb heads of 832 B make 48,000 >= 46,080: the write waits with 32 segments taken
        assertThat(p.sock.bytesWritten()).isEqualTo(46_336);
        assertThat(p.sock.sndBuf.queued()).isEqualTo(48_000);
        assertThat(p.sock.sndBuf.noSpace).isTrue();
        assertThat(p.dataSent()).hasSize(10);
    }

    @Test
    void theWriteGoesOnOnceTheBufferGrowsAndHalfOfWhatIsQueuedIsFree() {
        HandPeer p = writing(LINUX_6, 100_000);
        p.at(3 * MS);
        p.ack(1 + 10 * SEGMENT);
        // cwnd 10 + 10 = 20; the 20 segments it allows leave 2 unsent, so the window is full: no growth. The sent skb is
        // freed; 20 segments and 2 (split where the transmission ended): 31,856 + 2 x 832 = 33,520 queued, 12,560 free,
        // under half of the queue (16,760): the write still waits
        assertThat(p.dataSent()).hasSize(30);
        assertThat(p.sock.sndBuf.sndbuf).isEqualTo(46_080);
        assertThat(p.sock.sndBuf.queued()).isEqualTo(33_520);
        assertThat(p.sock.bytesWritten()).isEqualTo(46_336);
        p.at(4 * MS);
        p.ack(1 + 30 * SEGMENT);
        // cwnd 40; the last 2 segments go out and leave the window open (2 < 40): tcp_sndbuf_expand for 40 segments,
        // 2 x 40 x 2304 = 184,320. What is queued, 2 segments in one skb (2896 + 832 = 3728), leaves far more than half
        // free: the write goes on with a new skb of size_goal 44 x 1448 = 63,712 (half of 128,000 is 64,000), which
        // takes the 53,664 B left
        assertThat(p.sock.sndBuf.sndbuf).isEqualTo(184_320);
        assertThat(p.sock.bytesWritten()).isEqualTo(100_000);
        assertThat(p.sock.sndBuf.noSpace).isFalse();
        // and 38 more segments go out at once (cwnd 40, 2 in flight)
        assertThat(p.dataSent()).hasSize(32 + 38);
    }

    @Test
    void theBufferNeverExceedsTcpWmemMax() {
        HandPeer p = writing(Map.of("send-buffer-growth", true, "send-buffer", "40KiB", "send-buffer-default", "16KiB"), 0);
        // 46,080 for the initial window, capped at tcp_wmem[2]
        assertThat(p.sock.sndBuf.sndbuf).isEqualTo(40 * 1024);
    }

    @Test
    void withoutGrowthTheWholeWriteIsTakenAtOnce() {
        HandPeer p = writing(Map.of("hystart", false), 100_000);
        assertThat(p.sock.sndBuf).isNull();
        assertThat(p.sock.bytesWritten()).isEqualTo(100_000);
    }
}
