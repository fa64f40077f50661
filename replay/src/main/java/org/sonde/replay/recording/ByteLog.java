package org.sonde.replay.recording;

import java.util.Arrays;

/**
 * A growable byte stream written as unsigned LEB128 varints (zigzag for signed values): the recording's
 * streams are mostly small deltas, one byte each.
 */
final class ByteLog {
    private byte[] bytes;
    private int size;

    ByteLog() {
        this(16);
    }

    ByteLog(int capacity) {
        bytes = new byte[Math.max(capacity, 4)];
    }

    void unsigned(long v) {
        if (v < 0) throw new IllegalArgumentException("negative varint " + v);
        while (v >= 0x80) {
            put((byte) (v | 0x80));
            v >>>= 7;
        }
        put((byte) v);
    }

    void signed(long v) {
        unsigned(zigzag(v));
    }

    void put(byte b) {
        if (size == bytes.length) bytes = Arrays.copyOf(bytes, bytes.length * 2);
        bytes[size++] = b;
    }

    void putAll(byte[] b) {
        for (byte x : b) put(x);
    }

    void put32(long v) {
        for (int s = 24; s >= 0; s -= 8) put((byte) (v >>> s));
    }

    int size() {
        return size;
    }

    byte[] toArray() {
        return Arrays.copyOf(bytes, size);
    }

    static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    static long unzigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }
}
