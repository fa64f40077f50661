package org.sonde.capture;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Builds hand-made capture bytes field by field, in a chosen byte order. */
final class Bytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private ByteOrder order;

    Bytes(ByteOrder order) {
        this.order = order;
    }

    Bytes order(ByteOrder newOrder) {
        this.order = newOrder;
        return this;
    }

    Bytes u8(int v) {
        out.write(v);
        return this;
    }

    Bytes u16(int v) {
        return put(ByteBuffer.allocate(2).order(order).putShort((short) v).array());
    }

    Bytes u32(long v) {
        return put(ByteBuffer.allocate(4).order(order).putInt((int) v).array());
    }

    Bytes u64(long v) {
        return put(ByteBuffer.allocate(8).order(order).putLong(v).array());
    }

    Bytes put(byte[] bytes) {
        out.writeBytes(bytes);
        return this;
    }

    Bytes zeros(int n) {
        return put(new byte[n]);
    }

    /** A pcapng option with its value padded to 4 bytes. */
    Bytes option(int code, byte[] value) {
        u16(code).u16(value.length).put(value);
        return zeros(-value.length & 3);
    }

    Bytes option(int code, String value) {
        return option(code, value.getBytes(StandardCharsets.UTF_8));
    }

    /** A pcapng block around {@code body}, with both copies of the total length. */
    Bytes block(int type, Bytes body) {
        byte[] b = body.toArray();
        return u32(type).u32(12 + b.length).put(b).u32(12 + b.length);
    }

    int size() {
        return out.size();
    }

    byte[] toArray() {
        return out.toByteArray();
    }
}
