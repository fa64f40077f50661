package org.sonde.inject.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.config.IterTracking;
import org.sonde.inject.config.PacketKind;
import org.sonde.inject.config.TestConfig;
import org.sonde.packet.Psn;
import org.sonde.sim.rdma.Verb;

/** Anchor behaviours 5 and 13 under both ITER semantics, the paper's Figure 3, wrap, and control-packet rounds. */
class InjectionMatcherTest {
    static final int WRITE_ONLY = 0x0a;
    static final int P = 1001;

    static InjectionMatcher matcher(String extra, String events, int firstPsn) {
        TestConfig c = TranslatorTest.config("write", extra, events);
        return new InjectionMatcher(Translator.translate(c, TranslatorTest.metadata(Verb.WRITE, firstPsn)));
    }

    /** Rounds the data packets at offsets {@code offsets} from {@code first} get. */
    static List<Integer> rounds(InjectionMatcher m, int first, int... offsets) {
        List<Integer> r = new ArrayList<>();
        for (int o : offsets) {
            m.decide(TranslatorTest.REQUESTER_PORT, WRITE_ONLY, 0xea, Psn.add(first, o), -1);
            r.add(m.lastIteration());
        }
        return r;
    }

    @Test
    void behaviour5LuminaCodeCountsRoundsPerMessage() {
        InjectionMatcher m = matcher("index-convention: lumina-code", "  - {qpn: 0, psn: 3, type: drop, iter: 2}", P);
        // P+3 dropped, P+4..P+9 go on, then go-back-N resends P+3..P+9, then message 2 starts in order
        assertThat(rounds(m, P, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)).containsOnly(1);
        assertThat(m.decide(TranslatorTest.REQUESTER_PORT, WRITE_ONLY, 0xea, P + 3, -1)).as("first retransmission of P+3").isInstanceOf(EventAction.Drop.class);
        assertThat(m.lastIteration()).isEqualTo(2);
        assertThat(rounds(m, P, 4, 5, 6, 7, 8, 9)).containsOnly(2);
        assertThat(rounds(m, P, 10)).containsExactly(1);
        // the entry for message 2's P+13 is round 2 only: its first transmission passes
        assertThat(m.decide(TranslatorTest.REQUESTER_PORT, WRITE_ONLY, 0xea, P + 11, -1)).isNull();
    }

    @Test
    void behaviour5PaperCountsRoundsPerConnection() {
        InjectionMatcher m = matcher("", "  - {qpn: 1, psn: 4, type: drop, iter: 2}", P);
        assertThat(rounds(m, P, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)).containsOnly(1);
        assertThat(m.decide(TranslatorTest.REQUESTER_PORT, WRITE_ONLY, 0xea, P + 3, -1)).isInstanceOf(EventAction.Drop.class);
        assertThat(rounds(m, P, 4, 5, 6, 7, 8, 9, 10, 11)).as("the round stays up for the rest of the connection").containsOnly(2);
        assertThat(rounds(m, P, 11)).as("a repeated PSN is a new round").containsExactly(3);
    }

    @Test
    void paperFigure3() {
        // IPSN 1: drop PSN 2 in round 1 and PSN 3 in round 2
        InjectionMatcher m = matcher("", "  - {qpn: 1, psn: 2, type: drop, iter: 1}\n  - {qpn: 1, psn: 3, type: drop, iter: 2}", 1);
        List<String> seen = new ArrayList<>();
        for (int psn : new int[] {1, 2, 3, 4, 2, 3, 4, 3, 4}) {
            EventAction a = m.decide(TranslatorTest.REQUESTER_PORT, WRITE_ONLY, 0xea, psn, -1);
            seen.add(psn + "/" + m.lastIteration() + (a == null ? "" : "x"));
        }
        assertThat(seen).containsExactly("1/1", "2/1x", "3/1", "4/1", "2/2", "3/2x", "4/2", "3/3", "4/3");
    }

