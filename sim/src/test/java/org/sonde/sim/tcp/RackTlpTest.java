package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * RACK-TLP (RFC 8985) as Linux runs it: losses found by transmit time ({@code tcp_recovery.c}) and tail
 * loss probes ({@code tcp_schedule_loss_probe()}, {@code tcp_send_loss_probe()}). Two hosts behind one
 * switch at 10 Gb/s, 10 µs per link, so an RTT is about 45 µs and rto_min (200 ms) dominates the RTO.
 */
class RackTlpTest {
    private static final long MS = 1_000_000L;
    private static final int MSS = 1448;
    /** {@code TCP_TIMEOUT_MIN_US}: the slack Linux adds to the reordering and probe timers. */
    private static final long TIMEOUT_MIN = 2 * MS;
    private static final Map<String, Object> RACK_TLP_OFF = Map.of("recovery", 0, "early-retrans", 0);

    /** A run's trace, its sender, and the sender's SRTT after each ACK of new data (time, srtt). */
    private record Run(TcpBed bed, TcpSocket sender, List<long[]> srttAtAck) {
        /** A's transmissions of segment {@code n} (1-based), in order. */
        List<TcpBed.Seen> sendsOf(int n) {
            return bed.dataFromA().stream().filter(s -> segmentNumber(bed, s.segment()) == n).toList();
        }

        /** When the first ACK reached A that acknowledged or SACKed segment {@code n}. */
        long firstAckOf(int n) {
            long start = 1 + (long) (n - 1) * MSS;
            long end = start + MSS;
            for (TcpBed.Seen s : bed.arrivalsAtA) {
                TcpSegment t = s.segment();
                if (bed.relAck(t) >= end) return s.at();
                for (int k = 0; k < t.sackBlocks(); k++) {
                    long l = (t.sackLeft(k) - bed.issA()) & 0xFFFF_FFFFL;
                    long r = (t.sackRight(k) - bed.issA()) & 0xFFFF_FFFFL;
                    if (l <= start && end <= r) return s.at();
                }
            }
            throw new AssertionError("segment " + n + " was never acknowledged");
        }

        /** The sender's SRTT right after the last ACK that acknowledged new data before {@code t}. */
        long srttAfterLastAckBefore(long t) {
            long srtt = -1;
            for (long[] a : srttAtAck) if (a[0] < t) srtt = a[1];
            return srtt;
        }

        long count(TcpCounter c) {
            return bed.sa.counter(c);
        }
    }

    /** A's segments are numbered from 1 by their sequence number. */
    private static int segmentNumber(TcpBed bed, TcpSegment s) {
        return (int) ((bed.relSeq(s) - 1) / MSS + 1);
    }

    /** Drops what {@code drop} selects among A's data segments, given the bed (for sequence numbers). */
    private interface Drop {
        boolean test(TcpBed bed, TcpSegment s);
    }

    /** The first {@code copies} transmissions of segment {@code n}. */
    private static Drop firstCopies(int n, int copies) {
        int[] dropped = {0};
        return (bed, s) -> segmentNumber(bed, s) == n && dropped[0]++ < copies;
    }

    /** The first transmission of each of segments {@code n}. */
    private static Drop originals(int... n) {
        return (bed, s) -> !s.retransmission && Arrays.stream(n).anyMatch(k -> k == segmentNumber(bed, s));
    }

    /** A sends {@code segments} full segments at once and {@code later} more at 1 s; B reads everything. */
    private static Run run(Map<String, Object> tcp, int segments, int later, Drop drop) {
        TcpBed bed = new TcpBed(tcp);
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        bed.dropFromA(s -> s.payloadBytes > 0 && drop.test(bed, s));
        List<long[]> srttAtAck = new ArrayList<>();
        TcpSocket a = bed.connect(new TcpSocket.Listener() {
            @Override
            public void connected(TcpSocket s) {
                s.send((long) segments * MSS);
                if (later > 0) s.sendAt(1_000 * MS, (long) later * MSS);
            }

            @Override
            public void acked(TcpSocket s, long totalAcked) {
                srttAtAck.add(new long[] {bed.sim.now(), s.srttNanos()});
            }
        });
        bed.sim.runUntil(5_000 * MS);
        return new Run(bed, a, srttAtAck);
    }

