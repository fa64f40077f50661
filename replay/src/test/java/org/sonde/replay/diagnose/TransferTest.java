package org.sonde.replay.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Splitting a direction's data into transfers (what its application wrote as one piece), on packets written by hand. */
class TransferTest {
    private static final long MS = 1_000_000;
    private final Endpoint c = new Endpoint("10.0.0.1", 40000), srv = new Endpoint("10.0.0.2", 80);
    private final ConnectionAnalyzer conn = new ConnectionAnalyzer(c, srv);
    private long frame;

    private void data(long nanos, long seq, int len, boolean push) {
        conn.accept(new TcpPacket(++frame, nanos, c, srv, seq, 1, TcpPacket.ACK | (push ? TcpPacket.PSH : 0), 1000, len, (int) frame, -1,
                new long[0]));
    }

    private void ack(long nanos, long ack) {
        conn.accept(new TcpPacket(++frame, nanos, srv, c, 1, ack, TcpPacket.ACK, 20000, 0, (int) frame, -1, new long[0]));
    }

    /** Handshake at 0–2 ms, window scale 0. */
    private void start() {
        conn.accept(new TcpPacket(++frame, 0, c, srv, 0, 0, TcpPacket.SYN, 1000, 0, 1, 0, new long[0]));
        conn.accept(new TcpPacket(++frame, MS, srv, c, 0, 1, TcpPacket.SYN | TcpPacket.ACK, 20000, 0, 2, 0, new long[0]));
        conn.accept(new TcpPacket(++frame, 2 * MS, c, srv, 1, 1, TcpPacket.ACK, 1000, 0, 3, -1, new long[0]));
    }

    /**
     * One write: {@code segments} 1,000-byte segments from {@code seq} at {@code nanos}, 10 µs apart, the last with PSH,
     * each acknowledged 2 ms later.
     */
    private void request(long nanos, long seq, int segments) {
        request(nanos, seq, segments, true);
    }

    private void request(long nanos, long seq, int segments, boolean push) {
        for (int i = 0; i < segments; i++) data(nanos + i * 10_000, seq + i * 1000L, 1000, push && i + 1 == segments);
        for (int i = 0; i < segments; i++) ack(nanos + 2 * MS + i * 10_000, seq + (i + 1) * 1000L);
    }

    /** Handshake, then a 6-segment request at 10 ms whose second segment is lost: three duplicate ACKs at 12 ms. */
    private void aFirstRequestLosesItsSecondSegment() {
        start();
        for (int i = 0; i < 6; i++) data(10 * MS + i * 10_000, 1 + i * 1000L, 1000, i == 5);
        ack(12 * MS, 1001);
        ack(12 * MS + 10_000, 2001);
        for (int i = 0; i < 3; i++) ack(12 * MS + (3 + i) * 10_000, 2001);
    }

    private List<Transfer> transfers() {
        return conn.forward.result(conn.initialRttNanos()).transfers();
    }

    @Test
    void requestsAfterIdlePeriodsAreSeparateTransfers() {
        start();
        request(10 * MS, 1, 3);
        request(20 * MS, 3001, 5);
        request(32 * MS, 8001, 2); // 10 ms after the last ACK, five round trips: idle, not a reaction to it
        List<Transfer> t = transfers();
        assertThat(t).extracting(Transfer::startSeq).containsExactly(1L, 3001L, 8001L);
        assertThat(t).extracting(Transfer::endSeq).containsExactly(3001L, 8001L, 10001L);
        assertThat(t).extracting(Transfer::bytes).containsExactly(3000L, 5000L, 2000L);
        // the first starts with the connection; each but the last ends with the ACK of its last byte
        assertThat(t.get(0).firstNanos()).isZero();
        assertThat(t.get(0).lastNanos()).isEqualTo(12 * MS + 20_000);
        assertThat(t.get(1).firstNanos()).isEqualTo(20 * MS);
        assertThat(t.get(1).lastNanos()).isEqualTo(22 * MS + 40_000);
        assertThat(t.get(2).firstNanos()).isEqualTo(32 * MS);
        assertThat(t.get(2).lastNanos()).isEqualTo(32 * MS + 10_000); // the last ends with the flow's last packet
        assertThat(t).allSatisfy(x -> assertThat(x.retransmissions()).isEmpty());
    }

