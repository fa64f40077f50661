package org.sonde.inject.testbed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.sonde.inject.Injection;
import org.sonde.inject.config.TestConfigLoader;
import org.sonde.inject.mirror.TraceDecoder;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.TracePacket;

/** Every example runs to a complete, valid trace, and shows what its comment says. */
class ExamplesTest {
    @TempDir
    Path dir;

    static InjectionResultAndTrace run(String example, Path dir) {
        InjectionResult r = Injection.run(TestConfigLoader.load(Path.of("../examples/inject/" + example)),
                SimulatedTestbedTest.NEUTRAL, 1, dir);
        return new InjectionResultAndTrace(r, TraceDecoder.read(r.trace()));
    }

    record InjectionResultAndTrace(InjectionResult result, List<TracePacket> trace) {}

    @ParameterizedTest
    @ValueSource(strings = {"listing2.yaml", "drop-retransmission.yaml", "ecn-tx-depth8.yaml", "read-drop.yaml"})
    void runsCompleteAndValidAndTheNeutralNicPassesEveryCheck(String example) {
        InjectionResult r = run(example, dir).result();
        assertThat(r.integrity().pass()).as(r.integrity().reasons().toString()).isTrue();
        assertThat(r.traffic().complete()).isTrue();
        assertThat(r.analysis().gbn().pass()).as(r.analysis().gbn().reasons().toString()).isTrue();
        assertThat(r.analysis().cnp().pass()).as(r.analysis().cnp().reasons().toString()).isTrue();
        assertThat(r.analysis().counters().pass()).as(r.analysis().counters().reasons().toString()).isTrue();
    }

    @Test
    void dropRetransmissionEndsInATimeout() {
        var run = run("drop-retransmission.yaml", dir);
        assertThat(run.trace()).filteredOn(p -> p.event() == InjectedEvent.DROP).hasSize(2);
        assertThat(run.result().counters().requesterNic()).containsEntry("packet_seq_err", 1L).containsEntry("local_ack_timeout_err", 1L);
    }

    @Test
    void ecnMarksAreAnsweredByPacedCnps() {
        var run = run("ecn-tx-depth8.yaml", dir);
        long marked = run.trace().stream().filter(p -> p.event() == InjectedEvent.ECN).count();
        assertThat(marked).isEqualTo(3 + 64);
        long cnps = run.trace().stream().filter(TracePacket::isCnp).count();
        assertThat(cnps).isPositive().isLessThan(marked);
        assertThat(run.result().counters().responderNic()).containsEntry("np_ecn_marked_roce_packets", marked).containsEntry("np_cnp_sent", cnps);
    }

    @Test
    void readDropIsReRequestedInEveryMessage() {
        var run = run("read-drop.yaml", dir);
        assertThat(run.trace()).filteredOn(p -> p.event() == InjectedEvent.DROP).hasSize(3);
        assertThat(run.result().counters().requesterNic()).containsEntry("implied_nak_seq_err", 3L);
    }
}
