package org.sonde.inject.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.inject.model.InjectedEvent.CORRUPT;
import static org.sonde.inject.model.InjectedEvent.DROP;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sonde.packet.Psn;
import org.sonde.sim.rdma.Verb;

/**
 * Go-back-N verdicts on hand-built traces: the anchor's behaviours 10, 11, 12, 14, 15 and 16 in both
 * modes, then every verdict where the modes differ. Each case runs at P = 1001 and at
 * P = 2^24 − 3, where the PSNs of one message wrap.
 */
class GoBackNAnalyzerTest {
    static final int WRAPPING = Psn.MODULUS - 3;

    static Stream<Arguments> modesAndPsns() {
        return Stream.of(GbnMode.values()).flatMap(m -> Stream.of(Arguments.of(m, 1001), Arguments.of(m, WRAPPING)));
    }

    static Stream<Arguments> psns() {
        return Stream.of(Arguments.of(1001), Arguments.of(WRAPPING));
    }

    static GbnResult gbn(TraceBuilder t, GbnOptions options) {
        GoBackNAnalyzer a = new GoBackNAnalyzer(t.metadata(), options);
        t.packets().forEach(a::accept);
        return a.result();
    }

    static GbnResult gbn(TraceBuilder t, GbnMode mode) {
        return gbn(t, new GbnOptions(mode, -1, -1));
    }

    static TraceBuilder write(int p) {
        return TraceBuilder.of(Verb.WRITE, p, 1, 10);
    }

    static void assertFails(GbnResult r, String fragment) {
        assertThat(r.pass()).as("verdict").isFalse();
        assertThat(r.reasons()).as("reasons").anySatisfy(x -> assertThat(x.what()).contains(fragment));
    }

    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void lossFreeWritePasses(GbnMode mode, int p) {
        GbnResult r = gbn(write(p).data(0, 9).ack(4).ack(9), mode);
        assertThat(r.reasons()).isEmpty();
        assertThat(r.pass()).isTrue();
        assertThat(r.qps().getFirst().nakRetransmissions()).isZero();
    }

    /** Behaviour 10: P+3 dropped, NAK(P+3) after P+4, resend from P+3, ACK P+9. */
    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void nakRetransmissionPasses(GbnMode mode, int p) {
        GbnResult r = gbn(write(p).data(0, 2).data(3, DROP).data(4).data(5).ack(2).nak(3).data(3, 9).ack(9), mode);
        assertThat(r.reasons()).isEmpty();
        assertThat(r.pass()).isTrue();
        assertThat(r.qps().getFirst().nakRetransmissions()).isEqualTo(1);
        assertThat(r.qps().getFirst().timeoutRetransmissions()).isZero();
        assertThat(r.qps().getFirst().outOfSequence()).isEqualTo(1);
        assertThat(r.qps().getFirst().duplicates()).isZero();
    }

    /** Behaviour 11: a NAK for a PSN that was not the one lost. */
    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void nakOfWrongPsnFails(GbnMode mode, int p) {
        GbnResult r = gbn(write(p).data(0, 2).data(3, DROP).data(4).data(5).nak(4).data(4, 9).ack(9), mode);
        assertFails(r, "NAK names " + Psn.add(p, 4) + " (P+4) but the first lost PSN is " + Psn.add(p, 3));
        assertThat(r.reasons().getFirst().sequence()).isEqualTo(13);
    }

    /** Behaviour 11: two NAKs before the retransmission. */
    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void twoNaksInFlightFail(GbnMode mode, int p) {
        GbnResult r = gbn(write(p).data(0, 2).data(3, DROP).data(4).nak(3).data(5).nak(3).data(3, 9).ack(9), mode);
        assertFails(r, "more than one NAK in flight");
    }

    /** Behaviour 12: the sender restarts from P+2 while NAK(P+3) is pending. */
    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void earlyRestartFails(GbnMode mode, int p) {
        GbnResult r = gbn(write(p).data(0, 2).data(3, DROP).data(4).nak(3).data(2, 9).ack(9), mode);
        assertFails(r, "sent " + Psn.add(p, 2) + " (P+2) after " + Psn.add(p, 4) + " (P+4)");
    }

