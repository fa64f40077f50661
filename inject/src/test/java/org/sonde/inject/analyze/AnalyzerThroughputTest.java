package org.sonde.inject.analyze;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.sonde.inject.model.Endpoint;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;
import org.sonde.sim.rdma.Verb;

/**
 * All analyzers over a 10 M-packet trace: 64 WRITE QPs interleaved, IPSNs near the wrap, one drop
 * per 1000 data packets recovered by NAK, one ECN mark per 50 answered by a CNP. Opt-in because the
 * build machine is shared: {@code mvn -o test -pl inject -Dtest=AnalyzerThroughputTest -Dsonde.bench=true}.
 */
@EnabledIfSystemProperty(named = "sonde.bench", matches = "true")
class AnalyzerThroughputTest {
    static final int QPS = 64, MESSAGES = 150, PACKETS_PER_MESSAGE = 1000;

    @Test
    void tenMillionPacketsAtTwoMillionPerSecond() {
        List<QpPair> qps = new ArrayList<>();
        for (int i = 0; i < QPS; i++) {
            qps.add(new QpPair(i, Verb.WRITE, new Endpoint(0x100 + i, Psn.MODULUS - 5000 - i, 0x0a000001, 1),
                    new Endpoint(0x200 + i, i, 0x0a000002, 2)));
        }
        TestMetadata metadata = new TestMetadata(qps, MESSAGES, (long) PACKETS_PER_MESSAGE * 1024, 1024);
        List<TracePacket> trace = generate(metadata);
        long best = Long.MAX_VALUE;
        Analysis a = null;
        for (int run = 0; run < 3; run++) {
            long t0 = System.nanoTime();
            a = TraceAnalyzer.analyze(trace, metadata, AnalysisOptions.strict(NicModel.CX6, NicModel.CX6, true, false), null, null);
            best = Math.min(best, System.nanoTime() - t0);
        }
        double rate = trace.size() * 1e9 / best;
        System.out.printf("analyzers: %d packets in %.3f s = %.2f M packets/s%n", trace.size(), best / 1e9, rate / 1e6);
        assertThat(a.gbn().reasons()).isEmpty();
        assertThat(a.gbn().totalNakRetransmissions()).isGreaterThan(0);
        assertThat(a.cnp().cnps()).isGreaterThan(0);
        assertThat(rate).isGreaterThan(2e6);
    }

    private static List<TracePacket> generate(TestMetadata m) {
        int total = m.messagesPerQp() * m.packetsPerMessage();
        List<TracePacket> trace = new ArrayList<>(10_500_000);
        int[] next = new int[QPS];
        long seq = 0, ts = 0;
        int dataCount = 0;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (QpPair qp : m.qps()) {
                int i = qp.index();
                if (next[i] >= total) continue;
                progress = true;
                int psn = Psn.add(qp.firstDataPsn(), next[i]);
                int to = qp.responder().qpn(), toIp = qp.responder().ip(), fromIp = qp.requester().ip();
                boolean drop = ++dataCount % 1000 == 0 && next[i] + 1 < total;
                boolean ecn = !drop && dataCount % 50 == 0;
                trace.add(data(seq++, ts += 50, drop ? InjectedEvent.DROP : ecn ? InjectedEvent.ECN : InjectedEvent.NONE, fromIp, toIp, to, psn));
                if (ecn) trace.add(control(seq++, ts += 50, 0x81, toIp, fromIp, qp.requester().qpn(), 0, -1));
                if (drop) {
                    int after = Psn.next(psn);
                    trace.add(data(seq++, ts += 50, InjectedEvent.NONE, fromIp, toIp, to, after));
                    trace.add(control(seq++, ts += 50, 0x11, toIp, fromIp, qp.requester().qpn(), psn, 0x60));
                    trace.add(data(seq++, ts += 50, InjectedEvent.NONE, fromIp, toIp, to, psn));
                }
                next[i]++;
                if (next[i] % 8 == 0 || next[i] == total) {
                    trace.add(control(seq++, ts += 50, 0x11, toIp, fromIp, qp.requester().qpn(), Psn.add(qp.firstDataPsn(), next[i] - 1), 0));
                }
            }
        }
        return trace;
    }

    private static TracePacket data(long seq, long ts, InjectedEvent e, int src, int dst, int qpn, int psn) {
        return new TracePacket(seq, ts, e, src, dst, 0x07, qpn, psn, false, true, e == InjectedEvent.ECN ? 3 : 1, -1, -1, -1, 1024, 1082);
    }

    private static TracePacket control(long seq, long ts, int opcode, int src, int dst, int qpn, int psn, int syndrome) {
        return new TracePacket(seq, ts, InjectedEvent.NONE, src, dst, opcode, qpn, psn, false, true, 1, syndrome, 0, -1, 0, 62);
    }
}
