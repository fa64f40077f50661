package org.sonde.inject.model;

import java.util.List;
import org.sonde.sim.rdma.Verb;

/**
 * The queue pairs of a test and the shape of its traffic: every QP sends {@code messagesPerQp}
 * messages of {@code messageSize} bytes in packets of at most {@code mtu} payload bytes.
 *
 * @param firstQpNumber the number the test gives its first QP (1 in the paper's Listing 2, 0 in
 *                      Lumina's code): every verdict, chart and JSON names QPs as the test does
 */
public record TestMetadata(List<QpPair> qps, int messagesPerQp, long messageSize, int mtu, int firstQpNumber) {
    public TestMetadata {
        qps = List.copyOf(qps);
        if (messagesPerQp < 1 || messageSize < 1 || mtu < 1) {
            throw new IllegalArgumentException("messages per QP, message size and MTU must be positive");
        }
        if (firstQpNumber != 0 && firstQpNumber != 1) throw new IllegalArgumentException("QPs are numbered from 0 or 1, not " + firstQpNumber);
    }

    /** QPs numbered from 0, as Lumina's code and capture metadata files number them. */
    public TestMetadata(List<QpPair> qps, int messagesPerQp, long messageSize, int mtu) {
        this(qps, messagesPerQp, messageSize, mtu, 0);
    }

    /** {@code QP n}: the QP at {@code index} in the test's own numbering. */
    public String qpName(int index) {
        return "QP " + (index + firstQpNumber);
    }

    /** N = ceil(size / mtu) packets per message. */
    public int packetsPerMessage() {
        return (int) ((messageSize + mtu - 1) / mtu);
    }

    /**
     * Whether the requester's NIC is the DCQCN notification point (the data receiver that sends CNPs):
     * only when every QP reads; with any SEND or WRITE QP the responder is.
     */
    public boolean requesterIsNotificationPoint() {
        return qps.stream().allMatch(q -> q.verb() == Verb.READ);
    }

    /** Data packets each QP carries when nothing is lost: N × messages. */
    public long packetsPerQp() {
        return (long) packetsPerMessage() * messagesPerQp;
    }
}
