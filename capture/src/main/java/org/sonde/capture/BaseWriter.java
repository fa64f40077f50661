package org.sonde.capture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import org.sonde.core.EnvironmentException;
import org.sonde.core.InputFiles;
import org.sonde.core.UsageException;

/** Buffering, argument checks and commit-or-discard shared by the pcap and pcapng writers. */
abstract sealed class BaseWriter implements CaptureWriter permits PcapWriter, PcapngWriter {
    private final WriteTarget target;
    final WriteBuffer out;
    private boolean closed;

    BaseWriter(WriteTarget target) {
        this.target = target;
        this.out = new WriteBuffer(target, Limits.WRITE_BUFFER_BYTES);
    }

    static WriteTarget fileTarget(Path file) {
        try {
            return WriteTarget.atomicFile(file);
        } catch (IOException e) {
            throw new EnvironmentException("cannot create " + file + ": " + InputFiles.describe(e), "check that the directory is writable", e);
        }
    }

    /** Checks what every format requires of a packet; nothing has been written when this throws. */
    final void checkPacket(long timestampNanos, byte[] data, int offset, int length, int originalLength) {
        if (closed) throw new IllegalStateException("the writer for " + out.name() + " is closed");
        Objects.checkFromIndexSize(offset, length, data.length);
        if (originalLength < length) {
            throw new UsageException("original length " + originalLength + " is below the " + length + " captured bytes");
        }
        if (timestampNanos < 0) {
            throw new UsageException("timestamp " + timestampNanos + " ns is before 1970, which capture files cannot store");
        }
    }

    @Override
    public final void close() {
        if (closed) return;
        closed = true;
        if (out.failed()) {
            discard(); // the failing write has already been reported
            return;
        }
        try {
            out.flush();
            target.commit();
        } catch (IOException e) {
            discard();
            throw new EnvironmentException("cannot complete " + out.name() + ": " + InputFiles.describe(e), "check free space and permissions", e);
        } catch (RuntimeException e) {
            discard();
            throw e;
        }
    }

    @Override
    public final void abort() {
        if (closed) return;
        closed = true;
        discard();
    }

    private void discard() {
        try {
            target.discard();
        } catch (IOException e) {
            throw new EnvironmentException("cannot remove the partial output of " + out.name() + ": " + InputFiles.describe(e), null, e);
        }
    }
}
