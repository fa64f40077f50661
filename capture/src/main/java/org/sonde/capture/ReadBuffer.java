package org.sonde.capture;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import org.sonde.core.EnvironmentException;
import org.sonde.core.InputFiles;

/**
 * A sliding window over a byte source: {@code buf[pos..limit)} holds unread bytes, {@code base}
 * is the file offset of {@code buf[0]}. Records are parsed in place; the window is compacted and
 * refilled when a record straddles its end, and grown (by doubling, so a corrupt length in a short
 * file never allocates much) only when one record is larger than the whole buffer.
 */
final class ReadBuffer implements AutoCloseable {
    private static final VarHandle LE16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LE32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LE64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /** Where the bytes come from; a file channel or a stream. */
    interface Source extends AutoCloseable {
        int read(byte[] into, int offset, int length) throws IOException;

        /** Continues reading at file offset {@code offset}; only files can do this. */
        default void position(long offset) throws IOException {
            throw new UnsupportedOperationException("a stream cannot be read from an offset");
        }

        @Override
        void close() throws IOException;
    }

    final String name;
    private final Source source;
    private boolean sourceAtEnd;
    byte[] buf;
    int pos;
    int limit;
    long base;
    /** Byte order of the multi-byte fields being parsed; set by the format reader. */
    boolean bigEndian;

    ReadBuffer(String name, Source source, int initialBytes) {
        this.name = name;
        this.source = source;
        this.buf = new byte[Math.max(16, initialBytes)];
    }

    static ReadBuffer of(FileChannel channel, String name, int initialBytes) {
        // Reads land in a direct buffer of our own and are copied out: a heap buffer handed to the
        // channel costs the JDK a temporary direct buffer per read, which measured 3x slower here.
        ByteBuffer staging = ByteBuffer.allocateDirect(Math.max(16, Math.min(initialBytes, Limits.DEFAULT_READ_BUFFER_BYTES)));
        return new ReadBuffer(name, new Source() {
            @Override
            public int read(byte[] into, int offset, int length) throws IOException {
                int read = channel.read(staging.clear().limit(Math.min(length, staging.capacity())));
                if (read > 0) staging.get(0, into, offset, read);
                return read;
            }

            @Override
            public void position(long offset) throws IOException {
                channel.position(offset);
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        }, initialBytes);
    }

    static ReadBuffer of(InputStream in, String name, int initialBytes) {
        return new ReadBuffer(name, new Source() {
            @Override
            public int read(byte[] into, int offset, int length) throws IOException {
                return in.read(into, offset, length);
            }

            @Override
            public void close() throws IOException {
                in.close();
            }
        }, initialBytes);
    }

    /** Makes at least {@code n} unread bytes available at {@code pos}; false when the source ends first. */
    boolean ensure(int n) {
        return limit - pos >= n || fill(n);
    }

    /** Unread bytes in the window (after a failed {@link #ensure}: all that is left of the source). */
    int available() {
        return limit - pos;
    }

    long offset(int index) {
        return base + index;
    }

    private boolean fill(int n) {
        if (pos > 0 && buf.length - pos < n) compact();
        while (limit - pos < n) {
            if (limit == buf.length) grow(n);
            int read = read(limit, buf.length - limit);
            if (read < 0) return false;
            limit += read;
        }
        return true;
    }

    private void compact() {
        System.arraycopy(buf, pos, buf, 0, limit - pos);
        base += pos;
        limit -= pos;
        pos = 0;
    }

    private void grow(int n) {
        // only reached with pos == 0 and a full buffer smaller than n; callers bound n
        if (n > Limits.MAX_BLOCK_BYTES + 64) throw new IllegalStateException("read of " + n + " bytes exceeds the record limit");
        buf = java.util.Arrays.copyOf(buf, (int) Math.min(2L * buf.length, n));
    }

    /** Moves to file offset {@code offset}: within the window when it holds it, else by repositioning the source. */
    void seek(long offset) {
        if (offset >= base && offset <= base + limit) {
            pos = (int) (offset - base);
            return;
        }
        try {
            source.position(offset);
        } catch (IOException e) {
            throw new EnvironmentException("cannot read " + name + ": " + InputFiles.describe(e), "check that the file is readable and the disk healthy", e);
        }
        base = offset;
        pos = 0;
        limit = 0;
        sourceAtEnd = false;
    }

    /** Skips {@code n} bytes without buffering them; returns how many could be skipped before the end. */
    long skip(long n) {
        long skipped = 0;
        while (true) {
            int available = limit - pos;
            if (available >= n - skipped) {
                pos += (int) (n - skipped);
                return n;
            }
            skipped += available;
            base += limit;
            pos = 0;
            limit = 0;
            int read = read(0, buf.length);
            if (read < 0) return skipped;
            limit = read;
        }
    }

    private int read(int offset, int length) {
        if (sourceAtEnd) return -1;
        try {
            int read = source.read(buf, offset, length);
            if (read < 0) sourceAtEnd = true;
            return read;
        } catch (IOException e) {
            throw new EnvironmentException("cannot read " + name + ": " + InputFiles.describe(e), "check that the file is readable and the disk healthy", e);
        }
    }

    int i32(int index) {
        return bigEndian ? (int) BE32.get(buf, index) : (int) LE32.get(buf, index);
    }

    long u32(int index) {
        return i32(index) & 0xFFFF_FFFFL;
    }

    long i64(int index) {
        return bigEndian ? (long) BE64.get(buf, index) : (long) LE64.get(buf, index);
    }

    int u16(int index) {
        return (bigEndian ? (short) BE16.get(buf, index) : (short) LE16.get(buf, index)) & 0xFFFF;
    }

    @Override
    public void close() {
        try {
            source.close();
        } catch (IOException e) {
            throw new EnvironmentException("cannot close " + name + ": " + InputFiles.describe(e), null, e);
        }
    }
}