    /** Behaviour 14: the last packet is dropped, nothing follows it, the sender times out. */
    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void tailLossTimeoutPasses(GbnMode mode, int p) {
        GbnResult r = gbn(write(p).data(0, 8).data(9, DROP).ack(8).at(1_000_000).data(9).ack(9), mode);
        assertThat(r.reasons()).isEmpty();
        assertThat(r.pass()).isTrue();
        assertThat(r.qps().getFirst().timeoutRetransmissions()).isEqualTo(1);
        assertThat(r.qps().getFirst().nakRetransmissions()).isZero();
    }

    /** Behaviour 15: an ACK going back. */
    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void ackRegressionFails(GbnMode mode, int p) {
        GbnResult r = gbn(write(p).data(0, 9).ack(6).ack(5).ack(9), mode);
        assertFails(r, "ACK " + Psn.add(p, 5) + " (P+5) goes back from ACK " + Psn.add(p, 6) + " (P+6)");
    }

    /** Behaviour 15: no ACK of the last PSN. */
    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void missingFinalAckFails(GbnMode mode, int p) {
        GbnResult r = gbn(write(p).data(0, 9).ack(8), mode);
        assertFails(r, "expected an ACK of the last PSN " + Psn.add(p, 9));
        assertThat(r.reasons().getFirst().sequence()).isEqualTo(-1);
    }

    static TraceBuilder read(int p) {
        return TraceBuilder.of(Verb.READ, p, 1, 10);
    }

    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void lossFreeReadPasses(GbnMode mode, int p) {
        GbnResult r = gbn(read(p).readRequest(0, 10).data(0, 9), mode);
        assertThat(r.reasons()).isEmpty();
        assertThat(r.pass()).isTrue();
    }

    /** Behaviour 16: response P+3 dropped, re-request from P+3 with the same end: tagged out-of-sequence. */
    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void readReRequestPasses(GbnMode mode, int p) {
        GbnResult r = gbn(read(p).readRequest(0, 10).data(0, 2).data(3, DROP).data(4, 6).readRequest(3, 7).data(7).data(3, 9), mode);
        assertThat(r.reasons()).isEmpty();
        assertThat(r.pass()).isTrue();
        assertThat(r.qps().getFirst().outOfSequence()).isEqualTo(1);
        assertThat(r.qps().getFirst().timeoutRetransmissions()).isZero();
    }

    /** Behaviour 16: a re-request from P+2 when P+3 is the first missing response. */
    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void readReRequestFromWrongPsnFails(GbnMode mode, int p) {
        GbnResult r = gbn(read(p).readRequest(0, 10).data(0, 2).data(3, DROP).data(4, 6).readRequest(2, 8).data(2, 9), mode);
        assertFails(r, "a READ restarts at the first missing response " + Psn.add(p, 3));
    }

    /** Behaviour 16: a duplicate response. Lumina fails it at the requester; strict at the responder, which sent it unasked. */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void duplicateReadResponseFails(int p) {
        TraceBuilder t = read(p).readRequest(0, 10).data(0, 4).data(4).data(5, 9);
        assertFails(gbn(t, GbnMode.PERMISSIVE), "duplicate READ response " + Psn.add(p, 4));
        assertFails(gbn(t, GbnMode.STRICT), "READ response " + Psn.add(p, 4) + " (P+4) was not asked for");
    }

