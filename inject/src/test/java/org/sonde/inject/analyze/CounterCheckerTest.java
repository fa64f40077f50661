package org.sonde.inject.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.inject.model.InjectedEvent.CORRUPT;
import static org.sonde.inject.model.InjectedEvent.DROP;
import static org.sonde.inject.model.InjectedEvent.ECN;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.inject.model.RunCounters;
import org.sonde.sim.rdma.Verb;

class CounterCheckerTest {

    /** A WRITE with one NAK retransmission (P+3 dropped), one bit error (P+6) and one ECN mark answered by a CNP. */
    static TraceBuilder write() {
        return TraceBuilder.of(Verb.WRITE, 1001, 1, 10).data(0, 2).data(3, DROP).data(4).nak(3)
                .data(3, 5).data(6, CORRUPT).data(7).nak(6).data(6).data(7, ECN).cnp().data(8, 9).ack(9);
    }

    static CounterResult check(TraceBuilder t, NicModel nic, Map<String, Long> requester, Map<String, Long> responder) {
        GoBackNAnalyzer gbn = new GoBackNAnalyzer(t.metadata(), GbnOptions.strict());
        NicTrafficAnalyzer traffic = new NicTrafficAnalyzer(t.metadata());
        t.packets().forEach(p -> {
            gbn.accept(p);
            traffic.accept(p);
        });
        GbnResult g = gbn.result();
        assertThat(g.reasons()).isEmpty();
        return CounterChecker.check(t.metadata(), new RunCounters(Map.of(), Map.of(), requester, responder), nic, nic, g, traffic.result());
    }

    static Map<String, Long> mlnxRequester() {
        return new HashMap<>(Map.of("packet_seq_err", 2L, "local_ack_timeout_err", 0L, "rp_cnp_handled", 1L, "rp_cnp_ignored", 0L,
                "rx_discards_phy", 0L));
    }

    static Map<String, Long> mlnxResponder() {
        return new HashMap<>(Map.of("out_of_sequence", 2L, "rx_icrc_encapsulated", 1L, "np_cnp_sent", 1L,
                "np_ecn_marked_roce_packets", 1L, "tx_discards_phy", 0L));
    }

    @Test
    void mlnxCountersMatchingTheTracePass() {
        CounterResult r = check(write(), NicModel.CX5, mlnxRequester(), mlnxResponder());
        assertThat(r.reasons()).isEmpty();
        assertThat(r.pass()).isTrue();
        assertThat(r.checks()).extracting(CounterResult.Check::counter).containsExactly("packet_seq_err", "local_ack_timeout_err",
                "rp_cnp_handled+rp_cnp_ignored", "out_of_sequence", "rx_icrc_encapsulated", "np_cnp_sent", "np_ecn_marked_roce_packets");
    }

    /** Behaviour 19: packet_seq_err must equal the NAK retransmissions. */
    @Test
    void packetSeqErrMismatchFails() {
        Map<String, Long> requester = mlnxRequester();
        requester.put("packet_seq_err", 1L);
        CounterResult r = check(write(), NicModel.CX5, requester, mlnxResponder());
        assertThat(r.pass()).isFalse();
        assertThat(r.check("requester", "packet_seq_err").status()).isEqualTo(CounterResult.Status.MISMATCH);
        assertThat(r.reasons()).containsExactly("requester packet_seq_err = 1, but the trace shows 2");
    }

    /** Behaviour 19: rx_icrc_encapsulated must equal the bit-error data packets. */
    @Test
    void icrcMismatchFails() {
        Map<String, Long> responder = mlnxResponder();
        responder.put("rx_icrc_encapsulated", 0L);
        CounterResult r = check(write(), NicModel.CX6, mlnxRequester(), responder);
        assertThat(r.pass()).isFalse();
        assertThat(r.check("responder", "rx_icrc_encapsulated").expected()).isEqualTo(1);
    }

    @Test
    void hostDiscardsInvalidate() {
        Map<String, Long> requester = mlnxRequester();
        requester.put("rx_discards_phy", 107L);
        CounterResult r = check(write(), NicModel.CX4, requester, mlnxResponder());
        assertThat(r.pass()).isFalse();
        assertThat(r.reasons()).containsExactly("requester rx_discards_phy = 107: the host discarded packets, so the iteration is invalid");
    }

    @Test
    void missingCounterFails() {
        Map<String, Long> responder = mlnxResponder();
        responder.remove("np_cnp_sent");
        CounterResult r = check(write(), NicModel.CX5, mlnxRequester(), responder);
        assertThat(r.pass()).isFalse();
        assertThat(r.check("responder", "np_cnp_sent").status()).isEqualTo(CounterResult.Status.MISSING);
    }

    /** Paper §6.2.4: E810's cnpSent stays 0 although the trace shows CNPs. */
    @Test
    void e810CnpSentBugIsCaught() {
        Map<String, Long> requester = Map.of("cnpHandled", 1L, "cnpIgnored", 0L, "rx_dropped.nic", 0L);
        Map<String, Long> responder = new HashMap<>(Map.of("cnpSent", 1L, "RxECNMrkd", 1L, "ip4InDiscards", 0L));
        CounterResult ok = check(write(), NicModel.E810, requester, responder);
        assertThat(ok.pass()).isTrue();
        assertThat(ok.notes()).anySatisfy(n -> assertThat(n).contains("irdma exposes no NAK"));
        assertThat(ok.checks()).extracting(CounterResult.Check::counter).containsExactly("cnpHandled+cnpIgnored", "cnpSent", "RxECNMrkd");

        responder.put("cnpSent", 0L);
        CounterResult bug = check(write(), NicModel.E810, requester, responder);
        assertThat(bug.pass()).isFalse();
        assertThat(bug.reasons()).containsExactly("responder cnpSent = 0, but the trace shows 1");

        responder.put("cnpSent", 1L);
        responder.put("ip4InDiscards", 3L);
        assertThat(check(write(), NicModel.E810, requester, responder).pass()).isFalse();
    }

    /** READ: the requester is the data receiver; its counters are implied_nak_seq_err and local_ack_timeout_err. */
    @Test
    void readCounters() {
        TraceBuilder t = TraceBuilder.of(Verb.READ, 1001, 1, 10).readRequest(0, 10).data(0, 2).data(3, DROP).data(4)
                .readRequest(3, 7).data(3, 8).data(9, DROP).at(1_000_000).readRequest(9, 1).data(9);
        Map<String, Long> requester = Map.of("local_ack_timeout_err", 1L, "implied_nak_seq_err", 1L, "rx_icrc_encapsulated", 0L,
                "np_cnp_sent", 0L, "np_ecn_marked_roce_packets", 0L);
        Map<String, Long> responder = Map.of("duplicate_request", 2L, "rp_cnp_handled", 0L, "rp_cnp_ignored", 0L);
        CounterResult r = check(t, NicModel.CX5, requester, responder);
        assertThat(r.reasons()).isEmpty();
        assertThat(r.check("responder", "duplicate_request").expected()).isEqualTo(2);
        assertThat(r.check("requester", "implied_nak_seq_err").expected()).isEqualTo(1);
    }

    @Test
    void noDumpIsNotedNotFailed() {
        CounterResult r = check(write(), NicModel.CX5, Map.of(), Map.of());
        assertThat(r.pass()).isTrue();
        assertThat(r.checks()).isEmpty();
        assertThat(r.notes()).hasSize(2);
    }
}
