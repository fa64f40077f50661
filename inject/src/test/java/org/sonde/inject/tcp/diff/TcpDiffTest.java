package org.sonde.inject.tcp.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.inject.model.InjectedEvent.DROP;
import static org.sonde.inject.model.InjectedEvent.NONE;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.inject.tcp.TcpPackets;
import org.sonde.inject.tcp.analyze.TcpAnalyzer;
import org.sonde.inject.tcp.diff.TcpDiff.Category;
import org.sonde.inject.tcp.diff.TcpDiff.Difference;
import org.sonde.packet.TcpHeader;

class TcpDiffTest {
    private static final int P = 40_000, Q = 41_000;

    private static TcpDiff.Side side(String label, TcpPackets t) {
        return new TcpDiff.Side(label, t.trace(), TcpAnalyzer.analyze(t.trace(), true), Map.of(1, true), Map.of());
    }

    private static TcpDiff.Result compare(TcpPackets a, TcpPackets b) {
        return TcpDiff.compare(side("linux", a), side("sim-tcp", b), TcpDiff.Tolerance.DEFAULT);
    }

    /** Three segments, each acknowledged; {@code rtt} in milliseconds. */
    private static TcpPackets clean(int port, double rtt) {
        TcpPackets t = new TcpPackets().handshake(port, false, rtt);
        for (int n = 1; n <= 3; n++) t.data(0.01, port, n, NONE);
        for (int n = 1; n <= 3; n++) t.ack(rtt, port, n, 0);
        return t;
    }

    /** Segments 1..5, segment 2 dropped, acknowledgements 1 then {@code holes} SACKs showing the hole, then segment 2 again after {@code afterMillis}. */
    private static TcpPackets lossRecovered(int holes, double afterMillis) {
        TcpPackets t = new TcpPackets().handshake(P, false, 1).data(1, P, 1, NONE).data(0.1, P, 2, DROP);
        for (int n = 3; n <= 5; n++) t.data(0.1, P, n, NONE);
        t.ack(1, P, 1, 0);
        for (int k = 1; k <= holes; k++) t.ack(0.1, P, 1, 0, 3, 2 + k);
        return t.data(afterMillis, P, 2, NONE).ack(1, P, 5, 0);
    }

    @Test
    void theSameTestInTheTestsTermsIsTheSameWhateverThePortsAndTimes() {
        // other ports (so other numbers on the wire) and another round trip: the same packets in the test's terms
        TcpDiff.Result r = compare(clean(P, 1), clean(Q, 1.2));
        assertThat(r.differences()).isEmpty();
        assertThat(r.same()).isTrue();
        assertThat(r.alignments()).singleElement().satisfies(a -> {
            assertThat(a.matched()).isEqualTo(9); // SYN, ACK, 3 segments; SYN-ACK, 3 ACKs
            assertThat(a.client()).allMatch(TcpDiff.Row::matched);
        });
        assertThat(r.counts()).containsOnlyKeys(Category.values()).allSatisfy((c, n) -> assertThat(n).isZero());
    }

    @Test
    void theClientsRecoveryCountersThatBothRunsKeptAreCompared() {
        TcpPackets t = clean(P, 1);
        Map<String, Long> kernel = Map.of("TcpExtTCPTimeouts", 1L, "TcpExtTCPLossUndo", 1L, "TcpExtTCPSlowStartRetrans", 0L,
                "TcpExtTCPPureAcks", 9L, "TcpExtTCPDSACKUndo", 0L);
        Map<String, Long> model = Map.of("TcpExtTCPTimeouts", 1L, "TcpExtTCPLossUndo", 0L, "TcpExtTCPSlowStartRetrans", 1L,
                "TcpExtTCPPureAcks", 12L);
        TcpDiff.Side left = new TcpDiff.Side("linux", t.trace(), TcpAnalyzer.analyze(t.trace(), true), Map.of(1, true), kernel);
        TcpDiff.Side right = new TcpDiff.Side("sim-tcp", t.trace(), TcpAnalyzer.analyze(t.trace(), true), Map.of(1, true), model);
        TcpDiff.Result r = TcpDiff.compare(left, right, TcpDiff.Tolerance.DEFAULT);
        // the pure-ACK count is not a recovery counter, and a counter only one side kept is not compared
        assertThat(r.differences()).extracting(Difference::category, Difference::where, Difference::left, Difference::right).containsExactly(
                org.assertj.core.groups.Tuple.tuple(Category.COUNTERS, "TcpExtTCPSlowStartRetrans", "0", "1"),
                org.assertj.core.groups.Tuple.tuple(Category.COUNTERS, "TcpExtTCPLossUndo", "1", "0"));
        assertThat(r.counts()).containsEntry(Category.COUNTERS, 2L);
        assertThat(TcpDiff.compare(left, left, TcpDiff.Tolerance.DEFAULT).same()).isTrue();
    }

