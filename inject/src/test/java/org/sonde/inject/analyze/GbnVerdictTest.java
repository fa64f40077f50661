package org.sonde.inject.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.inject.analyze.GoBackNAnalyzerTest.assertFails;
import static org.sonde.inject.analyze.GoBackNAnalyzerTest.gbn;
import static org.sonde.inject.analyze.GoBackNAnalyzerTest.read;
import static org.sonde.inject.analyze.GoBackNAnalyzerTest.write;
import static org.sonde.inject.model.InjectedEvent.NONE;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sonde.packet.Psn;

/** The go-back-N failure reasons {@link GoBackNAnalyzerTest}'s behaviour tests do not reach. */
class GbnVerdictTest {

    static Stream<Arguments> modesAndPsns() {
        return GoBackNAnalyzerTest.modesAndPsns();
    }

    static Stream<Arguments> psns() {
        return GoBackNAnalyzerTest.psns();
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void receiverJudgesAcksAndNakCodesToo(int p) {
        assertFails(gbn(write(p).data(0, 4).ack(6).data(5, 9).ack(9), GbnMode.STRICT), "acknowledges beyond the last in-order packet received");
        assertFails(gbn(write(p).data(0, 2).data(3, org.sonde.inject.model.InjectedEvent.DROP).data(4).nak(3, 2).data(3, 9).ack(9), GbnMode.STRICT),
                "a lost packet was NAKed with code 2 instead of PSN sequence error (0)");
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void unansweredRnrNak(int p) {
        assertFails(gbn(write(p).data(0, 9).rnrNak(9).ack(9), GbnMode.STRICT), "RNR NAK " + Psn.add(p, 9) + " (P+9) was never answered by a retry");
    }

    /** Data beyond L after everything arrived: the receiver records a loss nothing can repair. */
    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void gapBeyondTheLastPsn(GbnMode mode, int p) {
        GbnResult r = gbn(write(p).data(0, 9).ack(9), mode);
        assertThat(r.pass()).isTrue();
        TraceBuilder t = write(p).data(0, 9).ack(9);
        t.toReceiver(0x07, Psn.add(p, 12), NONE, -1, -1);
        assertFails(gbn(t, mode), "lost PSN " + Psn.add(p, 10) + " (P+10) was never recovered");
    }

    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void readResponderReceivesOnlyRequests(GbnMode mode, int p) {
        TraceBuilder t = read(p).readRequest(0, 10);
        t.toSender(0x07, Psn.add(p, 1), NONE, -1, -1);
        assertFails(gbn(t.data(0, 9), mode), "the READ responder received a data packet that is no READ request (opcode 0x7)");
    }

    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void readResponderSendsOnlyResponses(GbnMode mode, int p) {
        TraceBuilder t = read(p).readRequest(0, 10).data(0, 4);
        t.toReceiver(0x07, Psn.add(p, 5), NONE, -1, -1);
        GbnResult r = gbn(t.data(5, 9), mode);
        assertFails(r, "the READ responder sent a data packet that is no READ response (opcode 0x7)");
        assertFails(r, "the READ requester received a packet that is no READ response (opcode 0x7)");
    }

    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void readRequesterSendsOnlyRequests(GbnMode mode, int p) {
        TraceBuilder t = read(p).readRequest(0, 10).data(0, 9);
        t.toSender(0x11, Psn.add(p, 9), NONE, 0, -1);
        assertFails(gbn(t, mode), "the READ requester sent a packet that is no READ request (opcode 0x11)");
    }

    /** The last request asks for more than was ever answered. */
    @ParameterizedTest(name = "{0} P={1}")
    @MethodSource("modesAndPsns")
    void readRequestBeyondTheLastPsn(GbnMode mode, int p) {
        GbnResult r = gbn(read(p).readRequest(0, 12).data(0, 9), mode);
        assertFails(r, "the last READ request ends at " + Psn.add(p, 11) + " (P+11), not at the last response");
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void strictResponderRejectsARequestOutOfNowhere(int p) {
        TraceBuilder t = read(p).readRequest(0, 5).readRequest(7, 3).data(0, 9);
        assertFails(gbn(t, GbnMode.STRICT), "READ request from " + Psn.add(p, 7) + " (P+7) neither continues after " + Psn.add(p, 4));
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("psns")
    void strictResponderMustServeAReRequest(int p) {
        TraceBuilder t = read(p).readRequest(0, 10).data(0, 9).readRequest(9, 1);
        assertFails(gbn(t, GbnMode.STRICT), "re-request from " + Psn.add(p, 9) + " (P+9) was never served");
    }
}
