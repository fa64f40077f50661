package org.sonde.inject.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.sonde.inject.model.InjectedEvent.DROP;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sonde.packet.Psn;
import org.sonde.sim.rdma.Verb;

class CompletionAnalyzerTest {

    static CompletionResult completion(TraceBuilder t) {
        CompletionAnalyzer a = new CompletionAnalyzer(t.metadata());
        t.packets().forEach(a::accept);
        return a.result();
    }

    /** Two 5-packet WRITE messages; the second loses a packet and completes on the ACK after the NAK retransmission. */
    @ParameterizedTest
    @ValueSource(ints = {1001, Psn.MODULUS - 3})
    void writeMessages(int p) {
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, p, 2, 5).step(1_000)
                .at(10_000).data(0, 4).ack(4)                                  // message 0: 10 µs .. 15 µs
                .data(5, 6).data(7, DROP).data(8).nak(7).data(7, 9).ack(9);    // message 1: 16 µs .. 24 µs
        CompletionResult.Qp q = completion(t).qps().getFirst();
        assertThat(q.completed()).isEqualTo(2);
        assertThat(q.completionNanos()).containsExactly(5_000L, 8_000L);
        // 2 × 5 KiB in 14 µs
        assertThat(q.goodputBitsPerSecond()).isCloseTo(2 * 5 * 1024 * 8 / 14e-6, within(1.0));
    }

    @ParameterizedTest
    @ValueSource(ints = {1001, Psn.MODULUS - 3})
    void readMessagesAndAnUnfinishedOne(int p) {
        TraceBuilder t = TraceBuilder.of(Verb.READ, p, 2, 5).step(1_000)
                .at(10_000).readRequest(0, 5).data(0, 4)          // 10 µs .. 15 µs
                .readRequest(5, 5).data(5, 8);                    // never gets P+9
        CompletionResult.Qp q = completion(t).qps().getFirst();
        assertThat(q.completed()).isEqualTo(1);
        assertThat(q.completionNanos()).containsExactly(5_000L, -1L);
    }

    @ParameterizedTest
    @ValueSource(ints = {1001, Psn.MODULUS - 3})
    void noTrafficNoGoodput(int p) {
        CompletionResult.Qp q = completion(TraceBuilder.of(Verb.SEND, p, 1, 5)).qps().getFirst();
        assertThat(q.completed()).isZero();
        assertThat(q.goodputBitsPerSecond()).isZero();
    }
}