    @Test
    void anAcknowledgementOnlyOneSideSentIsASequenceDifferenceNamingWhereItIs() {
        TcpPackets delayedAcks = new TcpPackets().handshake(P, false, 1);
        for (int n = 1; n <= 3; n++) delayedAcks.data(0.01, P, n, NONE);
        delayedAcks.ack(1, P, 2, 0).ack(1, P, 3, 0); // no ACK of segment 1 alone
        TcpDiff.Result r = compare(clean(P, 1), delayedAcks);
        assertThat(r.same()).isFalse();
        assertThat(r.differences()).singleElement().satisfies(d -> {
            assertThat(d.category()).isEqualTo(Category.SEQUENCE);
            assertThat(d.connection()).isEqualTo(1);
            assertThat(d.where()).isEqualTo("server packets after SYN,ACK");
            assertThat(d.left()).isEqualTo("server ack 1001");
            assertThat(d.right()).isEqualTo("-");
        });
        TcpDiff.Alignment a = r.alignments().getFirst();
        assertThat(a.server().stream().filter(x -> !x.matched())).singleElement().satisfies(x -> assertThat(x.right()).isNull());
    }

    @Test
    void packetsThatDifferInPlaceAreOneStretchWithBothSides() {
        TcpPackets ecn = new TcpPackets().handshake(P, false, 1);
        for (int n = 1; n <= 3; n++) ecn.data(0.01, P, n, NONE);
        ecn.ack(1, P, 1, 0).ack(1, P, 2, TcpHeader.FLAG_ECE).ack(1, P, 3, 0);
        List<Difference> d = compare(clean(P, 1), ecn).differences();
        assertThat(d).singleElement().satisfies(x -> {
            assertThat(x.category()).isEqualTo(Category.SEQUENCE);
            assertThat(x.where()).isEqualTo("server packets after ack 1001");
            assertThat(x.left()).isEqualTo("server ack 2001");
            assertThat(x.right()).isEqualTo("server ack 2001 ECE");
        });
    }

    @Test
    void aLossFoundByDuplicateAcknowledgementsOnOneSideAndByTheTimerOnTheOtherDiffersInKindAndTime() {
        TcpDiff.Result r = compare(lossRecovered(3, 0.05), lossRecovered(0, 250));
        assertThat(r.differences()).extracting(Difference::category).contains(Category.RECOVERY_KIND, Category.TIMING, Category.SEQUENCE)
                .doesNotContain(Category.RECOVERY, Category.OUTCOME);
        Difference kind = r.differences().stream().filter(x -> x.category() == Category.RECOVERY_KIND).findFirst().orElseThrow();
        assertThat(kind.where()).isEqualTo("loss of seg 2 iter 1");
        assertThat(kind.left()).isEqualTo("fast-retransmit after 1.650 ms"); // from the lost transmission: 3 segments, an ACK 1 ms on, 3 SACKs, 0.05 ms
        assertThat(kind.right()).isEqualTo("rto after 251.300 ms");
        Difference time = r.differences().stream().filter(x -> x.category() == Category.TIMING).findFirst().orElseThrow();
        assertThat(time.where()).isEqualTo("loss of seg 2 iter 1 (latency)");
        // the three SACKs are the stretch only the left has; segment 2 sent again aligns on both
        assertThat(r.differences().stream().filter(x -> x.category() == Category.SEQUENCE))
                .singleElement().satisfies(x -> assertThat(x.left()).isEqualTo("server ack 1001 sack, server ack 1001 sack, server ack 1001 sack"));
        assertThat(r.alignments().getFirst().client()).allMatch(TcpDiff.Row::matched);
    }

    @Test
    void aRecoveryWithinTheToleranceIsNoTimingDifference() {
        TcpDiff.Result r = compare(lossRecovered(3, 0.05), lossRecovered(3, 2));
        assertThat(r.differences()).isEmpty();
        TcpDiff.Result strict = TcpDiff.compare(side("a", lossRecovered(3, 0.05)), side("b", lossRecovered(3, 2)), new TcpDiff.Tolerance(100_000, 0.1));
        assertThat(strict.differences()).extracting(Difference::category).containsExactly(Category.TIMING);
    }

    @Test
    void aLossOnlyOneSideHadIsARecoveryDifferenceAndADeliveryFailureAnOutcome() {
        TcpPackets lost = lossRecovered(3, 0.05);
        TcpDiff.Side left = side("linux", clean(P, 1));
        TcpDiff.Side right = new TcpDiff.Side("sim-tcp", lost.trace(), TcpAnalyzer.analyze(lost.trace(), true), Map.of(1, false), Map.of());
        List<Difference> d = TcpDiff.compare(left, right, TcpDiff.Tolerance.DEFAULT).differences();
        assertThat(d).filteredOn(x -> x.category() == Category.RECOVERY).singleElement()
                .satisfies(x -> assertThat(x.left()).isEqualTo("not lost"));
        assertThat(d).filteredOn(x -> x.category() == Category.OUTCOME).singleElement()
                .satisfies(x -> assertThat(x.right()).isEqualTo("not delivered"));
    }

    @Test
    void toleranceIsAbsoluteOrRelative() {
        TcpDiff.Tolerance t = new TcpDiff.Tolerance(5_000_000, 0.25);
        assertThat(t.agree(1_000_000, 5_900_000)).isTrue();
        assertThat(t.agree(100_000_000, 124_000_000)).isTrue();
        assertThat(t.agree(100_000_000, 140_000_000)).isFalse();
        assertThat(t.agree(1_000_000, 7_000_000)).isFalse();
    }
}
