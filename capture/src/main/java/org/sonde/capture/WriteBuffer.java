package org.sonde.capture;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.sonde.core.EnvironmentException;
import org.sonde.core.InputFiles;

/**
 * Little-endian output buffer in front of a {@link WriteTarget}. Callers {@link #reserve} room for
 * fixed-size parts and then put values without further checks; packet data of any size goes
 * through {@link #putBytes}, which bypasses the buffer for large arrays.
 */
final class WriteBuffer {
    private static final VarHandle LE16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LE32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LE64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final WriteTarget target;
    private final byte[] buf;
    private int pos;
    private boolean failed;

    WriteBuffer(WriteTarget target, int bufferBytes) {
        this.target = target;
        this.buf = new byte[bufferBytes];
    }

    String name() {
        return target.name();
    }

    /** Makes room for {@code n} bytes, at most the buffer size. */
    void reserve(int n) {
        if (buf.length - pos < n) flush();
    }

    void putShort(int value) {
        LE16.set(buf, pos, (short) value);
        pos += 2;
    }

    void putInt(int value) {
        LE32.set(buf, pos, value);
        pos += 4;
    }

    void putLong(long value) {
        LE64.set(buf, pos, value);
        pos += 8;
    }

    /** Zero bytes that pad a field to a multiple of 4; needs reserved room. */
    void putZeros(int n) {
        for (int i = 0; i < n; i++) buf[pos++] = 0;
    }

    void putBytes(byte[] data, int offset, int length) {
        if (length > buf.length - pos) {
            flush();
            if (length >= buf.length) {
                writeThrough(data, offset, length);
                return;
            }
        }
        System.arraycopy(data, offset, buf, pos, length);
        pos += length;
    }

    void flush() {
        if (pos == 0) return;
        writeThrough(buf, 0, pos);
        pos = 0;
    }

    private void writeThrough(byte[] data, int offset, int length) {
        try {
            target.write(data, offset, length);
        } catch (IOException e) {
            failed = true;
            throw new EnvironmentException("cannot write " + target.name() + ": " + InputFiles.describe(e), "check free space and permissions", e);
        }
    }

    /** A pcapng option: code, length, value padded to 4 bytes; needs {@link #optionBytes} of reserved room. */
    void putOption(int code, byte[] value) {
        putShort(code);
        putShort(value.length);
        System.arraycopy(value, 0, buf, pos, value.length);
        pos += value.length;
        putZeros(padding(value.length));
    }

    static int optionBytes(int valueLength) {
        return 4 + valueLength + padding(valueLength);
    }

    /** True once a write to the target failed; the output is then incomplete. */
    boolean failed() {
        return failed;
    }

    static int padding(int length) {
        return -length & 3;
    }
}
