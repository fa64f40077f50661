package org.sonde.inject.translate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.config.PacketKind;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.TestConfigLoader;
import org.sonde.inject.model.Endpoint;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TestMetadata;
import org.sonde.sim.rdma.Verb;

/** Anchor behaviours 1–3 and PSN wrap. */
class TranslatorTest {
    static final int REQUESTER_PORT = 132;
    static final int RESPONDER_PORT = 140;

    static TestConfig config(String verb, String extra, String events) {
        return TestConfigLoader.parse("""
                %s
                traffic:
                  rdma-verb: %s
                  num-msgs-per-qp: 2
                  message-size: 10240
                  mtu: 1024
                  data-pkt-events:
                %s
                """.formatted(extra, verb, events), "t.yaml", "t");
    }

    static TestMetadata metadata(Verb verb, int requesterPsn) {
        QpPair qp = new QpPair(0, verb, new Endpoint(0xfe, requesterPsn, 0x0a000001, REQUESTER_PORT),
                new Endpoint(0xea, 3002, 0x0a000002, RESPONDER_PORT));
        return new TestMetadata(List.of(qp), 2, 10240, 1024);
    }

    @Test
    void behaviour1WriteEventCopiedToEveryMessageInLuminaCodeConvention() {
        TestConfig c = config("write", "index-convention: lumina-code", "  - {qpn: 0, psn: 3, type: drop, iter: 1}");
        InjectionPlan plan = Translator.translate(c, metadata(Verb.WRITE, 1001));
        assertThat(plan.entries()).extracting(InjectionEntry::destQp, InjectionEntry::ingressPort, InjectionEntry::psn, InjectionEntry::iteration)
                .containsExactly(tuple(0xea, 132, 1004, 1), tuple(0xea, 132, 1014, 1));
        assertThat(plan.entries()).allSatisfy(e -> assertThat(e.action()).isInstanceOf(EventAction.Drop.class));
        TrackedConnection conn = plan.connections().getFirst();
        assertThat(conn.firstPsn()).isEqualTo(1001);
        assertThat(conn.firstOfMessage(1001)).isTrue();
        assertThat(conn.firstOfMessage(1011)).isTrue();
        assertThat(conn.firstOfMessage(1004)).isFalse();
        assertThat(conn.firstOfMessage(1021)).as("past the last message").isFalse();
    }

    @Test
    void paperConventionNamesOnePacketOfTheConnection() {
        TestConfig c = config("write", "", "  - {qpn: 1, psn: 14, type: ecn}");
        assertThat(Translator.translate(c, metadata(Verb.WRITE, 1001)).entries())
                .extracting(InjectionEntry::destQp, InjectionEntry::psn).containsExactly(tuple(0xea, 1014));
    }

    @Test
    void behaviour2ReadTargetsTheRequesterFromTheResponderPort() {
        TestConfig c = config("read", "index-convention: lumina-code", "  - {qpn: 0, psn: 3, type: drop, iter: 2}");
        InjectionPlan plan = Translator.translate(c, metadata(Verb.READ, 1001));
        assertThat(plan.entries().getFirst()).extracting(InjectionEntry::destQp, InjectionEntry::ingressPort, InjectionEntry::psn, InjectionEntry::iteration)
                .containsExactly(0xfe, RESPONDER_PORT, 1004, 2);
        assertThat(plan.connections().getFirst()).extracting(TrackedConnection::destQp, TrackedConnection::ingressPort)
                .containsExactly(0xfe, RESPONDER_PORT);
    }

    @Test
    void behaviour3AllExpandsToEveryPacket() {
        TestConfig c = TestConfigLoader.parse("""
                index-convention: lumina-code
                traffic: {rdma-verb: write, num-msgs-per-qp: 2, message-size: 3000, mtu: 1024,
                          data-pkt-events: [{qpn: 0, psn: all, type: ecn}]}
                """, "t.yaml", "t");
        TestMetadata m = new TestMetadata(metadata(Verb.WRITE, 1001).qps(), 2, 3000, 1024);
        assertThat(Translator.translate(c, m).entries()).extracting(InjectionEntry::psn).containsExactly(1001, 1002, 1003, 1004, 1005, 1006);
    }

    @Test
    void psnsWrapModulo2To24() {
        TestConfig c = config("write", "", "  - {qpn: 1, psn: all, type: ecn}");
        List<Integer> psns = Translator.translate(c, metadata(Verb.WRITE, 0xFFFFFA)).entries().stream().map(InjectionEntry::psn).toList();
        assertThat(psns).hasSize(20).startsWith(0xFFFFFA, 0xFFFFFB).contains(0xFFFFFF, 0, 1).endsWith(13);
        assertThat(Translator.translate(c, metadata(Verb.WRITE, 0xFFFFFA)).connections().getFirst().firstOfMessage(4)).isTrue();
    }

    @Test
    void controlEventsTargetTheReverseDirection() {
        TestConfig c = TestConfigLoader.parse("""
                traffic: {rdma-verb: write, num-msgs-per-qp: 2, message-size: 10240, mtu: 1024,
                          ctrl-pkt-events: [{packet: nak, qpn: 1, psn: 4, type: drop, iter: 2}, {packet: cnp, qpn: 1, psn: 3, type: drop}]}
                """, "t.yaml", "t");
        assertThat(Translator.translate(c, metadata(Verb.WRITE, 1001)).entries())
                .extracting(InjectionEntry::kind, InjectionEntry::destQp, InjectionEntry::ingressPort, InjectionEntry::psn, InjectionEntry::iteration)
                .containsExactly(tuple(PacketKind.NAK, 0xfe, RESPONDER_PORT, 1004, 2), tuple(PacketKind.CNP, 0xfe, RESPONDER_PORT, 2, 1));
    }

    @Test
    void twoEventsOnOnePacketAndRoundAreRejectedNamingBoth() {
        TestConfig c = config("write", "index-convention: lumina-code",
                "  - {qpn: 0, psn: all, type: ecn}\n  - {qpn: 0, psn: 2, type: drop}");
        assertThatThrownBy(() -> Translator.translate(c, metadata(Verb.WRITE, 1001)))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("traffic.data-pkt-events[1]").hasMessageContaining("traffic.data-pkt-events[0]");
    }
}