    /** A duplicate WRITE packet: Lumina ignores it, strict fails it at the sender, which resent it with no reason. */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void duplicateWritePacket(int p) {
        TraceBuilder t = write(p).data(0, 4).data(4).data(5, 9).ack(9);
        GbnResult permissive = gbn(t, GbnMode.PERMISSIVE);
        assertThat(permissive.pass()).isTrue();
        assertThat(permissive.qps().getFirst().duplicates()).isEqualTo(1);
        assertThat(permissive.qps().getFirst().timeoutRetransmissions()).as("Lumina calls it a timeout").isEqualTo(1);
        assertFails(gbn(t, GbnMode.STRICT), "a timeout retransmission from the first unacknowledged " + p);
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void readTimeoutReRequest(int p) {
        TraceBuilder t = read(p).readRequest(0, 10).data(0, 8).data(9, DROP).at(2_000_000).readRequest(9, 1).data(9);
        for (GbnMode mode : GbnMode.values()) {
            GbnResult r = gbn(t, mode);
            assertThat(r.reasons()).as(mode.name()).isEmpty();
            assertThat(r.qps().getFirst().timeoutRetransmissions()).as(mode.name()).isEqualTo(1);
        }
        // 4.096 µs · 2^9 = 2.1 ms > the 2 ms the requester waited
        assertFails(gbn(t, GbnOptions.strict().withTimer(9, 7)), "earlier than the minimum retransmit timeout of 2.097152ms");
        assertThat(gbn(t, GbnOptions.strict().withTimer(8, 7)).pass()).isTrue();
    }

    /** Strict: the responder must NAK an out-of-sequence packet; Lumina accepts the timeout that repairs it. */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void missingNak(int p) {
        TraceBuilder t = write(p).data(0, 2).data(3, DROP).data(4, 9).ack(2).at(1_000_000).data(3, 9).ack(9);
        GbnResult permissive = gbn(t, GbnMode.PERMISSIVE);
        assertThat(permissive.pass()).isTrue();
        assertThat(permissive.qps().getFirst().timeoutRetransmissions()).isEqualTo(1);
        assertFails(gbn(t, GbnMode.STRICT), "the responder never NAKed the out-of-sequence packets after losing " + Psn.add(p, 3));
    }

    /** Strict: only a PSN sequence error NAK answers a loss. */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void nakCode(int p) {
        TraceBuilder t = write(p).data(0, 2).data(3, DROP).data(4).nak(3, 1).data(3, 9).ack(9);
        assertThat(gbn(t, GbnMode.PERMISSIVE).pass()).isTrue();
        assertFails(gbn(t, GbnMode.STRICT), "NAK code 1");
    }

    /** Strict with a known timer: a NAK-less retransmission must wait for the timeout and respect retry_cnt. */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void timeoutTimer(int p) {
        TraceBuilder early = write(p).data(0, 8).data(9, DROP).ack(8).at(10_000).data(9).ack(9);
        assertThat(gbn(early, GbnOptions.permissive().withTimer(14, 7)).pass()).as("Lumina checks no timer").isTrue();
        assertThat(gbn(early, GbnOptions.strict()).pass()).as("timer unknown").isTrue();
        assertFails(gbn(early, GbnOptions.strict().withTimer(14, 7)), "ms after the last transmission or ACK progress, earlier than the minimum retransmit timeout of 67.108864ms");

        TraceBuilder retried = write(p).data(0, 8).data(9, DROP).ack(8).at(100_000).data(9, DROP).at(200_000).data(9, DROP).at(300_000).data(9).ack(9);
        assertThat(gbn(retried, GbnOptions.strict().withTimer(3, 3)).pass()).isTrue();
        assertFails(gbn(retried, GbnOptions.strict().withTimer(3, 2)), "timeout retry 3 without progress, more than retry_cnt 2");
    }

    /** Strict: a timeout retransmission goes back to the first unacknowledged PSN, not just the lost one. */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void timeoutWithoutAckMustRestartAtP(int p) {
        TraceBuilder t = write(p).data(0, 8).data(9, DROP).at(1_000_000).data(9).ack(9);
        assertThat(gbn(t, GbnMode.PERMISSIVE).pass()).isTrue();
        assertFails(gbn(t, GbnMode.STRICT), "first unacknowledged " + p + " (P+0)");
    }

    /** Strict: an RNR NAK makes the sender retry from the refused PSN; Lumina ignores RNR and calls the retry a timeout. */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void rnrNak(int p) {
        TraceBuilder t = write(p).data(0, 4).rnrNak(4).data(5).at(500_000).data(4, 9).ack(9);
        GbnResult strict = gbn(t, GbnMode.STRICT);
        assertThat(strict.reasons()).isEmpty();
        assertThat(strict.qps().getFirst().rnrRetransmissions()).isEqualTo(1);
        assertThat(strict.qps().getFirst().timeoutRetransmissions()).isZero();
        GbnResult permissive = gbn(t, GbnMode.PERMISSIVE);
        assertThat(permissive.pass()).isTrue();
        assertThat(permissive.qps().getFirst().timeoutRetransmissions()).isEqualTo(1);
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void ackOfUnsentPsn(int p) {
        TraceBuilder t = write(p).data(0, 4).ack(6).data(5, 9).ack(9);
        assertThat(gbn(t, GbnMode.PERMISSIVE).pass()).isTrue();
        assertFails(gbn(t, GbnMode.STRICT), "acknowledges a PSN never sent");
    }

    /** A delayed ACK of everything may arrive after a spurious timeout went back: strict accepts it; Lumina wants L sent last. */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void ackAfterGoingBack(int p) {
        TraceBuilder t = write(p).data(0, 9).at(1_000_000).data(0).ack(9);
        assertThat(gbn(t, GbnMode.STRICT).reasons()).isEmpty();
        assertFails(gbn(t, GbnMode.PERMISSIVE), "the sender's last data packet was " + p + " (P+0)");
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void firstPacketWithoutInitialPsn(int p) {
        TraceBuilder t = write(p).data(1).data(0, 9).ack(9);
        assertThat(gbn(t, GbnMode.PERMISSIVE).pass()).as("Lumina waits for P").isTrue();
        assertFails(gbn(t, GbnMode.STRICT), "the first data packet carries " + Psn.add(p, 1));
    }

    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void noTrafficFails(GbnMode mode, int p) {
        assertFails(gbn(write(p), mode), "no data packet with the initial PSN " + p);
    }

    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void controlPacketFromSenderFails(GbnMode mode, int p) {
        TraceBuilder t = write(p).data(0, 4);
        t.toReceiver(0x11, Psn.add(p, 4), org.sonde.inject.model.InjectedEvent.NONE, 0, -1);
        assertFails(gbn(t.data(5, 9).ack(9), mode), "the data sender sent a non-data packet (opcode 0x11)");
    }

    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void dataFromReceiverFails(GbnMode mode, int p) {
        TraceBuilder t = write(p).data(0, 9);
        t.toSender(0x07, Psn.add(p, 2), org.sonde.inject.model.InjectedEvent.NONE, -1, -1);
        assertFails(gbn(t.ack(9), mode), "the data receiver sent a data packet");
    }

    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void unansweredNakFails(GbnMode mode, int p) {
        GbnResult r = gbn(write(p).data(0, 2).data(3, DROP).data(4).nak(3).data(5, 9).ack(9), mode);
        assertFails(r, "NAK " + Psn.add(p, 3) + " (P+3) was never answered by a retransmission");
    }

    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void unrecoveredLossFails(GbnMode mode, int p) {
        GbnResult r = gbn(write(p).data(0, 2).data(3, CORRUPT).data(4, 9).ack(2).nak(3), mode);
        assertFails(r, "the receiver got data in order up to " + Psn.add(p, 2));
        assertThat(r.qps().getFirst().corruptDataPackets()).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void readIncompleteFails(GbnMode mode, int p) {
        assertFails(gbn(read(p).readRequest(0, 10).data(0, 8), mode), "expected the last PSN " + Psn.add(p, 9));
    }

    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void readResponseBeforeRequestFails(GbnMode mode, int p) {
        TraceBuilder lost = read(p);
        lost.toSender(0x0c, Psn.add(p, 0), DROP, -1, 10L * TraceBuilder.MTU);
        assertFails(gbn(lost.data(0, 9), mode), "before any READ request reached the responder");
    }

    /** Strict: READ requests follow each other, several may be outstanding, and a response stays within what was asked. */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void strictReadRequestRange(int p) {
        TraceBuilder multi = TraceBuilder.of(Verb.READ, p, 2, 5).readRequest(0, 5).readRequest(5, 5).data(0, 9);
        assertThat(gbn(multi, GbnMode.STRICT).pass()).as("two outstanding READs").isTrue();
        assertFails(gbn(multi, GbnMode.PERMISSIVE), "READ response " + p + " (P+0) was not asked for"); // Lumina assumes one outstanding READ

        TraceBuilder gap = TraceBuilder.of(Verb.READ, p, 2, 5).readRequest(0, 5).readRequest(6, 4).data(0, 4).data(6, 9);
        assertFails(gbn(gap, GbnMode.STRICT), "the next request should start at " + Psn.add(p, 5));

        TraceBuilder beyond = TraceBuilder.of(Verb.READ, p, 2, 5).readRequest(0, 5).data(0, 5).readRequest(5, 5).data(6, 9);
        assertFails(gbn(beyond, GbnMode.STRICT), "within the requested PSNs up to " + Psn.add(p, 4));
    }

    @Test
    void sendBehavesAsWrite() {
        TraceBuilder t = TraceBuilder.of(Verb.SEND, 5, 2, 5).data(0, 2).data(3, DROP).data(4).nak(3).data(3, 9).ack(9);
        assertThat(gbn(t, GbnMode.STRICT).pass()).isTrue();
        assertThat(gbn(t, GbnMode.STRICT).qps().getFirst().nakRetransmissions()).isEqualTo(1);
    }
}