    @Test
    void behaviour13ForwardGapIncrementsOnlyInLuminaCode() {
        InjectionMatcher code = matcher("index-convention: lumina-code", "  - {qpn: 0, psn: 0, type: ecn}", P);
        assertThat(rounds(code, P, 0, 1, 2, 3, 5, 6)).containsExactly(1, 1, 1, 1, 2, 2);
        InjectionMatcher paper = matcher("", "  - {qpn: 1, psn: 1, type: ecn}", P);
        assertThat(rounds(paper, P, 0, 1, 2, 3, 5, 6)).containsOnly(1);
    }

    @Test
    void roundsAndEntriesWorkAcrossThePsnWrap() {
        int first = 0xFFFFFE;
        InjectionMatcher m = matcher("", "  - {qpn: 1, psn: 4, type: drop, iter: 1}\n  - {qpn: 1, psn: 4, type: ecn, iter: 2}", first);
        assertThat(rounds(m, first, 0, 1, 2)).containsOnly(1); // 0xFFFFFE, 0xFFFFFF, 0: no new round at the wrap
        assertThat(m.decide(TranslatorTest.REQUESTER_PORT, WRITE_ONLY, 0xea, 1, -1)).isInstanceOf(EventAction.Drop.class);
        assertThat(rounds(m, first, 4)).containsExactly(1);
        assertThat(m.decide(TranslatorTest.REQUESTER_PORT, WRITE_ONLY, 0xea, 1, -1)).isInstanceOf(EventAction.MarkEcn.class);
        assertThat(m.lastIteration()).isEqualTo(2);
        IterCounter code = IterCounter.of(IterTracking.LUMINA_CODE, new TrackedConnection(0, 1, 1, 0xFFFFFF, 2, 2));
        assertThat(new int[] {code.round(0xFFFFFF), code.round(0), code.round(1), code.round(2)}).containsExactly(1, 1, 1, 1);
    }

    @Test
    void controlPacketsCountOccurrencesAndCnpsArrivalOrder() {
        TestConfig c = org.sonde.inject.config.TestConfigLoader.parse("""
                traffic: {rdma-verb: write, num-msgs-per-qp: 2, message-size: 10240,
                          ctrl-pkt-events: [{packet: nak, qpn: 1, psn: 4, type: drop, iter: 2}, {packet: cnp, qpn: 1, psn: 2, type: drop},
                                            {packet: ack, qpn: 1, psn: 10, type: delay, delay: 1us}]}
                """, "t.yaml", "t");
        InjectionMatcher m = new InjectionMatcher(Translator.translate(c, TranslatorTest.metadata(Verb.WRITE, P)));
        int nak = 0x60, ack = 0x00, rnr = 0x20, port = TranslatorTest.RESPONDER_PORT;
        assertThat(m.decide(port, 0x11, 0xfe, P + 3, nak)).isNull();
        assertThat(m.lastKind()).isEqualTo(PacketKind.NAK);
        assertThat(m.decide(port, 0x11, 0xfe, P + 3, nak)).isInstanceOf(EventAction.Drop.class);
        assertThat(m.decide(port, 0x11, 0xfe, P + 3, rnr)).isNull();
        assertThat(m.lastKind()).isNull();
        assertThat(m.decide(port, 0x11, 0xfe, P + 9, ack)).isEqualTo(new EventAction.Delay(1000));
        assertThat(m.decide(port, 0x81, 0xfe, 0, -1)).isNull();
        assertThat(m.decide(port, 0x81, 0xfe, 0, -1)).isInstanceOf(EventAction.Drop.class);
        assertThat(m.decide(port, 0x81, 0xfe, 0, -1)).isNull();
        assertThat(InjectionMatcher.classify(0x0c, -1)).isEqualTo(PacketKind.READ_REQUEST);
        assertThat(InjectionMatcher.classify(0x10, -1)).isEqualTo(PacketKind.DATA);
    }
}
