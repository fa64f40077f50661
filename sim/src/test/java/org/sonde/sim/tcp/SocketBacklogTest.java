package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.packet.TcpHeader.FLAG_ACK;
import static org.sonde.packet.TcpHeader.FLAG_CWR;
import static org.sonde.packet.TcpHeader.FLAG_ECE;
import static org.sonde.packet.TcpHeader.FLAG_FIN;
import static org.sonde.packet.TcpHeader.FLAG_PSH;
import static org.sonde.packet.TcpHeader.FLAG_RST;
import static org.sonde.packet.TcpHeader.FLAG_SYN;
import static org.sonde.packet.TcpHeader.FLAG_URG;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** {@code tcp_add_backlog()}'s coalescing, its limit, and the order the backlog gives its skbs back in. */
class SocketBacklogTest {
    private static final int SEGMENT = 1448;
    private static final long NO_LIMIT = Long.MAX_VALUE;

    /** A segment of {@code payload} bytes at {@code seq}, acknowledging {@code ack}, with timestamps 7 / 9. */
    private static TcpSegment segment(int seq, int ack, int payload, int flags) {
        TcpSegment s = new TcpSegment(payload, TcpSegment.optionBytes(false, true, false, false, 0), 0);
        s.seq = seq;
        s.ack = ack;
        s.flags = flags;
        s.window = 500;
        s.timestamps = true;
        s.tsVal = 7;
        s.tsEcr = 9;
        return s;
    }

    @Test
    void contiguousSegmentsBecomeOneSkbWithTheLaterAckItsWindowAndEveryFlag() {
        SocketBacklog b = new SocketBacklog();
        TcpSegment first = segment(1000, 50, SEGMENT, FLAG_ACK);
        TcpSegment second = segment(1000 + SEGMENT, 60, SEGMENT, FLAG_ACK | FLAG_PSH);
        second.window = 700;
        TcpSegment third = segment(1000 + 2 * SEGMENT, 60, 100, FLAG_ACK | FLAG_FIN);
        third.window = 800; // the same ACK number: the later window still
        assertThat(b.add(first, NO_LIMIT, 0)).isEqualTo(SocketBacklog.Outcome.QUEUED);
        assertThat(b.add(second, NO_LIMIT, 0)).isEqualTo(SocketBacklog.Outcome.COALESCED);
        assertThat(b.add(third, NO_LIMIT, 0)).isEqualTo(SocketBacklog.Outcome.COALESCED);
        assertThat(b.size()).isOne();
        assertThat(b.length()).as("one head, then the payloads").isEqualTo(Receiver.SKB_HEAD_TRUESIZE + 2 * SEGMENT + 100);
        TcpSegment m = b.poll();
        assertThat(m.seq).isEqualTo(1000);
        assertThat(m.payloadBytes).isEqualTo(2 * SEGMENT + 100);
        assertThat(m.bytes).isEqualTo(first.bytes + SEGMENT + 100);
        assertThat(m.ack).isEqualTo(60);
        assertThat(m.window).isEqualTo(800);
        assertThat(m.flags).isEqualTo(FLAG_ACK | FLAG_PSH | FLAG_FIN);
        assertThat(List.of(m.tsVal, m.tsEcr)).containsExactly(7, 9);
        assertThat(first.payloadBytes).as("the segments themselves are not changed").isEqualTo(SEGMENT);
        assertThat(b.isEmpty()).isTrue();
        assertThat(b.length()).as("reset once the backlog is empty").isZero();
    }

    @Test
    void anOlderAckKeepsTheTailsAckAndWindow() {
        SocketBacklog b = new SocketBacklog();
        b.add(segment(1000, 60, SEGMENT, FLAG_ACK), NO_LIMIT, 0);
        TcpSegment older = segment(1000 + SEGMENT, 50, SEGMENT, FLAG_ACK);
        older.window = 9;
        b.add(older, NO_LIMIT, 0);
        TcpSegment m = b.poll();
        assertThat(List.of(m.ack, m.window)).containsExactly(60, 500);
        assertThat(m.payloadBytes).isEqualTo(2 * SEGMENT);
    }

    @Test
    void pureAcksOfTheSameSequenceMergeIntoTheLatest() {
        SocketBacklog b = new SocketBacklog();
        b.add(segment(1000, 2_000, 0, FLAG_ACK), NO_LIMIT, 0);
        b.add(segment(1000, 5_000, 0, FLAG_ACK), NO_LIMIT, 0);
        assertThat(b.size()).isOne();
        assertThat(b.poll().ack).isEqualTo(5_000);
    }

    @Test
    void theAckNumberComparesAcrossTheWrap() {
        SocketBacklog b = new SocketBacklog();
        b.add(segment(1000, -10, SEGMENT, FLAG_ACK), NO_LIMIT, 0);
        b.add(segment(1000 + SEGMENT, 20, SEGMENT, FLAG_ACK), NO_LIMIT, 0);
        assertThat(b.poll().ack).as("20 is 30 bytes after 2^32 - 10").isEqualTo(20);
    }

