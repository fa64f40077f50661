package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TcpAckAndWindowTest {
    private static final long MS = 1_000_000L;
    private static final int MSS = 1448;

    /** A sends one full segment every {@code gap} from 10 ms on ({@code count} times). */
    private static TcpBed spacedSegments(int count, long gap, int bytesEach) {
        TcpBed bed = new TcpBed(Map.of());
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        TcpSocket a = bed.connect(new TcpSocket.Listener() {
        });
        for (int i = 0; i < count; i++) a.sendAt(10 * MS + i * gap, bytesEach);
        bed.sim.runUntil(10 * MS + count * gap + 500 * MS);
        return bed;
    }

    /** The time B sent the first ACK covering A's data up to relative sequence {@code end}. */
    private static long ackTime(TcpBed bed, long end) {
        return bed.fromB().stream().filter(s -> bed.relAck(s.segment()) >= end && s.segment().payloadBytes == 0).findFirst().orElseThrow().at();
    }

    @Test
    void quickAcksAtTheStartThenFortyMillisecondDelayedAcks() {
        TcpBed bed = spacedSegments(18, 50 * MS, MSS);
        List<TcpBed.Seen> data = bed.dataFromA();
        assertThat(data).hasSize(18);
        List<TcpBed.Seen> arrived = bed.arrivalsAtB.stream().filter(s -> s.segment().payloadBytes > 0).toList();
        for (int i = 0; i < 18; i++) {
            long acked = ackTime(bed, (long) (i + 1) * MSS + 1);
            // quick-ACK mode ACKs the first 16 segments at once (TCP_MAX_QUICKACKS), then ACKs wait TCP_ATO_MIN
            long expectedDelay = i < 16 ? 0 : 40 * MS;
            assertThat(acked - arrived.get(i).at()).as("ACK of segment %d", i + 1).isEqualTo(expectedDelay);
        }
        assertThat(bed.sb.counter(TcpCounter.TcpExtDelayedACKs)).isEqualTo(2);
    }

    @Test
    void everySecondFullSegmentIsAckedAtOnce() {
        TcpBed bed = new TcpBed(Map.of());
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        TcpSocket a = bed.connect(new TcpSocket.Listener() {
        });
        for (int i = 0; i < 16; i++) a.sendAt(10 * MS + i * 50 * MS, MSS); // use up the quick ACKs
        // four segments back to back, 30 ms after the last (an idle time above the RTO would mean quick ACKs again)
        a.sendAt(790 * MS, 4L * MSS);
        bed.sim.runUntil(2_000 * MS);
        List<TcpBed.Seen> acks = bed.fromB().stream().filter(s -> s.at() > 790 * MS).toList();
        assertThat(acks).extracting(s -> bed.relAck(s.segment())).containsExactly(16L * MSS + 1 + 2 * MSS, 16L * MSS + 1 + 4 * MSS);
        assertThat(acks.get(1).at() - acks.get(0).at()).isLessThan(10_000); // no delay, two segment times apart
        assertThat(bed.sb.counter(TcpCounter.TcpExtDelayedACKs)).isZero();
    }

    @Test
    void outOfOrderDataIsAckedAtOnceEvenOutOfQuickAckMode() {
        TcpBed bed = new TcpBed(Map.of());
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        TcpSocket a = bed.connect(new TcpSocket.Listener() {
        });
        for (int i = 0; i < 16; i++) a.sendAt(10 * MS + i * 50 * MS, MSS);
        a.sendAt(790 * MS, 3L * MSS);
        bed.dropFromA(s -> !s.retransmission && bed.relSeq(s) == 16L * MSS + 1);
        bed.sim.runUntil(2_000 * MS);
        TcpBed.Seen second = bed.dataFromA().stream().filter(s -> bed.relSeq(s.segment()) == 17L * MSS + 1).findFirst().orElseThrow();
        TcpBed.Seen dup = bed.fromB().stream().filter(s -> s.at() > second.at()).findFirst().orElseThrow();
        assertThat(dup.segment().sackBlocks()).isEqualTo(1);
        assertThat(dup.at() - second.at()).isLessThan(100_000);
    }

    @Test
    void naglesAlgorithmCoalescesSmallWritesWhileASmallSegmentIsUnacked() {
        for (boolean nagle : new boolean[] {true, false}) {
            TcpBed bed = new TcpBed(Map.of("nagle", nagle));
            bed.listenReadAll(new TcpSocket.Listener() {
            });
            TcpSocket a = bed.connect(new TcpSocket.Listener() {
            });
            bed.sim.runUntil(5 * MS);
            for (int i = 0; i < 10; i++) a.sendAt(5 * MS + i * 100, 100); // ten 100-byte writes, 100 ns apart
            bed.sim.runUntil(100 * MS);
            List<Integer> sizes = bed.dataFromA().stream().map(s -> s.segment().payloadBytes).toList();
            if (nagle) assertThat(sizes).containsExactly(100, 900);
            else assertThat(sizes).containsExactly(100, 100, 100, 100, 100, 100, 100, 100, 100, 100);
            assertThat(a.bytesAcked()).isEqualTo(1000);
        }
    }

    @Test
    void zeroWindowIsProbedWithBackoffUntilTheReaderResumes() {
        TcpBed bed = new TcpBed(Map.of("receive-buffer", "64KiB"));
        List<TcpSocket> acc = new ArrayList<>();
        bed.sb.listen(TcpBed.PORT, acc::add); // B's application does not read
        TcpSocket a = bed.connect(new TcpSocket.Listener() {
            @Override
            public void connected(TcpSocket s) {
                s.send(200_000);
            }
        });
        bed.sim.runUntil(5_000 * MS);
        List<TcpBed.Seen> probes = bed.fromA().stream().filter(s -> s.segment().payloadBytes == 0 && bed.relSeq(s.segment()) == a.bytesAcked()).toList();
        // every probe is a bare ACK with seq snd_una - 1
        assertThat(probes.size()).isGreaterThanOrEqualTo(4);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPWinProbe)).isEqualTo(probes.size());
        long first = probes.get(1).at() - probes.get(0).at();
        for (int i = 2; i < probes.size(); i++) {
            long gap = probes.get(i).at() - probes.get(i - 1).at();
            // the interval doubles (tcp_probe0_when()), measured from the answer to the previous probe
            assertThat((double) gap / first).isCloseTo(Math.pow(2, i - 1), org.assertj.core.data.Offset.offset(0.01 * Math.pow(2, i - 1)));
        }
        assertThat(bed.sb.counter(TcpCounter.TcpExtTCPToZeroWindowAdv)).isEqualTo(1);
        assertThat(a.bytesAcked()).isLessThan(200_000);
        long held = acc.getFirst().unreadBytes();
        assertThat(held).isLessThanOrEqualTo(64 * 1024);

        acc.getFirst().readAll(); // the application wakes up: a window update reopens the flow
        bed.sim.runUntil(10_000 * MS);
        assertThat(a.bytesAcked()).isEqualTo(200_000);
        assertThat(bed.sb.counter(TcpCounter.TcpExtTCPFromZeroWindowAdv)).isEqualTo(1);
    }

    @Test
    void windowUpdatesAfterSlowReadsAreNotDuplicateAcks() {
        // A fills B's 64 KiB buffer; B's application starts reading 4 KiB at a time at 10 Mb/s only later.
        // Each read that doubles the window sends a window update with the same acknowledgment number.
        TcpBed bed = new TcpBed(Map.of("receive-buffer", "64KiB", "sack", false, "congestion-control", "reno"));
        List<TcpSocket> acc = new ArrayList<>();
        bed.sb.listen(TcpBed.PORT, acc::add);
        TcpSocket a = bed.connect(new TcpSocket.Listener() {
            @Override
            public void connected(TcpSocket s) {
                s.send(65_536);
            }
        });
        bed.sim.runUntil(100 * MS);
        assertThat(acc.getFirst().unreadBytes()).isEqualTo(65_536);
        acc.getFirst().readAtRate(10_000_000L, 4096);
        bed.sim.runUntil(1_000 * MS);
        assertThat(acc.getFirst().bytesRead()).isEqualTo(65_536);
        List<TcpSegment> updates = bed.fromB().stream().filter(s -> s.at() > 100 * MS).map(TcpBed.Seen::segment).toList();
        assertThat(updates).hasSizeGreaterThanOrEqualTo(4);
        assertThat(updates).allSatisfy(u -> assertThat(bed.relAck(u)).isEqualTo(65_537));
        for (int i = 1; i < updates.size(); i++) assertThat(updates.get(i).window).isGreaterThan(updates.get(i - 1).window);
        // NewReno counts duplicate ACKs in sacked_out: none was counted, no recovery started
        assertThat(a.info().sackedOut()).isZero();
        assertThat(a.caState()).isEqualTo(CongestionControl.OPEN);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPRenoRecovery)).isZero();
        assertThat(bed.sa.counter(TcpCounter.TcpRetransSegs)).isZero();
        assertThat(bed.sb.counter(TcpCounter.TcpExtTCPFromZeroWindowAdv)).isEqualTo(1);
    }
}