    /** New data on the ACK's arrival (a sender waiting for its window) continues the transfer; one transfer is the flow. */
    @Test
    void dataSentOnAnAckContinuesTheTransfer() {
        start();
        request(10 * MS, 1, 3);
        request(12 * MS + 20_000 + 50_000, 3001, 3); // 50 µs after the ACK that acknowledged everything
        FlowDiagnosis f = conn.forward.result(conn.initialRttNanos());
        assertThat(f.transfers()).singleElement().satisfies(x -> {
            assertThat(x.startSeq()).isEqualTo(1);
            assertThat(x.endSeq()).isEqualTo(6001);
            assertThat(x.firstNanos()).isEqualTo(f.firstNanos());
            assertThat(x.lastNanos()).isEqualTo(f.lastNanos()).isEqualTo(12 * MS + 90_000);
        });
    }

    /**
     * DETER §5.2: the first request loses its second segment and brings three duplicate ACKs, too few for a grown
     * threshold; 40 ms later the next request's segments bring five more and the loss is resent. The resend and the
     * late fast retransmit belong to the first request, whose bytes they recovered, which ends only then.
     */
    @Test
    void aLateFastRetransmitBelongsToTheTransferWhoseBytesItRecovered() {
        aFirstRequestLosesItsSecondSegment();
        for (int i = 0; i < 5; i++) data(52 * MS + i * 10_000, 6001 + i * 1000L, 1000, i == 4);
        for (int i = 0; i < 5; i++) ack(54 * MS + i * 10_000, 2001);
        data(54 * MS + 41_000, 2001, 1000, false);
        ack(56 * MS + 41_000, 11001);
        List<Transfer> t = transfers();
        assertThat(t).hasSize(2);
        Transfer first = t.get(0), second = t.get(1);
        assertThat(first.startSeq()).isEqualTo(1);
        assertThat(first.endSeq()).isEqualTo(6001);
        assertThat(first.lastNanos()).isEqualTo(56 * MS + 41_000);
        assertThat(first.retransmissions()).singleElement().satisfies(r -> assertThat(r.relativeSeq()).isEqualTo(2001));
        assertThat(first.kindCounts()).containsEntry(RetransmissionKind.FAST_RETRANSMIT, 1);
        assertThat(first.slowdowns()).extracting(Slowdown::kind).containsExactly(SlowdownKind.LATE_FAST_RETRANSMIT);
        assertThat(second.startSeq()).isEqualTo(6001);
        assertThat(second.bytes()).isEqualTo(5000);
        assertThat(second.firstNanos()).isEqualTo(52 * MS);
        assertThat(second.retransmissions()).isEmpty();
        assertThat(second.slowdowns()).isEmpty();
    }

    /**
     * DETER §5.2 on a persistent connection: the first request's byte 2001 is lost; its three duplicate ACKs and the two
     * the second request (at 20 ms) brings do not reach a grown threshold, so the timer resends it at 212 ms. The first
     * request is slow for its late recovery, the second for waiting behind it (TCP delivers in order): 192 ms.
     */
    @Test
    void aRequestBehindAnEarlierLossWaitsForItsResend() {
        aFirstRequestLosesItsSecondSegment();
        for (int i = 0; i < 2; i++) data(20 * MS + i * 10_000, 6001 + i * 1000L, 1000, i == 1);
        for (int i = 0; i < 2; i++) ack(22 * MS + i * 10_000, 2001);
        data(212 * MS, 2001, 1000, false);
        ack(214 * MS, 8001);
        List<Transfer> t = transfers();
        assertThat(t).hasSize(2);
        assertThat(t.get(0).slowdowns()).extracting(Slowdown::kind).containsExactly(SlowdownKind.LATE_FAST_RETRANSMIT);
        Transfer second = t.get(1);
        assertThat(second.firstNanos()).isEqualTo(20 * MS);
        assertThat(second.retransmissions()).isEmpty();
        assertThat(second.slowdowns()).singleElement().satisfies(s -> {
            assertThat(s.kind()).isEqualTo(SlowdownKind.HEAD_OF_LINE_BLOCKING);
            assertThat(s.costNanos()).isEqualTo(192 * MS);
            assertThat(s.evidence().figures()).containsEntry("behindSeq", 2001L).containsEntry("waitMicros", 192_000L);
            assertThat(s.evidence().text()).contains("LATE_FAST_RETRANSMIT").contains("in order");
        });
    }

    /**
     * A window-limited sender's next flight seen far from it, a queue's delay after the ACK that emptied the window: with
     * no PSH before it, the write had not ended, so the transfer goes on.
     */
    @Test
    void withoutPshTheWriteGoesOnWhateverTheSilence() {
        start();
        request(10 * MS, 1, 3, false);
        request(20 * MS, 3001, 3);
        assertThat(transfers()).singleElement().satisfies(x -> assertThat(x.bytes()).isEqualTo(6000));
    }

    /** A flow without data has no transfer. */
    @Test
    void noDataNoTransfer() {
        start();
        assertThat(transfers()).isEmpty();
    }
}
