package org.sonde.packet;

import java.util.Objects;

/**
 * Bytes after a layer's declared end: the 0-3 pad bytes of a RoCEv2 payload (before the ICRC), UDP
 * or Ethernet padding beyond the UDP length or the IP datagram. Kept so that nothing of a frame is
 * silently dropped.
 */
record Padding(ImmutableBytes bytes) implements Header {
    public Padding {
        Objects.requireNonNull(bytes, "bytes");
    }

    public static Padding zeros(int length) {
        return new Padding(ImmutableBytes.zeros(length));
    }

    public static Padding decode(byte[] b, int off, int len) {
        return new Padding(ImmutableBytes.copyOf(b, off, len));
    }

    @Override
    public int length() {
        return bytes.length();
    }

    @Override
    public int encode(byte[] b, int off) {
        return bytes.writeTo(b, off);
    }
}
