package org.sonde.inject.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.inject.model.InjectedEvent.DROP;
import static org.sonde.inject.model.InjectedEvent.ECN;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.IntegrityResult;
import org.sonde.inject.model.RunCounters;
import org.sonde.inject.model.TracePacket;
import org.sonde.sim.rdma.Verb;

class TraceAnalyzerTest {

    static final AnalysisOptions CX5 = AnalysisOptions.strict(NicModel.CX5, NicModel.CX5, true, false);

    /** Behaviour 10 with an ECN mark answered by a CNP, through the facade. */
    static TraceBuilder trace() {
        return TraceBuilder.of(Verb.WRITE, 1001, 1, 10).at(10_000).data(0, 2).data(3, DROP).data(4, ECN).cnp().nak(3).data(3, 9).ack(9);
    }

    @Test
    void analysisJsonHasTheAgreedShape() {
        TraceBuilder t = trace();
        RunCounters counters = new RunCounters(Map.of(), Map.of(),
                Map.of("packet_seq_err", 1L, "local_ack_timeout_err", 0L, "rp_cnp_handled", 1L, "rp_cnp_ignored", 0L),
                Map.of("out_of_sequence", 1L, "rx_icrc_encapsulated", 0L, "np_cnp_sent", 1L, "np_ecn_marked_roce_packets", 1L));
        Analysis a = TraceAnalyzer.analyze(t.packets(), t.metadata(), CX5, new IntegrityResult(true, 0, List.of()), counters);
        assertThat(a.pass()).isTrue();

        ObjectNode json = AnalysisJson.toJson(a);
        assertThat(json.get("pass").asBoolean()).isTrue();
        assertThat(json.get("integrity").get("pass").asBoolean()).isTrue();
        assertThat(json.get("gbn").get("pass").asBoolean()).isTrue();
        assertThat(json.get("gbn").get("reasons").isArray()).isTrue();
        JsonNode latency = json.get("latency");
        assertThat(latency.get("nackGeneration").get(0).asLong()).isEqualTo(200); // next delivered P+4 at 10.4 µs, NAK at 10.6 µs
        assertThat(latency.get("nackReaction").get(0).asLong()).isEqualTo(100);
        assertThat(latency.get("timeouts").isEmpty()).isTrue();
        assertThat(json.get("cnp").get("pass").asBoolean()).isTrue();
        assertThat(json.get("cnp").get("scopes").get("PER_PORT").get("expected").asLong()).isEqualTo(1);
        assertThat(json.get("counters").get("pass").asBoolean()).isTrue();
        assertThat(json.get("completion").get("qps").get(0).get("completed").asInt()).isEqualTo(1);
        assertThat(json.toString()).as("deterministic").isEqualTo(AnalysisJson.toJson(
                TraceAnalyzer.analyze(t.packets(), t.metadata(), CX5, new IntegrityResult(true, 0, List.of()), counters)).toString());
    }

    @Test
    void failuresReachTheJson() {
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, 1001, 1, 10).data(0, 2).data(3, DROP).data(4).nak(4).data(4, 9).ack(9);
        Analysis a = TraceAnalyzer.analyze(t.packets(), t.metadata(), CX5, new IntegrityResult(false, 0, List.of("sequence gap at 9")), null);
        assertThat(a.pass()).isFalse();
        ObjectNode json = AnalysisJson.toJson(a);
        assertThat(json.get("integrity").get("reasons").get(0).asText()).isEqualTo("sequence gap at 9");
        assertThat(json.get("gbn").get("pass").asBoolean()).isFalse();
        assertThat(json.get("gbn").get("reasons").get(0).asText()).isEqualTo(
                "QP 0, packet 12 PSN 1005: NAK names 1005 (P+4) but the first lost PSN is 1004 (P+3)");
        assertThat(json.has("counters")).isFalse();
    }

    @Test
    void whatTheTraceDoesNotHaveIsNullInTheJsonNotMinusOne() {
        // two messages, the second never acknowledged; no ECN mark, so no CNP; a responder without np_cnp_sent
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, 1001, 2, 10).at(10_000).data(0, 9).ack(9).data(10, 19);
        RunCounters counters = new RunCounters(Map.of(), Map.of(),
                Map.of("packet_seq_err", 0L, "local_ack_timeout_err", 0L, "rp_cnp_handled", 0L, "rp_cnp_ignored", 0L),
                Map.of("out_of_sequence", 0L, "rx_icrc_encapsulated", 0L, "np_ecn_marked_roce_packets", 0L));
        Analysis a = TraceAnalyzer.analyze(t.packets(), t.metadata(), CX5, new IntegrityResult(true, 0, List.of()), counters);
        assertThat(a.completion().qps().getFirst().completionNanos()).hasSize(2).last().isEqualTo(-1L);

        ObjectNode json = AnalysisJson.toJson(a);
        JsonNode times = json.get("completion").get("qps").get(0).get("completionNanos");
        assertThat(times.get(0).isIntegralNumber()).isTrue();
        assertThat(times.get(1).isNull()).as(times.toString()).isTrue();
        JsonNode intervals = json.get("cnp").get("scopes").get("PER_PORT").get("intervals");
        assertThat(intervals.get("count").asLong()).isZero();
        for (String k : List.of("min", "p10", "p50", "p90", "p99", "max")) assertThat(intervals.get(k).isNull()).as(k).isTrue();
        JsonNode missing = null;
        for (JsonNode c : json.get("counters").get("checks")) if (c.get("counter").asText().equals("np_cnp_sent")) missing = c;
        assertThat(missing).isNotNull();
        assertThat(missing.get("status").asText()).isEqualTo("MISSING");
        assertThat(missing.get("actual").isNull()).isTrue();
        assertThat(json.toString()).doesNotContain(":-1");
    }

    /** Behaviour 7: AETH syndromes and opcodes as the analyzers read them. */
    @Test
    void aethAndCnpClassification() {
        assertThat(packet(0x11, 0x00).isAck()).isTrue();
        assertThat(packet(0x11, 0x60).isNak()).isTrue();
        TracePacket rnr = packet(0x11, 0x20);
        assertThat(rnr.isAck() || rnr.isNak()).isFalse();
        assertThat(rnr.isRnrNak()).isTrue();
        TracePacket cnp = packet(0x81, -1);
        assertThat(cnp.isCnp()).isTrue();
        assertThat(cnp.isData()).isFalse();
        assertThat(packet(0x0c, -1).isData()).isTrue();

        // and the go-back-N sender ignores the RNR NAK in permissive mode, as Lumina does
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, 1001, 1, 10).data(0, 9).rnrNak(9).ack(9);
        assertThat(GoBackNAnalyzerTest.gbn(t, GbnMode.PERMISSIVE).pass()).isTrue();
    }

    private static TracePacket packet(int opcode, int syndrome) {
        return new TracePacket(1, 1, InjectedEvent.NONE, 1, 2, opcode, 0x11, 5, false, true, 0, syndrome, 0, -1, 0, 60);
    }
}
