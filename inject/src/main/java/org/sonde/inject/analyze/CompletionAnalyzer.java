package org.sonde.inject.analyze;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;
import org.sonde.sim.rdma.Verb;

/**
 * Message completion times per QP. Message m covers PSNs P + m·N .. P + (m+1)·N − 1. It starts with
 * the first transmission of its first PSN (READ: the first request for it) and completes when an ACK
 * covers its last PSN (a NAK covers the PSNs before the one it names), or for READ when the requester
 * has received its last response in order.
 */
final class CompletionAnalyzer extends RoutedAnalyzer<CompletionResult> {
    private final int packetsPerMessage;
    private final int messages;
    private final long messageBytes;
    private final long[][] start;
    private final long[][] end;
    private final int[] nextToComplete;
    /** READ: the last response PSN received in order. */
    private final int[] received;

    public CompletionAnalyzer(TestMetadata metadata) {
        this(new QpDirectory(metadata));
    }

    CompletionAnalyzer(QpDirectory directory) {
        super(directory);
        TestMetadata m = directory.metadata();
        packetsPerMessage = m.packetsPerMessage();
        messages = m.messagesPerQp();
        messageBytes = m.messageSize();
        int n = m.qps().size();
        start = new long[n][messages];
        end = new long[n][messages];
        nextToComplete = new int[n];
        received = new int[n];
        for (int i = 0; i < n; i++) {
            Arrays.fill(start[i], -1);
            Arrays.fill(end[i], -1);
            received[i] = Psn.add(m.qps().get(i).firstDataPsn(), -1);
        }
    }

    @Override
    void accept(TracePacket p, int route) {
        if (route == QpDirectory.UNKNOWN) return;
        int qp = QpDirectory.qpOf(route);
        QpPair pair = directory.qp(qp);
        boolean toSender = QpDirectory.toDataSender(route);
        if (pair.verb() == Verb.READ) {
            if (toSender && p.isReadRequest()) {
                started(qp, pair, p);
            } else if (!toSender && p.isReadResponse() && p.delivered() && p.psn() == Psn.next(received[qp])) {
                received[qp] = p.psn();
                completeUpTo(qp, pair, p.psn(), p.timestampNanos());
            }
        } else if (!toSender && p.isData()) {
            started(qp, pair, p);
        } else if (toSender && p.delivered() && (p.isAck() || p.isNak())) {
            completeUpTo(qp, pair, p.isAck() ? p.psn() : Psn.add(p.psn(), -1), p.timestampNanos());
        }
    }

    private void started(int qp, QpPair pair, TracePacket p) {
        int offset = Psn.distance(pair.firstDataPsn(), p.psn());
        if (offset < 0 || offset % packetsPerMessage != 0) return;
        int m = offset / packetsPerMessage;
        if (m < messages && start[qp][m] < 0) start[qp][m] = p.timestampNanos();
    }

    /** Completes, in order, every started message whose last PSN is at or before {@code psn}. */
    private void completeUpTo(int qp, QpPair pair, int psn, long ts) {
        int covered = Psn.distance(pair.firstDataPsn(), psn);
        while (nextToComplete[qp] < messages && (long) (nextToComplete[qp] + 1) * packetsPerMessage - 1 <= covered
                && start[qp][nextToComplete[qp]] >= 0) {
            end[qp][nextToComplete[qp]++] = ts;
        }
    }

    @Override
    public CompletionResult result() {
        List<CompletionResult.Qp> out = new ArrayList<>();
        for (int qp = 0; qp < start.length; qp++) {
            List<Long> times = new ArrayList<>();
            long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
            int completed = 0;
            for (int m = 0; m < messages; m++) {
                boolean done = end[qp][m] >= 0;
                times.add(done ? end[qp][m] - start[qp][m] : -1);
                if (done) {
                    completed++;
                    first = Math.min(first, start[qp][m]);
                    last = Math.max(last, end[qp][m]);
                }
            }
            double goodput = completed == 0 || last <= first ? 0 : completed * messageBytes * 8e9 / (last - first);
            out.add(new CompletionResult.Qp(qp, directory.qp(qp).verb(), completed, times, goodput));
        }
        return new CompletionResult(out);
    }
}
