package org.sonde.packet;

import java.util.Objects;

/**
 * The 16 reserved bytes that follow the BTH of a RoCEv2 Congestion Notification Packet (Annex
 * A17.9.3); senders set them to zero, receivers ignore them.
 */
public record CnpPayload(ImmutableBytes reserved) implements Header {
    public static final int LENGTH = 16;
    public static final CnpPayload ZERO = new CnpPayload(ImmutableBytes.zeros(LENGTH));

    public CnpPayload {
        Objects.requireNonNull(reserved, "reserved");
        if (reserved.length() != LENGTH) {
            throw new IllegalArgumentException("CNP reserved field is 16 bytes, got " + reserved.length());
        }
    }

    public static CnpPayload decode(byte[] b, int off, int len) {
        DecodeException.require("CNP", off, off + len, LENGTH, 0);
        return new CnpPayload(ImmutableBytes.copyOf(b, off, LENGTH));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        return reserved.writeTo(b, off);
    }
}