    @Test
    void aLostRetransmissionIsFoundWhenDataSentAfterItIsDelivered() {
        Run r = run(Map.of(), 40, 0, firstCopies(3, 2));
        List<TcpBed.Seen> sends = r.sendsOf(3);
        assertThat(sends).hasSize(3);
        long firstRetransmission = sends.get(1).at();
        // in recovery without reordering seen RACK's window is 0: the retransmission is lost as soon as a
        // segment sent after it is (S)ACKed, one RTT later, instead of 200 ms later at the RTO
        int sentAfter = r.bed.dataFromA().stream().filter(s -> s.at() > firstRetransmission).mapToInt(s -> segmentNumber(r.bed, s.segment()))
                .findFirst().orElseThrow();
        assertThat(sends.get(2).at()).isEqualTo(r.firstAckOf(sentAfter));
        assertThat(sends.get(2).at() - firstRetransmission).isLessThan(MS);
        assertThat(r.count(TcpCounter.TcpExtTCPLostRetransmit)).isEqualTo(1);
        assertThat(r.count(TcpCounter.TcpExtTCPTimeouts)).isZero();
        assertThat(r.count(TcpCounter.TcpExtTCPSackRecovery)).isEqualTo(1);
        assertThat(r.sender.bytesAcked()).isEqualTo(40L * MSS);
    }

    @Test
    void withRackAndTlpOffALostRetransmissionWaitsForTheRto() {
        Run r = run(RACK_TLP_OFF, 40, 0, firstCopies(3, 2));
        List<TcpBed.Seen> sends = r.sendsOf(3);
        assertThat(sends).hasSize(3);
        assertThat(sends.get(2).at() - sends.get(1).at()).isGreaterThan(200 * MS);
        assertThat(r.count(TcpCounter.TcpExtTCPTimeouts)).isEqualTo(1);
        assertThat(r.count(TcpCounter.TcpExtTCPLossProbes)).isZero();
        assertThat(r.sender.bytesAcked()).isEqualTo(40L * MSS);
    }

    @Test
    void oneSackedSegmentMarksAnEarlierOneLostAfterTheReorderingWindow() {
        // the 9th of 10 segments is lost: one SACK (for the 10th) is below the duplicate threshold, so RACK
        // waits its reordering window min_rtt/4 (both left at the same instant) plus TCP_TIMEOUT_MIN
        Run r = run(Map.of(), 10, 0, originals(9));
        long sack = r.firstAckOf(10);
        List<TcpBed.Seen> sends = r.sendsOf(9);
        assertThat(sends).hasSize(2);
        long minRtt = r.sender.minRttNanos();
        assertThat(minRtt).isBetween(30_000L, 100_000L);
        assertThat(sends.get(1).at()).isEqualTo(sack + minRtt / 4 + TIMEOUT_MIN);
        assertThat(r.count(TcpCounter.TcpExtTCPSackRecovery)).isEqualTo(1);
        assertThat(r.count(TcpCounter.TcpExtTCPTimeouts)).isZero();
        // without RACK the same loss has no third duplicate and waits for the RTO (DETER §5.3)
        Run off = run(RACK_TLP_OFF, 10, 0, originals(9));
        assertThat(off.count(TcpCounter.TcpExtTCPTimeouts)).isEqualTo(1);
    }

