package org.sonde.inject.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.inject.model.InjectedEvent.CORRUPT;
import static org.sonde.inject.model.InjectedEvent.DROP;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sonde.packet.Psn;
import org.sonde.sim.rdma.Verb;

class RetransmissionLatencyAnalyzerTest {

    static LatencyResult latency(TraceBuilder t) {
        RetransmissionLatencyAnalyzer a = new RetransmissionLatencyAnalyzer(t.metadata());
        t.packets().forEach(a::accept);
        return a.result();
    }

    /** Behaviour 18: lost at 10 µs, next delivered at 11, NAK at 13, retransmission at 16. */
    @ParameterizedTest
    @ValueSource(ints = {1001, Psn.MODULUS - 3})
    void nakBreakdown(int p) {
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, p, 1, 10).data(0, 2)
                .at(10_000).data(3, DROP).at(11_000).data(4).at(13_000).nak(3).at(16_000).data(3, 9).ack(9);
        LatencyResult r = latency(t);
        assertThat(r.losses()).singleElement().satisfies(l -> {
            assertThat(l.recovery()).isEqualTo(Recovery.NAK);
            assertThat(l.psn()).isEqualTo(Psn.add(p, 3));
            assertThat(l.nakGenerationNanos()).isEqualTo(2_000);
            assertThat(l.nakReactionNanos()).isEqualTo(3_000);
            assertThat(l.retransmissionNanos()).isEqualTo(6_000);
        });
        assertThat(r.nakGeneration()).containsExactly(2_000);
        assertThat(r.nakReaction()).containsExactly(3_000);
        assertThat(r.timeouts()).isEmpty();
    }

    /** Behaviour 14: tail loss; no NAK, so the retransmission is a timeout measured from the last transmission. */
    @ParameterizedTest
    @ValueSource(ints = {1001, Psn.MODULUS - 3})
    void tailLossIsTimeout(int p) {
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, p, 1, 10).data(0, 8).at(20_000).data(9, DROP).ack(8).at(520_000).data(9).ack(9);
        LatencyResult r = latency(t);
        assertThat(r.losses()).singleElement().satisfies(l -> {
            assertThat(l.recovery()).isEqualTo(Recovery.TIMEOUT);
            assertThat(l.timeoutNanos()).isEqualTo(500_000);
            assertThat(l.nakGenerationNanos()).isEqualTo(-1);
        });
        assertThat(r.timeouts()).containsExactly(500_000);
    }

    /** Where Lumina crashes: a NAK with no delivered packet between the loss and it. Generation is unmeasurable, reaction is not. */
    @ParameterizedTest
    @ValueSource(ints = {1001, Psn.MODULUS - 3})
    void nakWithoutDeliveredPacket(int p) {
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, p, 1, 10).data(0, 2).at(10_000).data(3, DROP).data(4, CORRUPT)
                .at(12_000).nak(3).at(15_000).data(3, 9).ack(9);
        LatencyResult r = latency(t);
        assertThat(r.losses()).hasSize(2);
        assertThat(r.losses().getFirst().recovery()).isEqualTo(Recovery.NAK);
        assertThat(r.losses().getFirst().nakGenerationNanos()).isEqualTo(-1);
        assertThat(r.nakGeneration()).isEmpty();
        assertThat(r.nakReaction()).containsExactly(3_000);
        assertThat(r.losses().get(1).recovery()).as("P+4 is resent because the sender went back to P+3").isEqualTo(Recovery.GO_BACK_N);
    }

    @ParameterizedTest
    @ValueSource(ints = {1001, Psn.MODULUS - 3})
    void readOutOfSequenceAndTimeout(int p) {
        TraceBuilder t = TraceBuilder.of(Verb.READ, p, 1, 10).readRequest(0, 10).data(0, 2)
                .at(10_000).data(3, DROP).at(11_000).data(4).at(14_000).readRequest(3, 7).at(15_000).data(3, 8)
                .at(30_000).data(9, DROP).at(530_000).readRequest(9, 1).at(531_000).data(9);
        LatencyResult r = latency(t);
        assertThat(r.losses()).hasSize(2);
        assertThat(r.losses().getFirst().recovery()).isEqualTo(Recovery.NAK);
        assertThat(r.nakGeneration()).containsExactly(3_000);
        assertThat(r.nakReaction()).containsExactly(1_000);
        assertThat(r.losses().get(1).recovery()).isEqualTo(Recovery.TIMEOUT);
        assertThat(r.timeouts()).containsExactly(500_000);
    }

    @ParameterizedTest
    @ValueSource(ints = {1001, Psn.MODULUS - 3})
    void unrecoveredLoss(int p) {
        LatencyResult r = latency(TraceBuilder.of(Verb.WRITE, p, 1, 10).data(0, 8).data(9, DROP));
        assertThat(r.losses()).singleElement().satisfies(l -> assertThat(l.recovery()).isEqualTo(Recovery.UNRECOVERED));
        assertThat(r.count(Recovery.UNRECOVERED)).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(ints = {1001, Psn.MODULUS - 3})
    void droppedNakLeavesATimeout(int p) {
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, p, 1, 10).data(0, 2).data(3, DROP).data(4, 9);
        t.toSender(0x11, Psn.add(p, 3), DROP, 0x60, -1);
        LatencyResult r = latency(t.at(400_000).data(3, 9).ack(9));
        assertThat(r.losses().getFirst().recovery()).isEqualTo(Recovery.TIMEOUT);
    }
}