    /** Each change makes the second segment a new skb. */
    @Test
    void whatStopsCoalescing() {
        List<Consumer<TcpSegment>> changes = List.of(
                s -> s.seq += 1, // a gap
                s -> s.flags |= FLAG_SYN, s -> s.flags |= FLAG_RST, s -> s.flags |= FLAG_URG,
                s -> s.flags &= ~FLAG_ACK,
                s -> s.flags |= FLAG_ECE, s -> s.flags |= FLAG_CWR,
                s -> s.ecn = 3, s -> s.priority = 2,
                s -> s.tsVal += 1, s -> s.tsEcr += 1, // timestamps are options as any other
                s -> s.addSack(5, 6));
        for (int i = 0; i < changes.size(); i++) {
            SocketBacklog b = new SocketBacklog();
            b.add(segment(1000, 50, SEGMENT, FLAG_ACK), NO_LIMIT, 0);
            TcpSegment next = segment(1000 + SEGMENT, 50, SEGMENT, FLAG_ACK);
            changes.get(i).accept(next);
            assertThat(b.add(next, NO_LIMIT, 0)).as("change %d", i).isEqualTo(SocketBacklog.Outcome.QUEUED);
            assertThat(b.size()).as("change %d", i).isEqualTo(2);
        }
    }

    @Test
    void aNewSkbBeyondTheLimitIsDroppedButCoalescingGoesOn() {
        // 6.x: twice sk_rcvbuf, half sk_sndbuf and 64 KiB: 131,072 B and 46,080 B give 350,720 B
        assertThat(SocketBacklog.limit(131_072, 46_080)).isEqualTo(2 * 131_072 + 46_080 / 2 + 65_536);
        assertThat(SocketBacklog.limit(1L << 31, 1L << 31)).as("within 32 bits").isEqualTo(0xFFFF_FFFFL);
        SocketBacklog b = new SocketBacklog();
        long limit = 3_000;
        assertThat(b.add(segment(1000, 50, SEGMENT, FLAG_ACK), limit, 0)).isEqualTo(SocketBacklog.Outcome.QUEUED); // 2,280 B queued
        assertThat(b.add(segment(1000 + SEGMENT, 50, SEGMENT, FLAG_ACK), limit, 0)).as("coalesced, above the limit too")
                .isEqualTo(SocketBacklog.Outcome.COALESCED);
        assertThat(b.length()).isEqualTo(Receiver.SKB_HEAD_TRUESIZE + 2 * SEGMENT);
        assertThat(b.add(segment(9_000, 50, SEGMENT, FLAG_ACK), limit, 0)).as("a new skb: 3,728 B queued > 3,000 B")
                .isEqualTo(SocketBacklog.Outcome.DROPPED);
        assertThat(b.size()).isOne();
        SocketBacklog fresh = new SocketBacklog();
        assertThat(fresh.add(segment(1000, 50, SEGMENT, FLAG_ACK), limit, 2_000)).isEqualTo(SocketBacklog.Outcome.QUEUED);
        assertThat(fresh.add(segment(9_000, 50, SEGMENT, FLAG_ACK), limit, 800)).as("2,280 + 800 B held").isEqualTo(SocketBacklog.Outcome.DROPPED);
    }

    /**
     * Any run of segments: the backlog gives back their sequence space whole and in order, one skb per run of
     * contiguous segments with the same timestamps, each skb the sum of its segments and the ACK of its last.
     */
    @Property(tries = 300)
    void theSkbsAreTheRunsOfContiguousSegmentsWithTheSameOptions(@ForAll("runs") List<int[]> segments) {
        SocketBacklog b = new SocketBacklog();
        List<int[]> expected = new ArrayList<>(); // seq, payload, ack
        int seq = 5_000, ack = 100, lastTs = -1;
        boolean gap = true;
        for (int[] g : segments) { // payload, tsVal, gap before it
            if (g[2] == 1) {
                seq += 10;
                gap = true;
            }
            ack += 3;
            TcpSegment s = segment(seq, ack, g[0], FLAG_ACK);
            s.tsVal = g[1];
            b.add(s, NO_LIMIT, 0);
            if (gap || g[1] != lastTs) expected.add(new int[] {seq, g[0], ack});
            else {
                int[] last = expected.getLast();
                last[1] += g[0];
                last[2] = ack;
            }
            seq += g[0];
            lastTs = g[1];
            gap = false;
        }
        List<int[]> got = new ArrayList<>();
        for (TcpSegment s; (s = b.poll()) != null; ) got.add(new int[] {s.seq, s.payloadBytes, s.ack});
        assertThat(got).usingElementComparator((x, y) -> java.util.Arrays.compare(x, y)).containsExactlyElementsOf(expected);
        assertThat(b.length()).isZero();
    }

    @Provide
    Arbitrary<List<int[]>> runs() {
        return Arbitraries.integers().between(0, 3).flatMap(ts -> Arbitraries.integers().between(1, SEGMENT).flatMap(len ->
                Arbitraries.integers().between(0, 9).map(g -> new int[] {len, ts, g == 0 ? 1 : 0}))).list().ofMaxSize(30);
    }
}
