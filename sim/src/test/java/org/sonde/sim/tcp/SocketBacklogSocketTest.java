package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code socket-backlog} in the socket: what arrives while the application holds a socket (a {@link HandPeer}'s
 * connection over a 1 ms RTT, 1,448 B segments) waits in the backlog, coalesced, and is handled at the release
 * with one ACK decision; the timers that fire meanwhile run at the release; without the setting, holding the socket
 * changes nothing.
 */
class SocketBacklogSocketTest {
    private static final long MS = 1_000_000L;
    private static final int SEGMENT = 1448;

    private static HandPeer receiving(boolean backlog) {
        HandPeer p = new HandPeer(Map.of("socket-backlog", backlog));
        p.accept(MS, false, s -> {
        }); // the application does not read: what ACKs is the receiver's own decision (quick-ACK mode at the start)
        return p;
    }

    @Test
    void segmentsThatArriveWhileTheReaderHoldsTheSocketAreAcknowledgedOnceAtTheRelease() {
        HandPeer p = receiving(true);
        p.at(2 * MS);
        p.sock.lockSock();
        for (int i = 0; i < 5; i++) p.data(SEGMENT);
        assertThat(p.acks()).as("nothing handled while held").isEmpty();
        assertThat(p.sock.backlog.size()).as("coalesced into one skb").isOne();
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPBacklogCoalesce)).as("nstat's count of the four joined to the first").isEqualTo(4);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPBacklogDrop)).isZero();
        p.at(2 * MS + 50_000);
        p.sock.releaseSock();
        p.settle();
        assertThat(p.acks()).singleElement().satisfies(a -> {
            assertThat(p.relAck(a.segment())).isEqualTo(1 + 5 * SEGMENT);
            assertThat(a.at()).isEqualTo(2 * MS + 50_000);
        });
        assertThat(p.sock.unreadBytes()).isEqualTo(5 * SEGMENT);
        assertThat(p.sock.backlog.isEmpty()).isTrue();
    }

    @Test
    void skbsThatCannotBeCoalescedAreHandledInOrderStillWithOneAck() {
        HandPeer p = receiving(true);
        p.at(2 * MS);
        p.sock.lockSock();
        p.data(SEGMENT);
        p.data(SEGMENT);
        p.at(3 * MS); // the peer's timestamp ticks: a new skb
        p.data(SEGMENT);
        assertThat(p.sock.backlog.size()).isEqualTo(2);
        assertThat(p.stack.counter(TcpCounter.TcpExtTCPBacklogCoalesce)).isOne();
        p.sock.releaseSock();
        p.settle();
        assertThat(p.acks()).singleElement().satisfies(a -> assertThat(p.relAck(a.segment())).isEqualTo(1 + 3 * SEGMENT));
    }

    @Test
    void withoutTheBacklogEverySegmentIsHandledOnArrival() {
        HandPeer p = receiving(false);
        p.at(2 * MS);
        p.sock.lockSock();
        for (int i = 0; i < 5; i++) p.data(SEGMENT);
        // quick-ACK mode at the connection's start: each segment ACKed at once
        assertThat(p.acks()).extracting(a -> p.relAck(a.segment())).containsExactly(1L + SEGMENT, 1L + 2 * SEGMENT, 1L + 3 * SEGMENT,
                1L + 4 * SEGMENT, 1L + 5 * SEGMENT);
        p.sock.releaseSock();
        p.settle();
        assertThat(p.acks()).hasSize(5);
        assertThat(p.sock.backlog).isNull();
    }

    /** A writer holding its socket: the ACKs wait, merged, and the window they open is filled at the release. */
    @Test
    void acksThatArriveWhileTheWriterHoldsTheSocketAreTakenAtTheRelease() {
        HandPeer p = new HandPeer(Map.of("socket-backlog", true, "hystart", false));
        p.accept(MS, false, s -> {
        });
        p.at(2 * MS);
        p.sock.lockSock();
        p.sock.send(100_000);
        p.settle();
        assertThat(p.dataSent()).as("the initial window").hasSize(10);
        p.at(2 * MS + 900_000);
        p.ack(1 + 2 * SEGMENT);
        p.ack(1 + 4 * SEGMENT);
        assertThat(p.sock.backlog.size()).as("two pure ACKs of the same sequence and timestamps: one skb").isOne();
        assertThat(p.dataSent()).hasSize(10);
        p.at(2 * MS + 950_000);
        p.sock.releaseSock();
        p.settle();
        // one ACK of 4 segments in slow start: cwnd 14, 6 out, 8 new segments, all at the release
        assertThat(p.sock.cwnd()).isEqualTo(14);
        assertThat(p.dataSent()).hasSize(18);
        assertThat(p.dataSent().subList(10, 18)).allSatisfy(s -> assertThat(s.at()).isEqualTo(2 * MS + 950_000));
    }

    @Test
    void aTimerThatFiresWhileTheSocketIsHeldRunsAtTheRelease() {
        HandPeer p = new HandPeer(Map.of("socket-backlog", true));
        p.accept(MS, false, s -> {
        });
        p.at(2 * MS);
        p.sock.send(10 * SEGMENT);
        p.settle();
        p.sock.lockSock();
        long release = 2 * MS + 2_000 * MS; // beyond the loss probe's and the RTO's times
        p.at(release);
        assertThat(p.dataSent()).as("no probe nor retransmission while held").hasSize(10);
        p.sock.releaseSock();
        p.settle();
        List<HandPeer.Sent> after = p.dataSent().subList(10, p.dataSent().size());
        assertThat(after).as("the loss probe that fired while held, at the release").singleElement().satisfies(s -> {
            assertThat(s.at()).isEqualTo(release);
            assertThat(s.segment().retransmission).isTrue();
        });
    }

    @Test
    void oneOwnerAtATime() {
        HandPeer p = receiving(true);
        p.sock.lockSock();
        assertThatThrownBy(p.sock::lockSock).isInstanceOf(IllegalStateException.class);
        p.sock.releaseSock();
        p.sock.lockSock();
        p.sock.releaseSock();
        p.sock.releaseSock(); // releasing a socket not held does nothing
        assertThat(p.sock.owned()).isFalse();
    }

    /**
     * A write that finds the send buffer full waits for memory, and the wait releases the socket
     * ({@code sk_stream_wait_memory()}): the backlog is handled when it begins, and ACKs that arrive while it waits are
     * handled on arrival, though the application's call goes on.
     */
    @Test
    void aWriteThatWaitsForMemoryReleasesTheSocket() {
        HandPeer p = new HandPeer(Map.of("socket-backlog", true, "send-buffer-growth", true, "send-buffer", "4MiB",
                "send-buffer-default", "16KiB", "hystart", false));
        p.accept(MS, false, s -> {
        });
        p.at(2 * MS);
        p.sock.lockSock();
        p.sock.send(SEGMENT); // fits: the write returns without waiting, the socket still held
        p.settle();
        p.at(2 * MS + 900_000);
        p.ack(1 + SEGMENT);
        assertThat(p.sock.backlog.size()).as("the ACK waits: the socket is held").isOne();
        p.at(2 * MS + 950_000);
        p.sock.send(200_000); // fills the buffer (46,080 B for the initial window) and waits for memory
        p.settle();
        assertThat(p.sock.backlog.isEmpty()).as("handled when the wait began").isTrue();
        assertThat(p.sock.cwnd()).as("the ACK of one segment in slow start").isEqualTo(11);
        int before = p.dataSent().size();
        p.at(3 * MS);
        p.ack(1 + 6 * SEGMENT);
        assertThat(p.sock.backlog.isEmpty()).as("handled on arrival while the write waits").isTrue();
        assertThat(p.sock.cwnd()).isEqualTo(16);
        assertThat(p.dataSent().size()).isGreaterThan(before);
        assertThat(p.dataSent().getLast().at()).isEqualTo(3 * MS);
    }
}
