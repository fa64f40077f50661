package org.sonde.inject.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.inject.model.InjectedEvent.ECN;

import org.junit.jupiter.api.Test;
import org.sonde.sim.rdma.Verb;

class CnpAnalyzerTest {

    static CnpResult cnp(TraceBuilder t, CnpOptions options) {
        CnpAnalyzer a = new CnpAnalyzer(t.metadata(), options);
        t.packets().forEach(a::accept);
        return a.result();
    }

    /** Behaviour 17 trace: ECN marks at 0, 1, 5 and 6 µs on one QP, CNPs 300 ns after the given marks. */
    static TraceBuilder marks(boolean... cnpAfter) {
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, 1001, 1, 10);
        long[] marksAt = {10_000, 11_000, 15_000, 16_000};
        for (int i = 0; i < marksAt.length; i++) {
            t.at(marksAt[i]).data(i, ECN);
            if (cnpAfter[i]) t.at(marksAt[i] + 300).cnp();
        }
        return t;
    }

    /** Behaviour 17: per port, 4 µs: marks at 0, 1, 5, 6 µs expect 2 CNPs; 2 pass, 3 fail. */
    @Test
    void cnpPacing() {
        CnpOptions perPort4us = new CnpOptions(CnpScope.PER_PORT, 4_000, false);
        CnpResult two = cnp(marks(true, false, true, false), perPort4us);
        assertThat(two.pass()).isTrue();
        assertThat(two.scope(CnpScope.PER_PORT).expected()).isEqualTo(2);
        assertThat(two.scope(CnpScope.PER_PORT).actual()).isEqualTo(2);
        assertThat(two.ecnMarkedDataPackets()).isEqualTo(4);

        CnpResult three = cnp(marks(true, true, true, false), perPort4us);
        assertThat(three.pass()).isFalse();
        assertThat(three.scope(CnpScope.PER_PORT).mismatches()).containsExactly(new CnpResult.Count("port 136", 2, 3));
        assertThat(three.reasons()).singleElement().satisfies(r -> assertThat(r.what()).contains("expected 2 CNPs PER_PORT", "saw 3"));
    }

    /** Behaviour 17: the limiter needs strictly more than the interval; 4 µs exactly does not reopen it. */
    @Test
    void intervalIsStrict() {
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, 1001, 1, 10).at(10_000).data(0, ECN).cnp().at(14_000).data(1, ECN);
        assertThat(cnp(t, new CnpOptions(CnpScope.PER_PORT, 4_000, false)).pass()).isTrue();
        assertThat(cnp(t, new CnpOptions(CnpScope.PER_PORT, 3_999, false)).pass()).isFalse();
    }

    /** Behaviour 17: on CX5 with the NP and slow restart enabled, NAKs trigger CNPs too. */
    @Test
    void nakTriggersOnCx5() {
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, 1001, 1, 10).at(10_000).data(0, 2).nak(1).cnp().ack(0);
        CnpOptions cx5 = CnpOptions.forNic(NicModel.CX5, -1, true, true);
        assertThat(cx5).isEqualTo(new CnpOptions(CnpScope.PER_PORT, 4_000, true));
        CnpResult r = cnp(t, cx5);
        assertThat(r.pass()).isTrue();
        assertThat(r.naks()).isEqualTo(1);
        assertThat(CnpOptions.forNic(NicModel.CX5, -1, true, false).nakTriggersCnp()).isFalse();
        assertThat(CnpOptions.forNic(NicModel.CX4, -1, true, true).nakTriggersCnp()).isFalse();
        CnpResult cx4 = cnp(t, CnpOptions.forNic(NicModel.CX4, -1, true, true));
        assertThat(cx4.pass()).isFalse();
        assertThat(cx4.misdirectedCnps()).as("no trigger for that CNP when NAKs do not count").isEqualTo(1);
    }

    @Test
    void cnpToQpWithoutTriggerOrUnknownQp() {
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, 1001, 1, 10).addQp(Verb.WRITE, 2001)
                .qp(0).at(10_000).data(0, ECN).qp(1).cnp().qp(0).cnpToQpn(0x777);
        CnpResult r = cnp(t, new CnpOptions(null, 0, false));
        assertThat(r.pass()).isFalse();
        assertThat(r.misdirectedCnps()).isEqualTo(2);
        assertThat(r.reasons()).extracting(Reason::what).anySatisfy(w -> assertThat(w).contains("CNP to a QP that received no ECN-marked packet"))
                .anySatisfy(w -> assertThat(w).contains("CNP to QPN 0x777 at 10.0.0.1, which is no data sender under test"));
        assertThat(r.scope(CnpScope.PER_QP).mismatches()).contains(new CnpResult.Count("no QP under test", 0, 1));
    }

    @Test
    void cnpBetweenUnrelatedHostsIsStray() {
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, 1001, 1, 10);
        t.toReceiver(0x81, 0, org.sonde.inject.model.InjectedEvent.NONE, -1, -1);
        CnpResult r = cnp(t, new CnpOptions(CnpScope.PER_QP, 0, false));
        assertThat(r.strayCnps()).isEqualTo(1);
        assertThat(r.cnps()).isZero();
        assertThat(r.inferred()).isNull();
    }

    /**
     * Two QPs marked alternately every µs, CNPs from a 4 µs per-QP limiter: the per-QP check passes,
     * per port fails, intervals are 6 µs, and inference names PER_QP as the only consistent scope.
     */
    @Test
    void perQpLimiterIsInferred() {
        TraceBuilder t = TraceBuilder.of(Verb.WRITE, 1001, 1, 20).addQp(Verb.WRITE, 5001);
        long[] counted = {-10_000, -10_000};
        for (int k = 0; k < 20; k++) {
            int qp = k % 2;
            long ts = 10_000 + k * 1_000L;
            t.qp(qp).at(ts).data(k / 2, ECN);
            if (ts - counted[qp] > 4_000) {
                counted[qp] = ts;
                t.at(ts + 500).cnp();
            }
        }
        CnpResult perQp = cnp(t, new CnpOptions(CnpScope.PER_QP, 4_000, false));
        assertThat(perQp.pass()).isTrue();
        assertThat(perQp.cnps()).isEqualTo(8);
        assertThat(perQp.scope(CnpScope.PER_QP).intervals()).isEqualTo(new CnpResult.Intervals(6, 6_000, 6_000, 6_000, 6_000, 6_000, 6_000));
        assertThat(perQp.scope(CnpScope.PER_PORT).pass()).isFalse();
        assertThat(perQp.scope(CnpScope.PER_PORT).intervals().min()).isEqualTo(1_000);
        assertThat(perQp.inferred().scope()).isEqualTo(CnpScope.PER_QP);
        assertThat(perQp.inferred().mismatch()).isZero();
        assertThat(perQp.inferred().consistentScopes()).containsExactly(CnpScope.PER_QP);

        assertThat(cnp(t, new CnpOptions(CnpScope.PER_PORT, 4_000, false)).pass()).isFalse();
    }
}
