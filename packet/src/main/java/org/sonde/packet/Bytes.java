package org.sonde.packet;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Big-endian (network order) field access on byte arrays; the one place that does bit fiddling on raw bytes. */
final class Bytes {
    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle I32_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private Bytes() {}

    static int u8(byte[] b, int i) {
        return b[i] & 0xFF;
    }

    static int u16(byte[] b, int i) {
        return (short) I16.get(b, i) & 0xFFFF;
    }

    static int u24(byte[] b, int i) {
        return (b[i] & 0xFF) << 16 | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF);
    }

    static int i32(byte[] b, int i) {
        return (int) I32.get(b, i);
    }

    static long u32(byte[] b, int i) {
        return (int) I32.get(b, i) & 0xFFFF_FFFFL;
    }

    static int i32le(byte[] b, int i) {
        return (int) I32_LE.get(b, i);
    }

    static long i64(byte[] b, int i) {
        return (long) I64.get(b, i);
    }

    static void put8(byte[] b, int i, int v) {
        b[i] = (byte) v;
    }

    static void put16(byte[] b, int i, int v) {
        I16.set(b, i, (short) v);
    }

    static void put24(byte[] b, int i, int v) {
        b[i] = (byte) (v >>> 16);
        b[i + 1] = (byte) (v >>> 8);
        b[i + 2] = (byte) v;
    }

    static void put32(byte[] b, int i, int v) {
        I32.set(b, i, v);
    }

    static void put32(byte[] b, int i, long v) {
        I32.set(b, i, (int) v);
    }

    static void put32le(byte[] b, int i, int v) {
        I32_LE.set(b, i, v);
    }

    static void put64(byte[] b, int i, long v) {
        I64.set(b, i, v);
    }

    /** Throws {@link IllegalArgumentException} unless {@code 0 <= value < 2^bits}; for record constructors. */
    static int checkBits(String field, int value, int bits) {
        if (value < 0 || (bits < 31 && value >= 1 << bits)) {
            throw new IllegalArgumentException(field + " " + value + " does not fit in " + bits + " bits");
        }
        return value;
    }

    /** Like {@link #checkBits} but also accepts {@link Header#AUTO}. */
    static int checkBitsOrAuto(String field, int value, int bits) {
        return value == Header.AUTO ? value : checkBits(field, value, bits);
    }

    static long checkUnsigned32(String field, long value) {
        if (value < 0 || value > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException(field + " " + value + " does not fit in 32 bits");
        }
        return value;
    }
}
