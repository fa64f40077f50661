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
    void aRecoverysLatencyIsSplitIntoDetectionReactionAndRepair() {
        // the third SACK showing the hole comes 1.2 ms after the loss, the retransmission 0.05 ms later, its acknowledgement 1 ms on
        Recovery fast = only(analyze(holeShownBy(3).data(0.05, P, 2, NONE).ack(1, P, 5, 0), true));
        assertThat(fast.split()).isEqualTo(new TcpAnalysis.LatencySplit(1_600_000, 50_000, 1_000_000));
        assertThat(fast.split().detectionNanos() + fast.split().reactionNanos()).isEqualTo(fast.latencyNanos());
        // RACK reacts to the first acknowledgement showing the hole
        Recovery rack = only(analyze(holeShownBy(2).data(0.5, P, 2, NONE).ack(1, P, 4, 0), true));
        assertThat(rack.split()).isEqualTo(new TcpAnalysis.LatencySplit(1_300_000, 600_000, 1_000_000));
        // a timer's whole wait is detection; a retransmission lost again has no repair of its own
        List<Recovery> timers = analyze(tailLost().data(210, P, 4, DROP).data(420, P, 4, NONE).ack(10, P, 4, 0), true).recoveries();
        assertThat(timers.get(0).split()).isEqualTo(new TcpAnalysis.LatencySplit(210_000_000, 0, -1));
        assertThat(timers.get(1).split()).isEqualTo(new TcpAnalysis.LatencySplit(420_000_000, 0, 10_000_000));
    }

    /** Segments 1..3 sent and acknowledged, the last acknowledgement closing the window: the sender must wait and probe. */
    private static TcpPackets windowClosed() {
        return new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).data(0.1, P, 2, NONE).data(0.1, P, 3, NONE).ack(1, P, 2, 0)
                .ackWindow(0.1, P, 3, 0);
    }

    @Test
    void aClosedWindowIsProbedAfterOneRtoAndThenBackedOff() {
        TcpPackets good = windowClosed().windowProbe(210, P, 3).ackWindow(1, P, 3, 0).windowProbe(420, P, 3).ackWindow(1, P, 3, 0)
                .ackWindow(100, P, 3, 8000).data(1, P, 4, NONE);
        TcpAnalysis a = analyze(good, true);
        assertThat(a.zeroWindows()).hasSize(1);
        TcpAnalysis.ZeroWindow z = a.zeroWindows().getFirst();
        assertThat(z.probeAfterNanos()).containsExactly(210_000_000L, 420_000_000L);
        assertThat(z.durationNanos()).isEqualTo(732_000_000L);
        assertThat(z.resumeNanos()).isEqualTo(1_000_000L);
        assertThat(z.dataBeyondWindow()).isZero();
        assertThat(z.pass()).as(z.reason()).isTrue();
        assertThat(a.tcpPass()).isTrue();

        TcpAnalysis.ZeroWindow hasty = analyze(windowClosed().windowProbe(50, P, 3).ackWindow(1, P, 3, 8000).data(1, P, 4, NONE), true)
                .zeroWindows().getFirst();
        assertThat(hasty.pass()).isFalse();
        assertThat(hasty.reason()).contains("sooner than one RTO");

        TcpAnalysis.ZeroWindow flat = analyze(windowClosed().windowProbe(210, P, 3).ackWindow(1, P, 3, 0).windowProbe(210, P, 3)
                .ackWindow(1, P, 3, 8000).data(1, P, 4, NONE), true).zeroWindows().getFirst();
        assertThat(flat.pass()).isFalse();
        assertThat(flat.reason()).contains("did not back off");

        // sent before the zero window could have reached the sender (within a round trip of 1 ms): not past a window it knew
        TcpAnalysis.ZeroWindow inFlight = analyze(windowClosed().data(0.2, P, 4, NONE).ackWindow(20, P, 4, 8000), true).zeroWindows().getFirst();
        assertThat(inFlight.dataBeyondWindow()).isZero();
        TcpAnalysis pushy = analyze(windowClosed().data(5, P, 4, NONE).ackWindow(1, P, 4, 8000), true);
        assertThat(pushy.zeroWindows().getFirst().dataBeyondWindow()).isEqualTo(1);
        assertThat(pushy.zeroWindows().getFirst().pass()).isFalse();
        assertThat(pushy.tcpPass()).isFalse();

        TcpAnalysis.ZeroWindow silent = analyze(windowClosed().ackWindow(800, P, 3, 8000).data(1, P, 4, NONE), true).zeroWindows().getFirst();
        assertThat(silent.probeAfterNanos()).isEmpty();
        assertThat(silent.pass()).isFalse();
        assertThat(silent.reason()).contains("no probe was sent");

        TcpAnalysis.ZeroWindow brief = analyze(windowClosed().ackWindow(20, P, 3, 8000).data(1, P, 4, NONE), true).zeroWindows().getFirst();
        assertThat(brief.pass()).isTrue();
        assertThat(brief.reason()).contains("before a probe was due");
    }

    @Test
    void aWindowClosedByTheInjectorsRewriteIsTheOneTheSenderSaw(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        byte[] ack = TcpPackets.ip(false, P, 1, 1 + TcpPackets.MSS, TcpHeader.FLAG_ACK, 0, 0);
        TcpTrace plain = new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).add(1, org.sonde.inject.model.InjectedEvent.REWRITE, ack)
                .windowProbe(210, P, 1).trace();
        List<TcpTrace.Entry> e = new java.util.ArrayList<>(plain.entries());
        TcpTrace.Entry rewritten = e.get(4);
        e.set(4, new TcpTrace.Entry(rewritten.sequence(), rewritten.timeNanos(), rewritten.info(), rewritten.event(), 0, 0, 15_000));
        assertThat(TcpAnalyzer.analyze(plain, true).zeroWindows()).isEmpty();
        TcpAnalysis.ZeroWindow z = TcpAnalyzer.analyze(new TcpTrace(e), true).zeroWindows().getFirst();
        assertThat(z.probeAfterNanos()).containsExactly(210_000_000L);
        assertThat(z.durationNanos()).isEqualTo(-1);
        assertThat(TcpTrace.comment(e.get(e.size() - 2))).isEqualTo("seq=5 event=rewrite window=0 held=15000 conn=1 ack=1");
        // and so it reads back from the trace on disk, where the packet is as it arrived
        java.nio.file.Path file = dir.resolve("trace.pcapng");
        try (org.sonde.capture.CaptureWriter w = org.sonde.capture.CaptureWriter.pcapng(file, TcpTrace.INTERFACES, "test")) {
            List<byte[]> packets = List.of(TcpPackets.ip(true, P, 0, 0, TcpHeader.FLAG_SYN, 0, 0),
                    TcpPackets.ip(false, P, 0, 1, TcpHeader.FLAG_SYN | TcpHeader.FLAG_ACK, 0, 0), TcpPackets.ip(true, P, 1, 1, TcpHeader.FLAG_ACK, 0, 0),
                    TcpPackets.ip(true, P, 1, 1, TcpHeader.FLAG_ACK, TcpPackets.MSS, 2), ack, TcpPackets.ip(true, P, TcpPackets.MSS, 1, TcpHeader.FLAG_ACK, 0, 2));
            for (int i = 0; i < e.size(); i++) {
                byte[] ip = packets.get(i);
                w.write(e.get(i).info().fromClient() ? 0 : 1, e.get(i).timeNanos(), ip, 0, ip.length, ip.length, TcpTrace.comment(e.get(i)));
            }
        }
        TcpTrace reread = TcpTrace.read(file);
        assertThat(reread.entries().get(4).window()).isZero();
        assertThat(reread.entries().get(4).heldNanos()).isEqualTo(15_000);
        assertThat(reread.entries().get(3).heldNanos()).isEqualTo(-1);
        assertThat(reread.entries().get(4).info().window()).isEqualTo(65_535);
        assertThat(TcpAnalyzer.analyze(reread, true).zeroWindows()).hasSize(1);
    }

    @Test
    void dataWaitsForASecondSegmentOrTheTimerAndOutOfOrderDataIsAcknowledgedAtOnce() {
        // two segments acknowledged at once, then a lone one by the 40 ms timer
        TcpPackets paced = new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).data(0.1, P, 2, NONE).ack(0.5, P, 2, 0)
                .data(5, P, 3, NONE).ack(40, P, 3, 0);
        TcpAnalysis.AckPolicy a = analyze(paced, true).acks().getFirst();
        assertThat(a).extracting(TcpAnalysis.AckPolicy::acks, TcpAnalysis.AckPolicy::immediate, TcpAnalysis.AckPolicy::delayed,
                TcpAnalysis.AckPolicy::stretch, TcpAnalysis.AckPolicy::maxDelayNanos).containsExactly(2, 1, 1, 0, 40_000_000L);
        assertThat(a.pass()).as(a.reason()).isTrue();

        // segment 2 lost: 3 and 4 arrive above the hole and are answered at once, the retransmission filling it too
        TcpPackets hole = new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).data(0.1, P, 2, DROP).data(0.1, P, 3, NONE)
                .ack(0.3, P, 1, 0, 3, 3).data(0.1, P, 4, NONE).ack(0.3, P, 1, 0, 3, 4).data(0.1, P, 2, NONE).ack(0.3, P, 4, 0);
        TcpAnalysis.AckPolicy h = analyze(hole, true).acks().getFirst();
        assertThat(h.outOfOrder()).isEqualTo(3);
        assertThat(h.late()).isZero();
        assertThat(h.stretch()).isEqualTo(1);
        assertThat(h.pass()).as(h.reason()).isTrue();

        TcpPackets slow = new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).data(0.1, P, 2, DROP).data(0.1, P, 3, NONE)
                .ack(40, P, 1, 0, 3, 3);
        TcpAnalysis.AckPolicy late = analyze(slow, true).acks().getFirst();
        assertThat(late.late()).isEqualTo(1);
        assertThat(late.pass()).isFalse();
        assertThat(late.reason()).contains("not acknowledged at once", "40.000 ms");

        // the same 40 ms, of which the injector held the segment 30 ms (a busy middle box): answered at once
        TcpPackets busy = new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).data(0.1, P, 2, DROP).data(0.1, P, 3, NONE).held(30)
                .ack(40, P, 1, 0, 3, 3);
        assertThat(analyze(busy, true).acks().getFirst().late()).isZero();

        TcpAnalysis.AckPolicy tardy = analyze(new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).ack(600, P, 1, 0), true).acks().getFirst();
        assertThat(tardy.pass()).isFalse();
        assertThat(tardy.reason()).contains("600.000 ms", "500 ms");
    }

    @Test
    void integrityComparesTheTraceWithBothHostsCounters() {
        TcpPackets t = holeShownBy(3).data(0.05, P, 2, NONE);
        TcpTestConfig test = new TcpTestConfig("t", new TcpTraffic(1, 1, 5000, 0, "cubic"), List.of(), Map.of(), List.of());
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

    @Test
    void rackIsOnUnlessTcpRecoveryTurnsItOffOnAKernelThatStillCan() {
        assertThat(TcpAnalyzer.rack(null, "6.12.48")).isTrue();
        assertThat(TcpAnalyzer.rack("1", "6.12.48")).isTrue();
        assertThat(TcpAnalyzer.rack("0", "6.12.48")).isFalse();
        assertThat(TcpAnalyzer.rack("0", "6.18.44-fc-v782")).isTrue(); // Linux 6.17 removed the other loss detection
        assertThat(TcpAnalyzer.rack("2", "6.12.48")).isFalse(); // bit 0x1 off: only the static reordering window asked for
    }
}
