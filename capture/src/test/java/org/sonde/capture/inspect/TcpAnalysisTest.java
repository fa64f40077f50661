package org.sonde.capture.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The expert flags tshark's captures in the interop test do not all show: zero windows, keep-alives and their ACKs, wrap-around. */
class TcpAnalysisTest {
    private static final int SYN = 0x02;
    private static final int ACK = 0x10;
    private final TcpAnalysis a = new TcpAnalysis();

    private TcpAnalysis.Segment client(long ms, long seq, long ack, int flags, int window, int len) {
        return a.accept(ms * 1_000_000, "10.0.0.1", 40000, "10.0.0.2", 80, seq, ack, flags, window, len);
    }

    private TcpAnalysis.Segment server(long ms, long seq, long ack, int flags, int window, int len) {
        return a.accept(ms * 1_000_000, "10.0.0.2", 80, "10.0.0.1", 40000, seq, ack, flags, window, len);
    }

    /** tshark's numbers for a connection whose handshake is not in the capture: both directions start at 1. */
    @Test
    void aConnectionPickedUpMidStreamIsNumberedFromOne() {
        TcpAnalysis.Segment first = server(0, 5000, 7000, ACK, 100, 0);
        assertThat(first.seq()).isEqualTo(1);
        assertThat(first.ack()).isEqualTo(1);
        TcpAnalysis.Segment reply = client(1, 7000, 5000, ACK, 100, 10);
        assertThat(reply.seq()).isEqualTo(1);
        assertThat(reply.ack()).isEqualTo(1);
        assertThat(client(2, 7010, 5000, 0, 100, 10).ack()).as("no ACK flag").isEqualTo(-1);
    }

    @Test
    void numbersAreRelativeAcrossTheWrapAndFlagsFollowWiresharksRules() {
        long c = 0xFFFF_FFF0L, s = 1000;
        assertThat(client(0, c, 0, SYN, 64240, 0).seq()).isZero();
        TcpAnalysis.Segment synAck = server(1, s, c + 1, SYN | ACK, 65535, 0);
        assertThat(synAck.seq()).isZero();
        assertThat(synAck.ack()).isEqualTo(1);
        client(2, c + 1, s + 1, ACK, 502, 0);
        TcpAnalysis.Segment data = client(3, c + 1, s + 1, ACK, 502, 100); // crosses 2^32
        assertThat(data.seq()).isEqualTo(1);
        assertThat(server(4, s + 1, (c + 101) & 0xFFFF_FFFFL, ACK, 0, 0).expert()).containsExactly("zero-window");
        assertThat(server(5, s + 1, (c + 101) & 0xFFFF_FFFFL, ACK, 0, 0).expert()).as("a repeated zero window is no dup ACK").containsExactly("zero-window");
        assertThat(server(6, s + 1, (c + 101) & 0xFFFF_FFFFL, ACK, 600, 0).expert()).as("the window update").isEmpty();
        TcpAnalysis.Segment keepAlive = client(7_000, (c + 100) & 0xFFFF_FFFFL, s + 1, ACK, 502, 0);
        assertThat(keepAlive.expert()).containsExactly("keep-alive");
        assertThat(keepAlive.seq()).isEqualTo(100);
        assertThat(server(7_001, s + 1, (c + 101) & 0xFFFF_FFFFL, ACK, 600, 0).expert()).containsExactly("keep-alive-ack");
        TcpAnalysis.Segment again = client(7_300, (c + 1) & 0xFFFF_FFFFL, s + 1, ACK, 502, 100);
        assertThat(again.expert()).as("old bytes, no duplicate ACKs asked for them").containsExactly("retransmission");
        assertThat(server(7_301, s + 1, (c + 101) & 0xFFFF_FFFFL, ACK, 600, 0).expert()).containsExactly("dup-ack");
        assertThat(server(7_302, s + 1, (c + 101) & 0xFFFF_FFFFL, ACK, 600, 0).dupAckNumber()).isEqualTo(2);
    }
}