    @Test
    void reorderingWithinTheWindowIsNotALoss() {
        // the 9th of 10 segments is held 5 µs at the switch, so the 10th overtakes it by less than min_rtt/4
        Run r = runDelaying(9, 5_000);
        assertThat(r.sender.minRttNanos() / 4).isGreaterThan(5_000);
        assertThat(r.sendsOf(9)).hasSize(1);
        assertThat(r.count(TcpCounter.TcpRetransSegs)).isZero();
        assertThat(r.count(TcpCounter.TcpExtTCPSackRecovery)).isZero();
        // held 3 ms, beyond the window and its timer, it is taken for lost and resent (spuriously: a D-SACK says so)
        Run late = runDelaying(9, 3 * MS);
        assertThat(late.sendsOf(9)).hasSize(2);
        assertThat(late.sendsOf(9).get(1).at()).isEqualTo(late.firstAckOf(10) + late.sender.minRttNanos() / 4 + TIMEOUT_MIN);
        assertThat(late.count(TcpCounter.TcpExtTCPDSACKRecv)).isEqualTo(1);
    }

    @Test
    void aDsackAfterSeenReorderingWidensTheWindowUnlessItIsStatic() {
        // 100 Mb/s, 5 ms each way; segment 31 is held 2 ms: three SACKs above it and no reordering seen yet,
        // so RACK's window is 0 and it is resent at once. The original then fills the hole first (reordering
        // seen) and the receiver D-SACKs the copy: the window grows to two steps of min_rtt/4.
        assertThat(reorderedOnce(Map.of()).rackReoWndSteps()).isEqualTo(2);
        assertThat(reorderedOnce(Map.of("recovery", TcpConfig.RACK_LOSS_DETECTION | TcpConfig.RACK_STATIC_REO_WND)).rackReoWndSteps())
                .isEqualTo(1);
    }

