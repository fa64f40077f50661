package org.sonde.inject.mirror;

import org.sonde.inject.model.IntegrityResult;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.RunCounters;
import org.sonde.inject.model.TracePacket;

/** Anchor behaviours 8 and 9. */
class IntegrityCheckTest {
    static final int REQUESTER = 0x0a000001;
    static final int RESPONDER = 0x0a000002;
    static final RunCounters COUNTERS = counters(60, 40, 50, 50);

    static RunCounters counters(long in1, long in2, long out1, long out2) {
        return new RunCounters(Map.of(0, in1, 1, in2), Map.of(2, out1, 3, out2), Map.of(), Map.of());
    }

    static TracePacket packet(long seq, long ts, int src) {
        return new TracePacket(seq, ts, InjectedEvent.NONE, src, src == REQUESTER ? RESPONDER : REQUESTER, 0x0a, 0xea, (int) seq, false, true, 2, -1, -1, -1, 1024, 1090);
    }

    /** 100 packets, sequence 7..106, alternating directions every 10 packets, 100 ns apart. */
    static List<TracePacket> trace() {
        List<TracePacket> t = new ArrayList<>();
        for (int i = 0; i < 100; i++) t.add(packet(7 + i, 1_000 + 100L * i, (i / 10) % 2 == 0 ? REQUESTER : RESPONDER));
        return t;
    }

    @Test
    void behaviour8CompleteTracePasses() {
        IntegrityResult r = IntegrityCheck.check(trace(), COUNTERS);
        assertThat(r.pass()).isTrue();
        assertThat(r.tracePackets()).isEqualTo(100);
        assertThat(r.reasons()).isEmpty();
    }

    @Test
    void behaviour9MissingSequenceNumber() {
        List<TracePacket> t = trace();
        t.remove(40);
        IntegrityResult r = IntegrityCheck.check(t, counters(60, 39, 50, 49));
        assertThat(r.pass()).isFalse();
        assertThat(r.reasons()).singleElement().asString().contains("after 46 comes 48");
    }

    @Test
    void behaviour9CounterMismatches() {
        assertThat(IntegrityCheck.check(trace(), counters(61, 40, 50, 50)).reasons()).singleElement().asString().contains("received 101");
        assertThat(IntegrityCheck.check(trace(), counters(60, 41, 50, 51)).reasons()).singleElement().asString()
                .contains("mirrored 101 packets but the trace has 100");
    }

    @Test
    void behaviour9CrossDirectionRegressionBeyond50Ns() {
        List<TracePacket> t = trace();
        // packet 11 (responder) 50 ns before packet 10 (requester): tolerated; 51 ns: not
        t.set(10, packet(17, t.get(9).timestampNanos() - 50, RESPONDER));
        assertThat(IntegrityCheck.check(t, COUNTERS).pass()).isTrue();
        t.set(10, packet(17, t.get(9).timestampNanos() - 51, RESPONDER));
        IntegrityResult r = IntegrityCheck.check(t, COUNTERS);
        assertThat(r.pass()).isFalse();
        assertThat(r.reasons()).singleElement().asString().contains("more than 50 ns");
    }

    @Test
    void behaviour9SameDirectionRegressionOf1Ns() {
        List<TracePacket> t = trace();
        t.set(5, packet(12, t.get(4).timestampNanos(), REQUESTER));
        assertThat(IntegrityCheck.check(t, COUNTERS).pass()).as("equal timestamps pass").isTrue();
        t.set(5, packet(12, t.get(4).timestampNanos() - 1, REQUESTER));
        IntegrityResult r = IntegrityCheck.check(t, COUNTERS);
        assertThat(r.pass()).isFalse();
        assertThat(r.reasons()).singleElement().asString().contains("same direction").contains("10.0.0.1");
    }

    @Test
    void duplicatedSequenceNumberIsABreak() {
        List<TracePacket> t = trace();
        t.set(3, packet(9, t.get(3).timestampNanos(), REQUESTER));
        assertThat(IntegrityCheck.check(t, COUNTERS).reasons()).anySatisfy(s -> assertThat(s).contains("sequence 9 twice"));
    }
}
