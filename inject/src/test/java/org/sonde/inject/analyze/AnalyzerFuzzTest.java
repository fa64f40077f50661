package org.sonde.inject.analyze;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.sonde.inject.model.Endpoint;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.IntegrityResult;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.RunCounters;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;
import org.sonde.sim.rdma.Verb;

/**
 * Random traces never crash the analyzers: they come out as verdicts, and a failing verdict always
 * says why. Packets mostly hit the QPs under test near their PSNs so the state machines get deep.
 */
class AnalyzerFuzzTest {
    private static final int[] OPCODES = {0x00, 0x01, 0x04, 0x06, 0x07, 0x0a, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x81, 0x64, 0xff};
    private static final int[] SYNDROMES = {-1, 0x00, 0x1f, 0x20, 0x3f, 0x60, 0x61, 0x62, 0x63, 0x7f, 0xff};

    @Property(tries = 300)
    void randomTracesYieldVerdicts(@ForAll long seed, @ForAll @IntRange(min = 0, max = 400) int length) {
        Random r = new Random(seed);
        List<QpPair> qps = new ArrayList<>();
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
            Verb verb = Verb.values()[r.nextInt(3)];
            int p = r.nextBoolean() ? Psn.MODULUS - 1 - r.nextInt(8) : r.nextInt(Psn.MODULUS);
            qps.add(new QpPair(i, verb, new Endpoint(0x100 + i, p, 0x0a000001, 1), new Endpoint(0x200 + i, r.nextInt(Psn.MODULUS), 0x0a000002, 2)));
        }
        TestMetadata metadata = new TestMetadata(qps, 1 + r.nextInt(3), 1 + r.nextInt(8192), 1024);
        List<TracePacket> trace = new ArrayList<>();
        long ts = 0;
        for (int s = 0; s < length; s++) {
            QpPair qp = qps.get(r.nextInt(n));
            boolean toSender = r.nextBoolean();
            Endpoint to = toSender ? qp.dataSender() : qp.dataReceiver();
            Endpoint from = toSender ? qp.dataReceiver() : qp.dataSender();
            int destQp = r.nextInt(10) == 0 ? r.nextInt(Psn.MODULUS) : to.qpn();
            int psn = r.nextInt(10) == 0 ? r.nextInt(Psn.MODULUS) : Psn.add(qp.firstDataPsn(), r.nextInt(40) - 5);
            ts += r.nextInt(10) == 0 ? -r.nextInt(1000) : r.nextInt(100_000);
            long dma = switch (r.nextInt(4)) {
                case 0 -> -1;
                case 1 -> 0;
                case 2 -> Long.MAX_VALUE;
                default -> r.nextInt(1 << 20);
            };
            trace.add(new TracePacket(s, ts, InjectedEvent.values()[r.nextInt(InjectedEvent.values().length)], from.ip(), to.ip(),
                    OPCODES[r.nextInt(OPCODES.length)], destQp, psn, r.nextBoolean(), r.nextBoolean(), r.nextInt(4),
                    SYNDROMES[r.nextInt(SYNDROMES.length)], r.nextInt(100), dma, r.nextInt(1500), 60 + r.nextInt(1500)));
        }
        RunCounters counters = new RunCounters(java.util.Map.of(), java.util.Map.of(),
                java.util.Map.of("packet_seq_err", (long) r.nextInt(3), "rx_discards_phy", (long) r.nextInt(2)),
                java.util.Map.of("cnpSent", (long) r.nextInt(3)));
        for (GbnMode mode : GbnMode.values()) {
            AnalysisOptions options = new AnalysisOptions(new GbnOptions(mode, r.nextBoolean() ? -1 : 4096, r.nextInt(8) - 1),
                    new CnpOptions(r.nextBoolean() ? null : CnpScope.values()[r.nextInt(4)], r.nextInt(10_000), r.nextBoolean()),
                    NicModel.values()[r.nextInt(4)], NicModel.values()[r.nextInt(4)]);
            Analysis a = TraceAnalyzer.analyze(trace, metadata, options, new IntegrityResult(true, 0, List.of()), counters);
            assertThat(a.gbn().pass()).isEqualTo(a.gbn().reasons().isEmpty());
            assertThat(a.cnp().pass()).isEqualTo(a.cnp().reasons().isEmpty());
            assertThat(a.counters().pass()).isEqualTo(a.counters().reasons().isEmpty());
            assertThat(a.gbn().qps()).hasSize(n);
            assertThat(AnalysisJson.toJson(a).toString()).contains("\"gbn\"");
        }
    }
}
