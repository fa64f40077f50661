package org.sonde.inject.analyze;

import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.model.TracePacket;
import org.sonde.sim.rdma.Verb;

/** Tallies, per host NIC, the trace events its counters should reflect (see {@link CounterChecker}). */
final class NicTrafficAnalyzer extends RoutedAnalyzer<NicTraffic> {
    private static final int REQUESTER = 0, RESPONDER = 1;
    private final long[] cnpsSent = new long[2], cnpsReceived = new long[2], ecnMarked = new long[2], corrupt = new long[2];

    public NicTrafficAnalyzer(TestMetadata metadata) {
        this(new QpDirectory(metadata));
    }

    NicTrafficAnalyzer(QpDirectory directory) {
        super(directory);
    }

    @Override
    void accept(TracePacket p, int route) {
        if (route == QpDirectory.UNKNOWN) return;
        int receiverSide = directory.qp(QpDirectory.qpOf(route)).verb() == Verb.READ ? REQUESTER : RESPONDER;
        if (QpDirectory.toDataSender(route)) {
            if (!p.isCnp()) return;
            cnpsSent[receiverSide]++;
            if (p.delivered()) cnpsReceived[1 - receiverSide]++;
        } else if (p.isData()) {
            if (CnpAnalyzer.isCongestionMarkedDelivery(p)) ecnMarked[receiverSide]++;
            if (p.event() == InjectedEvent.CORRUPT) corrupt[receiverSide]++;
        }
    }

    @Override
    public NicTraffic result() {
        return new NicTraffic(side(REQUESTER), side(RESPONDER));
    }

    private NicTraffic.Side side(int i) {
        return new NicTraffic.Side(cnpsSent[i], cnpsReceived[i], ecnMarked[i], corrupt[i]);
    }
}
