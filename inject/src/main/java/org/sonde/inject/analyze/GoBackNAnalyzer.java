package org.sonde.inject.analyze;

import java.util.ArrayList;
import java.util.List;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.model.TracePacket;
import org.sonde.sim.rdma.Verb;

/**
 * Go-back-N conformance of every QP under test (Lumina's GBNCheck and ReadGBNCheck): a sender and a
 * receiver state machine per QP, both starting at the first data packet with the initial PSN P (READ:
 * the first READ request for P). Before that, packets are ignored, as in Lumina; strict mode fails a
 * first data packet (READ: request) that does not carry P.
 */
final class GoBackNAnalyzer extends RoutedAnalyzer<GbnResult> {
    private final GbnOptions options;
    private final Reasons reasons = new Reasons();
    private final GbnFsm[] senders;
    private final GbnFsm[] receivers;
    private final GbnTally[] tallies;

    public GoBackNAnalyzer(TestMetadata metadata, GbnOptions options) {
        this(new QpDirectory(metadata), options);
    }

    GoBackNAnalyzer(QpDirectory directory, GbnOptions options) {
        super(directory);
        this.options = options;
        TestMetadata m = directory.metadata();
        int n = m.qps().size();
        senders = new GbnFsm[n];
        receivers = new GbnFsm[n];
        tallies = new GbnTally[n];
        for (QpPair qp : m.qps()) {
            int i = qp.index();
            GbnTally t = tallies[i] = new GbnTally();
            if (qp.verb() == Verb.READ) {
                senders[i] = new ReadResponderFsm(qp, m.packetsPerQp(), m.mtu(), options, t, reasons);
                receivers[i] = new ReadRequesterFsm(qp, m.packetsPerQp(), m.mtu(), options, t, reasons);
            } else {
                senders[i] = new SendWriteSenderFsm(qp, m.packetsPerQp(), options, t, reasons);
                receivers[i] = new SendWriteReceiverFsm(qp, m.packetsPerQp(), options, t, reasons);
            }
        }
    }

    @Override
    void accept(TracePacket p, int route) {
        if (route == QpDirectory.UNKNOWN) return;
        int qp = QpDirectory.qpOf(route);
        boolean toSender = QpDirectory.toDataSender(route);
        GbnTally t = tallies[qp];
        if (!t.started && !(t.started = startsChecking(qp, p, toSender))) return;
        if (toSender) {
            senders[qp].onToSender(p);
            receivers[qp].onToSender(p);
        } else {
            senders[qp].onToReceiver(p);
            receivers[qp].onToReceiver(p);
        }
    }

    /** Whether {@code p} is the packet that opens checking; in strict mode a wrong opener fails. */
    private boolean startsChecking(int qp, TracePacket p, boolean toSender) {
        GbnFsm sender = senders[qp];
        boolean read = sender.qp.verb() == Verb.READ;
        boolean opener = read ? toSender && p.isReadRequest() : !toSender && p.isData();
        if (!opener) return false;
        if (p.psn() == sender.firstPsn) return true;
        if (options.mode() == GbnMode.STRICT) {
            sender.fail(p, "the first " + (read ? "READ request" : "data packet") + " carries " + sender.describe(p.psn()) + ", not the initial PSN " + sender.firstPsn);
        }
        return false;
    }

    @Override
    public GbnResult result() {
        List<QpGbnStats> stats = new ArrayList<>();
        for (int i = 0; i < senders.length; i++) {
            if (!tallies[i].started) {
                senders[i].failAtEnd("no " + (senders[i].qp.verb() == Verb.READ ? "READ request" : "data packet") + " with the initial PSN " + senders[i].firstPsn + " was seen");
            }
            senders[i].onFinish();
            receivers[i].onFinish();
            stats.add(QpGbnStats.of(i, senders[i].qp.verb(), tallies[i]));
        }
        return new GbnResult(options.mode(), reasons.isEmpty(), reasons.kept(), reasons.omitted(), stats);
    }
}
