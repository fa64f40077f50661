package org.sonde.inject.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sonde.core.BadInputException;
import org.sonde.inject.analyze.NicModel;
import org.sonde.inject.model.QpPair;
import org.sonde.sim.rdma.Verb;

class CaptureMetadataFileTest {
    /** The QPs of the paper's Figure 2 (requester QPN 0xfe, IPSN 1001; responder QPN 0xea, IPSN 3002). */
    static final String FIGURE_2 = """
            traffic: {num-msgs-per-qp: 2, message-size: 10240, mtu: 1024}
            nic: {requester: cx5, responder: cx6}
            min-retransmit-timeout: 14
            max-retransmit-retry: 7
            qps:
              - verb: write
                requester: {qpn: 0xfe, psn: 1001, ip: 10.0.0.1, switch-port: 132}
                responder: {qpn: 0xea, psn: 3002, ip: 10.0.0.2, switch-port: 133}
            counters:
              switch-ingress: {132: 60, 133: 40}
              mirror-egress: {140: 50, 141: 50}
              requester: {packet_seq_err: 1}
              responder: {out_of_sequence: 1}
            """;

    @TempDir
    Path dir;

    @Test
    void readsTheQpsTheNicsTheTimerAndTheCounters() {
        CaptureMetadata m = CaptureMetadataFile.parse(FIGURE_2, "m.yaml");
        QpPair qp = m.metadata().qps().getFirst();
        assertThat(qp.verb()).isEqualTo(Verb.WRITE);
        assertThat(qp.requester().qpn()).isEqualTo(0xfe);
        assertThat(qp.requester().initialPsn()).isEqualTo(1001);
        assertThat(qp.requester().ip()).isEqualTo(0x0a000001);
        assertThat(qp.responder().switchPort()).isEqualTo(133);
        assertThat(m.metadata().packetsPerMessage()).isEqualTo(10);
        assertThat(m.requesterNic()).isEqualTo(NicModel.CX5);
        assertThat(m.responderNic()).isEqualTo(NicModel.CX6);
        assertThat(m.minRetransmitTimeout()).isEqualTo(14);
        assertThat(m.counters().switchIngress()).containsEntry(132, 60L).containsEntry(133, 40L);
        assertThat(m.counters().requesterNic()).containsEntry("packet_seq_err", 1L);
    }

    @Test
    void whatItWritesItReadsBack() {
        CaptureMetadata m = CaptureMetadataFile.parse(FIGURE_2, "m.yaml");
        Path f = dir.resolve("metadata.yaml");
        CaptureMetadataFile.write(m, f);
        assertThat(CaptureMetadataFile.load(f)).isEqualTo(m);
    }

    @Test
    void countersAndNicsAreOptional() {
        CaptureMetadata m = CaptureMetadataFile.parse("""
                traffic: {message-size: 4096}
                qps: [{verb: read, requester: {qpn: 1, psn: 0, ip: 10.0.0.1}, responder: {qpn: 2, psn: 5, ip: 10.0.0.2}}]
                """, "m.yaml");
        assertThat(m.counters()).isNull();
        assertThat(m.requesterNic()).isEqualTo(NicModel.SPEC);
        assertThat(m.minRetransmitTimeout()).isEqualTo(-1);
        assertThat(m.metadata().mtu()).isEqualTo(1024);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "qpn: 0xfe|qpn: 0x1000000|line 7, qps[0].requester.qpn",
            "ip: 10.0.0.2|ip: 10.0.2|line 8, qps[0].responder.ip",
            "verb: write|verb: atomic|line 6, qps[0].verb",
            "cx6|cx7|line 2, nic.responder",
            "mtu: 1024|mtu: 1500|line 1, traffic.mtu",
            "132: 60|port132: 60|line 10, counters.switch-ingress.port132",
            "max-retransmit-retry: 7|max-retransmit-retry: 8|line 4, max-retransmit-retry",
            "min-retransmit-timeout: 14|min-retransmit-timout: 14|line 3, min-retransmit-timout",
    })
    void badFilesNameTheLineAndTheKey(String from, String to, String where) {
        assertThatThrownBy(() -> CaptureMetadataFile.parse(FIGURE_2.replaceFirst(java.util.regex.Pattern.quote(from), to), "m.yaml"))
                .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.location()).isEqualTo(where));
    }

    @Test
    void qpsAreRequired() {
        assertThatThrownBy(() -> CaptureMetadataFile.parse("traffic: {message-size: 10}\n", "m.yaml"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("qps");
    }

    @Provide
    Arbitrary<String> mutated() {
        Arbitrary<Integer> position = Arbitraries.integers().between(0, FIGURE_2.length() - 1);
        Arbitrary<String> insert = Arbitraries.of("", " ", "\n", ":", "-", "[", "{", "}", "0", "-1", "0x", ".", "\"", "99999999999", "x: 1\n", "\t");
        return Combinators.combine(position, Arbitraries.integers().between(0, 6), insert)
                .as((at, cut, text) -> FIGURE_2.substring(0, at) + text + FIGURE_2.substring(Math.min(FIGURE_2.length(), at + cut)));
    }

    @Property(tries = 300)
    void mutatedFilesFailOnlyWithALocatedBadInput(@ForAll("mutated") String yaml) {
        try {
            assertThat(CaptureMetadataFile.parse(yaml, "m.yaml").metadata().qps()).isNotEmpty();
        } catch (BadInputException e) {
            assertThat(e.getMessage()).startsWith("m.yaml: ");
            assertThat(e.problem()).isNotBlank();
        }
    }
}
