package org.sonde.inject.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.inject.model.InjectedEvent.DROP;
import static org.sonde.inject.model.InjectedEvent.ECN;
import static org.sonde.inject.model.InjectedEvent.NONE;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.inject.tcp.analyze.TcpAnalysis;
import org.sonde.inject.tcp.analyze.TcpAnalysis.Recovery;
import org.sonde.inject.tcp.analyze.TcpAnalysis.RecoveryKind;
import org.sonde.inject.tcp.analyze.TcpAnalyzer;
import org.sonde.packet.TcpHeader;

/** Every verdict of the TCP analyzers, on traces built by hand (times in ms at the injector). */
class TcpAnalyzerTest {
    private static final int P = 40000;

    private static TcpAnalysis analyze(TcpPackets t, boolean rack) {
        return TcpAnalyzer.analyze(t.trace(), rack);
    }

    private static Recovery only(TcpAnalysis a) {
        assertThat(a.recoveries()).hasSize(1);
        return a.recoveries().getFirst();
    }

    /** Segments 1..5 sent, 2 lost, 3..5 acknowledged selectively: {@code acks} acknowledgements show the hole. */
    private static TcpPackets holeShownBy(int acks) {
        TcpPackets t = new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).data(0.1, P, 2, DROP);
        for (int n = 3; n <= 2 + acks; n++) t.data(0.1, P, n, NONE);
        t.ack(1, P, 1, 0);
        for (int k = 1; k <= acks; k++) t.ack(0.1, P, 1, 0, 3, 2 + k);
        return t;
    }

    @Test
    void threeAcknowledgementsShowingTheHoleAreAFastRetransmit() {
        Recovery r = only(analyze(holeShownBy(3).data(0.05, P, 2, NONE), true));
        assertThat(r.kind()).isEqualTo(RecoveryKind.FAST_RETRANSMIT);
        assertThat(r.duplicateAcks()).isEqualTo(3);
        assertThat(r.latencyNanos()).isEqualTo(1_650_000); // 3 later segments, an ACK 1 ms on, 3 SACKs, then 0.05 ms
        assertThat(r.pass()).isTrue();
    }

    @Test
    void fewerAreRackWhichOnlyRackMayDo() {
        Recovery withRack = only(analyze(holeShownBy(1).data(0.5, P, 2, NONE), true));
        assertThat(withRack.kind()).isEqualTo(RecoveryKind.RACK);
        assertThat(withRack.duplicateAcks()).isEqualTo(1);
        assertThat(withRack.pass()).isTrue();
        Recovery without = only(analyze(holeShownBy(1).data(0.5, P, 2, NONE), false));
        assertThat(without.kind()).isEqualTo(RecoveryKind.RACK);
        assertThat(without.pass()).isFalse();
        assertThat(without.reason()).contains("RACK off").contains("RFC 5681 waits for 3");
    }

    @Test
    void acknowledgementsOfDataSentBeforeTheLossShowNothing() {
        // segment 2 is sent again (and lost again) while SACKs of 3..5, sent before it, still arrive
        TcpPackets t = holeShownBy(3).data(0.05, P, 2, DROP).ack(0.1, P, 1, 0, 3, 5).data(250, P, 2, NONE);
        TcpAnalysis a = analyze(t, true);
        assertThat(a.recoveries()).hasSize(2);
        assertThat(a.recoveries().get(1).duplicateAcks()).isZero();
        assertThat(a.recoveries().get(1).kind()).isEqualTo(RecoveryKind.RTO);
    }

    /** Segments 1..3 sent and acknowledged with 10 ms RTTs, then segment 4, the tail, lost. */
    private static TcpPackets tailLost() {
        return new TcpPackets().handshake(P, false, 10).data(1, P, 1, NONE).ack(10, P, 1, 0)
                .data(0.1, P, 2, NONE).ack(10, P, 2, 0).data(0.1, P, 3, NONE).ack(10, P, 3, 0).data(0.1, P, 4, DROP);
    }

    @Test
    void aTailSentAgainWithoutAcknowledgementsIsAProbeNoSoonerThanTwoSmoothedRtts() {
        Recovery probe = only(analyze(tailLost().data(25, P, 4, NONE), true));
        assertThat(probe.kind()).isEqualTo(RecoveryKind.TLP);
        assertThat(probe.pass()).as(probe.reason()).isTrue();
        assertThat(probe.reason()).contains("2 x SRTT (20.000 ms");
        Recovery hasty = only(analyze(tailLost().data(12, P, 4, NONE), true));
        assertThat(hasty.kind()).isEqualTo(RecoveryKind.TLP);
        assertThat(hasty.pass()).isFalse();
        assertThat(hasty.reason()).contains("sooner than 2 x SRTT");
    }

    @Test
    void timeoutsAreAtLeast200MsAndBackOff() {
        Recovery rto = only(analyze(tailLost().data(210, P, 4, NONE), true));
        assertThat(rto.kind()).isEqualTo(RecoveryKind.RTO);
        assertThat(rto.pass()).isTrue();
        assertThat(rto.reason()).contains("at least Linux's minimum RTO of 200 ms");
        // a segment in the middle sent again without evidence sooner than 200 ms is a timeout that came too soon
        TcpPackets early = new TcpPackets().handshake(P, false, 1).data(1, P, 1, DROP).data(0.1, P, 2, NONE).data(150, P, 1, NONE);
        Recovery tooSoon = only(analyze(early, true));
        assertThat(tooSoon.kind()).isEqualTo(RecoveryKind.RTO);
        assertThat(tooSoon.pass()).isFalse();
        assertThat(tooSoon.reason()).contains("sooner than Linux's minimum RTO of 200 ms");

        TcpPackets doubled = tailLost().data(210, P, 4, DROP).data(420, P, 4, NONE);
        List<Recovery> two = analyze(doubled, true).recoveries();
        assertThat(two).extracting(Recovery::kind).containsExactly(RecoveryKind.RTO, RecoveryKind.RTO);
        assertThat(two.get(1).pass()).isTrue();
        assertThat(two.get(1).reason()).contains("2.00 times the previous timeout").contains("it backed off");
        TcpPackets flat = tailLost().data(210, P, 4, DROP).data(215, P, 4, NONE);
        Recovery notBackedOff = analyze(flat, true).recoveries().get(1);
        assertThat(notBackedOff.pass()).isFalse();
        assertThat(notBackedOff.reason()).contains("it did not back off");
    }

    @Test
    void dataSentAgainAfterItsAcknowledgementsWereDroppedIsSpuriousAndNamesTheCause() {
        // the tail's acknowledgements are lost: the sender probes the tail it had delivered
        TcpPackets acksLost = new TcpPackets().handshake(P, false, 10).data(1, P, 1, NONE).ack(10, P, 1, 0)
                .data(0.1, P, 2, NONE).data(0.1, P, 3, NONE).droppedAck(10, P, 2).droppedAck(0.1, P, 3).droppedAck(0.1, P, 3).data(15, P, 3, NONE);
        TcpAnalysis a = analyze(acksLost, true);
        assertThat(a.recoveries()).isEmpty();
        assertThat(a.spurious()).hasSize(1);
        TcpAnalysis.Spurious s = a.spurious().getFirst();
        assertThat(s.segment()).isEqualTo(3);
        assertThat(s.iteration()).isEqualTo(2);
        assertThat(s.kind()).isEqualTo(RecoveryKind.TLP);
        assertThat(s.afterNanos()).isEqualTo(25_200_000);
        assertThat(s.cause()).isEqualTo("2 acknowledgements covering it were dropped" /* through 3, twice; through 2 does not cover it */);
        // the same after 210 ms is the timer's
        TcpPackets timedOut = new TcpPackets().handshake(P, false, 10).data(1, P, 1, NONE).droppedAck(10, P, 1).data(200, P, 1, NONE);
        assertThat(analyze(timedOut, true).spurious()).extracting(TcpAnalysis.Spurious::kind).containsExactly(RecoveryKind.RTO);
        // a retransmission of data lost is a recovery, not spurious
        assertThat(analyze(tailLost().data(25, P, 4, NONE), true).spurious()).isEmpty();
    }

    @Test
    void aLoneTailProbedAtTheTimeoutsTimeIsAProbeWhenTheKernelCountedOne() {
        // segments 1..3 acknowledged, the tail 4 lost: alone outstanding, its probe waits 1.5 SRTT + 200 ms
        TcpPackets late = tailLost().data(215, P, 4, NONE);
        Recovery byTiming = only(TcpAnalyzer.analyze(late.trace(), true, -1));
        assertThat(byTiming.kind()).isEqualTo(RecoveryKind.RTO);
        assertThat(only(TcpAnalyzer.analyze(late.trace(), true, 0)).kind()).isEqualTo(RecoveryKind.RTO);
        Recovery probe = only(TcpAnalyzer.analyze(late.trace(), true, 1));
        assertThat(probe.kind()).isEqualTo(RecoveryKind.TLP);
        assertThat(probe.pass()).isTrue();
        assertThat(probe.reason()).contains("TCPLossProbes", "WCDelAckT");
        // a probe that is lost itself is followed by a first timeout, not judged as a backoff against the probe
        List<Recovery> two = TcpAnalyzer.analyze(tailLost().data(215, P, 4, DROP).data(230, P, 4, NONE).trace(), true, 1).recoveries();
        assertThat(two).extracting(Recovery::kind).containsExactly(RecoveryKind.TLP, RecoveryKind.RTO);
        assertThat(two.get(1).pass()).as(two.get(1).reason()).isTrue();
        // a probe the timing already shows uses up the count: no second one is made of a timeout
        TcpPackets early = tailLost().data(25, P, 4, DROP).data(210, P, 4, NONE);
        assertThat(TcpAnalyzer.analyze(early.trace(), true, 1).recoveries()).extracting(Recovery::kind)
                .containsExactly(RecoveryKind.TLP, RecoveryKind.RTO);
    }

    @Test
    void aLossNeverSentAgainFails() {
        Recovery none = only(analyze(new TcpPackets().handshake(P, false, 1).data(1, P, 1, DROP), true));
        assertThat(none.kind()).isEqualTo(RecoveryKind.NONE);
        assertThat(none.pass()).isFalse();
    }

    private static TcpPackets marked(boolean ecn) {
        return new TcpPackets().handshake(P, ecn, 1).data(1, P, 1, NONE).data(0.1, P, 2, ECN).data(0.1, P, 3, NONE);
    }

    @Test
    void aMarkIsEchoedUntilTheSenderSaysItReduced() {
        int ece = TcpHeader.FLAG_ECE, cwr = TcpHeader.FLAG_CWR;
        TcpPackets good = marked(true).ack(1, P, 2, ece).ack(0.1, P, 3, ece)
                .add(0.2, NONE, TcpPackets.ip(true, P, 1 + 3 * TcpPackets.MSS, 1, TcpHeader.FLAG_ACK | cwr, TcpPackets.MSS, 2))
                .ack(1, P, 4, 0);
        TcpAnalysis.EcnResponse ok = analyze(good, true).ecn().getFirst();
        assertThat(ok.negotiated()).isTrue();
        assertThat(ok.echoNanos()).isEqualTo(1_100_000);
        assertThat(ok.cwrNanos()).isEqualTo(300_000);
        assertThat(ok.pass()).as(ok.reason()).isTrue();

        TcpAnalysis.EcnResponse silent = analyze(marked(true).ack(1, P, 3, 0), true).ecn().getFirst();
        assertThat(silent.pass()).isFalse();
        assertThat(silent.reason()).contains("never echoed");

        TcpPackets stuck = marked(true).ack(1, P, 3, ece)
                .add(0.2, NONE, TcpPackets.ip(true, P, 1 + 3 * TcpPackets.MSS, 1, TcpHeader.FLAG_ACK | cwr, TcpPackets.MSS, 2))
                .ack(1, P, 4, ece);
        assertThat(analyze(stuck, true).ecn().getFirst().reason()).contains("kept echoing");

        TcpPackets noCwr = marked(true).ack(1, P, 3, ece).data(0.2, P, 4, NONE);
        assertThat(analyze(noCwr, true).ecn().getFirst().pass()).isFalse();

        TcpAnalysis.EcnResponse plain = analyze(marked(false).ack(1, P, 3, 0), true).ecn().getFirst();
        assertThat(plain.negotiated()).isFalse();
        assertThat(plain.pass()).isTrue();
        assertThat(plain.reason()).contains("not negotiated");
    }

    @Test
    void sackBlocksMayOnlyCoverDeliveredBytes() {
        TcpPackets honest = new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).data(0.1, P, 2, DROP).data(0.1, P, 3, NONE)
                .ack(1, P, 1, 0, 3, 3);
        TcpAnalysis.SackHonesty ok = analyze(honest, true).sack();
        assertThat(ok.pass()).isTrue();
        assertThat(ok.blocksChecked()).isEqualTo(1);
        TcpPackets liar = new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).data(0.1, P, 2, DROP).data(0.1, P, 3, NONE)
                .ack(1, P, 1, 0, 2, 3);
        TcpAnalysis.SackHonesty bad = analyze(liar, true).sack();
        assertThat(bad.pass()).isFalse();
        assertThat(bad.problems().getFirst()).contains("SACKs bytes 1001-3001 that had not reached the receiver");
    }

    @Test
    void integrityComparesTheTraceWithBothHostsCounters() {
        TcpPackets t = holeShownBy(3).data(0.05, P, 2, NONE);
        TcpTest test = new TcpTest("t", new TcpTraffic(1, 1, 5000, 0, "cubic"), List.of(), Map.of(), List.of());
        // client: SYN, ACK, 5 new data segments and 1 retransmission; server: SYN-ACK and 4 ACKs; one client packet dropped
        Map<String, Long> client = Map.of("TcpOutSegs", 7L, "TcpRetransSegs", 1L, "TcpInSegs", 5L, "TcpInCsumErrors", 0L);
        Map<String, Long> server = Map.of("TcpOutSegs", 5L, "TcpRetransSegs", 0L, "TcpInSegs", 7L, "TcpInCsumErrors", 0L);
        TcpRun run = new TcpRun(test, "linux", "6.18", t.trace(), List.of(), client, server, 0, new long[0], new long[0]);
        TcpAnalysis a = TcpAnalyzer.analyze(run);
        assertThat(a.integrity().pass()).as(a.integrity().problems().toString()).isTrue();
        TcpRun lossy = new TcpRun(test, "linux", "6.18", t.trace(), List.of(), client, Map.of("TcpOutSegs", 5L, "TcpRetransSegs", 0L,
                "TcpInSegs", 8L, "TcpInCsumErrors", 0L), 2, new long[0], new long[0]);
        TcpAnalysis b = TcpAnalyzer.analyze(lossy);
        assertThat(b.integrity().pass()).isFalse();
        assertThat(b.integrity().problems()).containsExactly("2 packets were dropped at the queue, unseen by the injector",
                "server TcpInSegs is 8, but the client's packets that passed, with copies are 7");
    }
}
