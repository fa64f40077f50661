package org.sonde.packet;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * An immutable byte sequence with value equality, so that records holding raw bytes (options,
 * payloads, reserved fields) keep the equals/hashCode a record promises.
 */
public final class ImmutableBytes {
    public static final ImmutableBytes EMPTY = new ImmutableBytes(new byte[0]);
    private static final HexFormat HEX = HexFormat.of();
    private static final int TO_STRING_MAX_BYTES = 64;

    private final byte[] bytes;

    private ImmutableBytes(byte[] owned) {
        this.bytes = owned;
    }

    /** A copy of {@code bytes}. */
    public static ImmutableBytes of(byte... bytes) {
        return bytes.length == 0 ? EMPTY : new ImmutableBytes(bytes.clone());
    }

    /** A copy of {@code length} bytes of {@code b} from {@code offset}. */
    public static ImmutableBytes copyOf(byte[] b, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, b.length);
        return length == 0 ? EMPTY : new ImmutableBytes(Arrays.copyOfRange(b, offset, offset + length));
    }

    /** {@code length} zero bytes. */
    public static ImmutableBytes zeros(int length) {
        return length == 0 ? EMPTY : new ImmutableBytes(new byte[length]);
    }

    /** Parses hex digits; whitespace and colons are ignored. */
    public static ImmutableBytes fromHex(String hex) {
        return of(HEX.parseHex(hex.replaceAll("[\\s:]", "")));
    }

    public int length() {
        return bytes.length;
    }

    public boolean isEmpty() {
        return bytes.length == 0;
    }

    /** The unsigned byte at {@code index}. */
    public int get(int index) {
        return bytes[index] & 0xFF;
    }

    public byte[] toByteArray() {
        return bytes.clone();
    }

    /** Copies the bytes into {@code dst} at {@code offset}; returns the number of bytes written. */
    public int writeTo(byte[] dst, int offset) {
        System.arraycopy(bytes, 0, dst, offset, bytes.length);
        return bytes.length;
    }

    /** True when every byte is zero (also when empty). */
    public boolean isAllZero() {
        for (byte x : bytes) {
            if (x != 0) return false;
        }
        return true;
    }

    public String toHex() {
        return HEX.formatHex(bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ImmutableBytes other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    /** Hex, cut after 64 bytes so that a large payload does not flood a log line. */
    @Override
    public String toString() {
        if (bytes.length <= TO_STRING_MAX_BYTES) return toHex();
        return HEX.formatHex(bytes, 0, TO_STRING_MAX_BYTES) + "...(" + bytes.length + " bytes)";
    }
}
