package org.sonde.inject.model;

import java.util.List;
import org.sonde.sim.rdma.Verb;

/**
 * The queue pairs of a test and the shape of its traffic: every QP sends {@code messagesPerQp}
 * messages of {@code messageSize} bytes in packets of at most {@code mtu} payload bytes.
 */
public record TestMetadata(List<QpPair> qps, int messagesPerQp, long messageSize, int mtu) {
    public TestMetadata {
        qps = List.copyOf(qps);
        if (messagesPerQp < 1 || messageSize < 1 || mtu < 1) {
            throw new IllegalArgumentException("messages per QP, message size and MTU must be positive");
        }
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