    private static TcpSocket reorderedOnce(Map<String, Object> tcp) {
        TcpBed bed = new TcpBed(TcpBed.config(tcp), org.sonde.sim.net.HostConfig.DEFAULT, 1, 100_000_000L, 5 * MS);
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        bed.sw.port(0).setFilter((f, port) -> {
            if (f instanceof TcpSegment s && s.payloadBytes > 0 && !s.retransmission && segmentNumber(bed, s) == 31) {
                bed.sim.after(2 * MS, () -> bed.sw.port(1).enqueue(f));
                return false;
            }
            return true;
        });
        TcpSocket a = bed.connect(new TcpSocket.Listener() {
            @Override
            public void connected(TcpSocket s) {
                s.send(200L * MSS);
            }
        });
        bed.sim.runUntil(2_000 * MS);
        assertThat(a.bytesAcked()).isEqualTo(200L * MSS);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPFastRetrans)).isEqualTo(1);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPDSACKRecv)).isEqualTo(1);
        return a;
    }

    @Test
    void aTailLossIsProbedAfterTwoSrttsInsteadOfTheRto() {
        // the last two of 10 segments are lost: nothing comes back to trigger a fast retransmit
        Run r = run(Map.of(), 10, 0, originals(9, 10));
        long lastAck = r.firstAckOf(8);
        List<TcpBed.Seen> tenth = r.sendsOf(10);
        assertThat(tenth).hasSize(2);
        // tcp_schedule_loss_probe(): 2·SRTT plus TCP_TIMEOUT_MIN with more than one segment out; the probe
        // resends the last segment (no new data is waiting)
        long srtt = r.srttAfterLastAckBefore(tenth.get(1).at());
        assertThat(tenth.get(1).at()).isEqualTo(lastAck + 2 * srtt + TIMEOUT_MIN);
        // its SACK shows, by transmit time, that the 9th is lost: RACK retransmits it at once
        List<TcpBed.Seen> ninth = r.sendsOf(9);
        assertThat(ninth).hasSize(2);
        assertThat(ninth.get(1).at()).isEqualTo(r.firstAckOf(10));
        assertThat(r.count(TcpCounter.TcpExtTCPLossProbes)).isEqualTo(1);
        assertThat(r.count(TcpCounter.TcpExtTCPTimeouts)).isZero();
        assertThat(r.sender.bytesAcked()).isEqualTo(10L * MSS);
    }

    @Test
    void aProbeThatRepairsTheOnlyLossReducesTheWindowOnce() {
        // the last of 10 segments is lost; with a single segment out the probe waits 2·SRTT + rto_min (for
        // a delayed ACK), which the RTO undercuts: the probe goes at the RTO but is no timeout (no backoff,
        // no Loss state). More data at 1 s is ACKed beyond the probe: TCPLossProbeRecovery, cwnd reduced.
        Run r = run(Map.of("congestion-control", "reno"), 10, 10, originals(10));
        List<TcpBed.Seen> tenth = r.sendsOf(10);
        assertThat(tenth).hasSize(2);
        assertThat(r.count(TcpCounter.TcpExtTCPLossProbes)).isEqualTo(1);
        assertThat(r.count(TcpCounter.TcpExtTCPTimeouts)).isZero();
        assertThat(r.count(TcpCounter.TcpExtTCPLossProbeRecovery)).isEqualTo(1);
        assertThat(r.sender.backoff()).isZero();
        assertThat(r.sender.ssthresh()).isLessThan(CongestionWindow.INFINITE_SSTHRESH);
        assertThat(r.sender.bytesAcked()).isEqualTo(20L * MSS);
    }

    @Test
    void tlpOffLeavesTheTailToTheRto() {
        Run r = run(Map.of("early-retrans", 0), 10, 0, originals(9, 10));
        assertThat(r.count(TcpCounter.TcpExtTCPLossProbes)).isZero();
        assertThat(r.count(TcpCounter.TcpExtTCPTimeouts)).isEqualTo(1);
        assertThat(r.sendsOf(9).get(1).at() - r.firstAckOf(8)).isGreaterThan(200 * MS);
    }

    @Test
    void theSackOfAnOutOfOrderFinCoversTheFinSoTheSenderCanUseIt() {
        // three segments, then the FIN; the second segment is lost. The receiver's SACK block grows over the
        // FIN's sequence number (end_seq), so the sender's FIN entry counts as SACKed for RACK.
        TcpBed bed = new TcpBed(Map.of());
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        Drop drop = originals(2);
        bed.dropFromA(s -> s.payloadBytes > 0 && drop.test(bed, s));
        TcpSocket a = bed.connect(new TcpSocket.Listener() {
            @Override
            public void connected(TcpSocket s) {
                s.send(3L * MSS);
                s.close();
            }
        });
        bed.sim.runUntil(5_000 * MS);
        List<Long> sackEnds = bed.fromB().stream().map(TcpBed.Seen::segment).filter(t -> t.sackBlocks() > 0)
                .map(t -> (t.sackRight(0) - bed.issA()) & 0xFFFF_FFFFL).toList();
        assertThat(sackEnds).containsExactly(1 + 3L * MSS, 1 + 3L * MSS + 1);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPSackRecovery)).isEqualTo(1);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPTimeouts)).isZero();
        assertThat(a.bytesAcked()).isEqualTo(3L * MSS);
    }

    /** Ten segments; the first transmission of segment {@code n} is held {@code nanos} at the switch. */
    private static Run runDelaying(int n, long nanos) {
        TcpBed bed = new TcpBed(Map.of());
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        bed.sw.port(0).setFilter((f, port) -> {
            if (f instanceof TcpSegment s && s.payloadBytes > 0 && !s.retransmission && segmentNumber(bed, s) == n) {
                bed.sim.after(nanos, () -> bed.sw.port(1).enqueue(f));
                return false;
            }
            return true;
        });
        TcpSocket a = bed.connect(new TcpSocket.Listener() {
            @Override
            public void connected(TcpSocket s) {
                s.send(10L * MSS);
            }
        });
        bed.sim.runUntil(5_000 * MS);
        return new Run(bed, a, List.of());
    }
}
