package org.sonde.capture;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.sonde.core.AtomicFile;

/** Where a writer's bytes go: a temporary file renamed over the target on commit, or a stream. */
sealed interface WriteTarget permits WriteTarget.AtomicTarget, WriteTarget.Stream {

    /** For messages, e.g. the target file. */
    String name();

    void write(byte[] bytes, int offset, int length) throws IOException;

    /** Makes the output final: renames the temporary file over the target, or flushes and closes the stream. */
    void commit() throws IOException;

    /** Gives the output up: deletes the temporary file (the target is untouched), or closes the stream. */
    void discard() throws IOException;

    static WriteTarget atomicFile(Path target) throws IOException {
        return new AtomicTarget(target, AtomicFile.create(target));
    }

    /** Writes to a temporary file beside {@code target}; a crash leaves only the hidden {@code .partial} file. */
    record AtomicTarget(Path target, AtomicFile file) implements WriteTarget {
        @Override
        public String name() {
            return target.toString();
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
            while (buffer.hasRemaining()) file.channel().write(buffer);
        }

        @Override
        public void commit() throws IOException {
            file.commit();
        }

        @Override
        public void discard() throws IOException {
            file.close();
        }
    }

    /** A caller's stream; it is closed with the writer. */
    record Stream(OutputStream out, String name) implements WriteTarget {
        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            out.write(bytes, offset, length);
        }

        @Override
        public void commit() throws IOException {
            out.close();
        }

        @Override
        public void discard() throws IOException {
            out.close();
        }
    }
}
