package org.sonde.search.space;

/**
 * The dimensions a mutation changes, one at a time (§5.1: "we mutate the workload in one of our
 * search dimensions"). {@link #MODE} belongs to the point; the rest to one traffic, and the
 * request ones to one element of its request vector.
 */
public enum Dimension {
    MODE, QP_TYPE, OPCODE, QPS, MTU, BATCH, SEND_DEPTH, RECV_BATCH, RECV_DEPTH, REQUEST_COUNT, REQUEST_SIZE, REQUEST_SGES,
    RECV_SIZE, SENDER_MEMORY, SENDER_MRS, SENDER_MR_SIZE, RECEIVER_MEMORY, RECEIVER_MRS, RECEIVER_MR_SIZE;

    /** Whether changing this dimension of {@code t} can change the workload (receive settings matter only for SEND). */
    public boolean appliesTo(Traffic t) {
        return switch (this) {
            case RECV_BATCH, RECV_DEPTH, RECV_SIZE -> t.opcode().needsReceives();
            case OPCODE -> t.qpType() != QpType.UD;
            default -> true;
        };
    }
}
