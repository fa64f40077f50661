package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TcpLossRecoveryTest {
    private static final long MS = 1_000_000L;
    private static final int MSS = 1448;

    private static TcpSocket.Listener sending(long bytes, long[] rtoAtConnect) {
        return new TcpSocket.Listener() {
            @Override
            public void connected(TcpSocket s) {
                rtoAtConnect[0] = s.rtoNanos();
                rtoAtConnect[1] = s.srttNanos();
                s.send(bytes);
            }
        };
    }

    /** With one segment out the loss probe's timeout (2·SRTT + rto_min) exceeds the RTO and would replace the first one. */
    private static final Map<String, Object> NO_TLP = Map.of("early-retrans", 0);

    @Test
    void retransmissionTimeoutsBackOffExponentially() {
        TcpBed bed = new TcpBed(NO_TLP);
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        int[] dropped = {0};
        bed.dropFromA(s -> s.payloadBytes > 0 && dropped[0]++ < 4);
        long[] rto = new long[2];
        TcpSocket a = bed.connect(sending(1000, rto));
        bed.sim.runUntil(10_000 * MS);

        // RFC 6298 via tcp_rtt_estimator(): one sample m gives srtt = m and rttvar = max(2m, rto_min)
        assertThat(rto[0]).isEqualTo(rto[1] + 200 * MS);
        List<Long> sent = bed.dataFromA().stream().map(TcpBed.Seen::at).toList();
        assertThat(sent).hasSize(5);
        // the timer starts when the data is sent; the NIC puts it on the wire after the handshake's ACK
        long t0 = bed.trace.get(2).at();
        assertThat(sent.getFirst() - t0).isEqualTo(bed.a.nic().serialisationNanos(bed.trace.get(2).segment().bytes));
        for (int k = 1; k <= 4; k++) assertThat(sent.get(k) - t0).as("retransmission %d", k).isEqualTo(rto[0] * ((1L << k) - 1));
        assertThat(a.bytesAcked()).isEqualTo(1000);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPTimeouts)).isEqualTo(4);
        assertThat(bed.sa.counter(TcpCounter.TcpRetransSegs)).isEqualTo(4);
        // the ACK of a retransmission gives no sample (Karn) but its timestamp echo does: the backoff is gone
        assertThat(a.backoff()).isZero();
        assertThat(a.rtoNanos()).isLessThan(rto[0] * 2);
    }

    /** Linux's __tcp_transmit_skb() counts OutSegs only for segments with new sequence space (or none); retransmissions count in RetransSegs alone. */
    @Test
    void retransmissionsCountInRetransSegsNotOutSegs() {
        TcpBed bed = new TcpBed(NO_TLP);
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        int[] dropped = {0};
        bed.dropFromA(s -> s.payloadBytes > 0 && dropped[0]++ < 2);
        TcpSocket a = bed.connect(sending(3000, new long[2]));
        bed.sim.runUntil(10_000 * MS);

        assertThat(a.bytesAcked()).isEqualTo(3000);
        long retransmitted = bed.fromA().stream().filter(x -> x.segment().retransmission).count();
        assertThat(retransmitted).isEqualTo(2);
        assertThat(bed.sa.counter(TcpCounter.TcpRetransSegs)).isEqualTo(retransmitted);
        assertThat(bed.sa.counter(TcpCounter.TcpOutSegs)).isEqualTo(bed.fromA().size() - retransmitted);
    }

    @Test
    void backoffIsCappedAtRtoMax() {
        TcpBed bed = new TcpBed(Map.of("rto-max", "1s", "early-retrans", 0));
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        int[] dropped = {0};
        bed.dropFromA(s -> s.payloadBytes > 0 && dropped[0]++ < 6);
        long[] rto = new long[2];
        bed.connect(sending(1000, rto));
        bed.sim.runUntil(20_000 * MS);
        List<Long> sent = bed.dataFromA().stream().map(TcpBed.Seen::at).toList();
        long r = rto[0];
        assertThat(sent).hasSize(7);
        assertThat(sent.get(1) - bed.trace.get(2).at()).isEqualTo(r);
        assertThat(sent.get(2) - sent.get(1)).isEqualTo(2 * r);
        assertThat(sent.get(3) - sent.get(2)).isEqualTo(4 * r);
        assertThat(sent.get(4) - sent.get(3)).isEqualTo(1_000 * MS);
        assertThat(sent.get(5) - sent.get(4)).isEqualTo(1_000 * MS);
    }

    /** Drops the first transmission of A's data segments number {@code lost} (1-based) and sends {@code segments} full segments. */
    private static TcpBed lossRun(Map<String, Object> tcp, int segments, int... lost) {
        TcpBed bed = new TcpBed(tcp);
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        bed.dropFromA(s -> {
            if (s.payloadBytes == 0 || s.retransmission) return false;
            long n = (bed.relSeq(s) - 1) / MSS + 1;
            for (int l : lost) if (l == n) return true;
            return false;
        });
        bed.connect(sending((long) segments * MSS, new long[2]));
        bed.sim.runUntil(5_000 * MS);
        return bed;
    }

    private static void assertFastRetransmitAtThirdDuplicate(TcpBed bed, long lostRelSeq) {
        TcpBed.Seen retx = bed.dataFromA().stream().filter(s -> s.segment().retransmission).findFirst().orElseThrow();
        assertThat(bed.relSeq(retx.segment())).isEqualTo(lostRelSeq);
        List<TcpBed.Seen> acks = bed.arrivalsAtA.stream().filter(s -> bed.relAck(s.segment()) == lostRelSeq).toList();
        // the first ACK of lostRelSeq is new; the next three are duplicates, the third of them triggers the retransmission
        long before = acks.stream().filter(s -> s.at() <= retx.at()).count();
        assertThat(before).isEqualTo(4);
        assertThat(retx.at()).isEqualTo(acks.get(3).at());
    }

    @Test
    void fastRetransmitFollowsExactlyThreeDuplicateAcksWithSack() {
        TcpBed bed = lossRun(Map.of(), 10, 3);
        assertFastRetransmitAtThirdDuplicate(bed, 1 + 2L * MSS);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPSackRecovery)).isEqualTo(1);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPFastRetrans)).isEqualTo(1);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPTimeouts)).isZero();
        assertThat(bed.sa.sockets().getFirst().bytesAcked()).isEqualTo(10L * MSS);
        // the duplicates carried SACK blocks for the segments above the hole
        TcpSegment dup = bed.fromB().stream().map(TcpBed.Seen::segment).filter(s -> s.sackBlocks() > 0).findFirst().orElseThrow();
        assertThat(bed.relSeq(dup) >= 0).isTrue();
        assertThat((dup.sackLeft(0) - (int) bed.issA()) & 0xFFFF_FFFFL).isEqualTo(1 + 3L * MSS);
    }

    @Test
    void fastRetransmitFollowsExactlyThreeDuplicateAcksWithNewReno() {
        TcpBed bed = lossRun(Map.of("sack", false, "congestion-control", "reno"), 10, 3);
        assertFastRetransmitAtThirdDuplicate(bed, 1 + 2L * MSS);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPRenoRecovery)).isEqualTo(1);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPTimeouts)).isZero();
        assertThat(bed.fromB()).allSatisfy(s -> assertThat(s.segment().sackBlocks()).isZero());
    }

    @Test
    void twoDuplicatesAreNotEnoughAndTheTailLossTimesOut() {
        // DETER §5.3 "not enough dupACKs": the 5th of 7 segments is lost, only two duplicates follow.
        // So it goes without RACK and TLP (Linux before 4.4 with tcp_early_retrans = 0); RackTlpTest has it with them.
        TcpBed bed = lossRun(Map.of("recovery", 0, "early-retrans", 0), 7, 5);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPFastRetrans)).isZero();
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPTimeouts)).isEqualTo(1);
        assertThat(bed.sa.sockets().getFirst().bytesAcked()).isEqualTo(7L * MSS);
    }

    @Test
    void sackRecoversSeveralLossesOfOneWindowInOneRecovery() {
        TcpBed bed = lossRun(Map.of(), 40, 3, 5, 7);
        TcpSocket a = bed.sa.sockets().getFirst();
        assertThat(a.bytesAcked()).isEqualTo(40L * MSS);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPSackRecovery)).isEqualTo(1);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPFastRetrans)).isEqualTo(3);
        assertThat(bed.sa.counter(TcpCounter.TcpRetransSegs)).isEqualTo(3);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPTimeouts)).isZero();
        assertThat(bed.dataFromA().stream().filter(s -> s.segment().retransmission).map(s -> (bed.relSeq(s.segment()) - 1) / MSS + 1))
                .containsExactly(3L, 5L, 7L);
        // CUBIC's reduction: ssthresh = 0.7 × the window at the loss
        assertThat(a.ssthresh()).isGreaterThan(2);
    }

    @Test
    void reorderingSeenThroughTimestampsRaisesTheDuplicateThreshold() {
        // 100 Mb/s, 5 ms each way: segment 3 is held back 2 ms (not lost). Three duplicates trigger a fast
        // retransmit, but the original fills the hole first; the ACK's timestamp echo predates the
        // retransmission (tcp_packet_delayed()), so Linux raises tp->reordering to the distance seen.
        TcpBed bed = new TcpBed(TcpBed.config(Map.of()), org.sonde.sim.net.HostConfig.DEFAULT, 1, 100_000_000L, 5 * MS);
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        bed.sw.port(0).setFilter((f, port) -> {
            if (f instanceof TcpSegment s && s.payloadBytes > 0 && !s.retransmission && bed.relSeq(s) == 1 + 30L * MSS) {
                bed.sim.after(2 * MS, () -> bed.sw.port(1).enqueue(f));
                return false;
            }
            return true;
        });
        bed.connect(sending(200L * MSS, new long[2]));
        bed.sim.runUntil(2_000 * MS);
        TcpSocket a = bed.sa.sockets().getFirst();
        assertThat(a.bytesAcked()).isEqualTo(200L * MSS);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPFastRetrans)).isEqualTo(1);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPTSReorder)).isEqualTo(1);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPPartialUndo)).isEqualTo(1);
        assertThat(a.reordering()).isGreaterThan(10).isLessThanOrEqualTo(300);
        assertThat(bed.sb.counter(TcpCounter.TcpExtTCPDSACKOldSent)).isEqualTo(1); // the retransmission arrived second
        assertThat(a.ssthresh()).isEqualTo(CongestionWindow.INFINITE_SSTHRESH); // the reduction was undone: still in slow start
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPDSACKRecv)).isEqualTo(1);
    }
}
