package org.sonde.search.mfs;

import org.sonde.search.space.Dimension;
import org.sonde.search.space.Traffic;

/**
 * The features an MFS is written in: the categorical ones (tested by trying every alternative)
 * and the discretised ones (tested at the domain's bounds, then bisected towards the current value).
 * The message pattern is a feature of its own ({@link TrafficCondition#requestBytes}).
 */
public enum Feature {
    QP_TYPE(Dimension.QP_TYPE, true), OPCODE(Dimension.OPCODE, true), MTU(Dimension.MTU, true),
    SENDER_MEMORY(Dimension.SENDER_MEMORY, true), RECEIVER_MEMORY(Dimension.RECEIVER_MEMORY, true),
    QPS(Dimension.QPS, false), SENDER_MRS(Dimension.SENDER_MRS, false), RECEIVER_MRS(Dimension.RECEIVER_MRS, false),
    BATCH(Dimension.BATCH, false), SEND_DEPTH(Dimension.SEND_DEPTH, false), RECV_BATCH(Dimension.RECV_BATCH, false),
    RECV_DEPTH(Dimension.RECV_DEPTH, false), SGES(Dimension.REQUEST_SGES, false),
    SENDER_MR_SIZE(Dimension.SENDER_MR_SIZE, false), RECEIVER_MR_SIZE(Dimension.RECEIVER_MR_SIZE, false);

    private final Dimension dimension;
    private final boolean categorical;

    Feature(Dimension dimension, boolean categorical) {
        this.dimension = dimension;
        this.categorical = categorical;
    }

    public Dimension dimension() {
        return dimension;
    }

    public boolean categorical() {
        return categorical;
    }

    /** The feature's value on a traffic (ordinals for categorical ones but the MTU; the largest SGE count for SGEs). */
    public long of(Traffic t) {
        return switch (this) {
            case QP_TYPE -> t.qpType().ordinal();
            case OPCODE -> t.opcode().ordinal();
            case MTU -> t.mtu();
            case SENDER_MEMORY -> t.sender().memory().ordinal();
            case RECEIVER_MEMORY -> t.receiver().memory().ordinal();
            case QPS -> t.qps();
            case SENDER_MRS -> t.sender().mrs();
            case RECEIVER_MRS -> t.receiver().mrs();
            case BATCH -> t.batch();
            case SEND_DEPTH -> t.sendDepth();
            case RECV_BATCH -> t.recvBatch();
            case RECV_DEPTH -> t.recvDepth();
            case SGES -> t.maxSges();
            case SENDER_MR_SIZE -> t.sender().mrSizeBytes();
            case RECEIVER_MR_SIZE -> t.receiver().mrSizeBytes();
        };
    }

    public String jsonName() {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char c : name().toLowerCase(java.util.Locale.ROOT).toCharArray()) {
            if (c == '_') up = true;
            else {
                b.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return b.toString();
    }
}
