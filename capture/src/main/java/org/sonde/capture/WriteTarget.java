package org.sonde.capture;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/** Where a writer's bytes go: a temporary file renamed over the target on commit, or a stream. */
sealed interface WriteTarget permits WriteTarget.AtomicFile, WriteTarget.Stream {

    /** For messages, e.g. the target file. */
    String name();

    void write(byte[] bytes, int offset, int length) throws IOException;

    /** Makes the output final: renames the temporary file over the target, or flushes and closes the stream. */
    void commit() throws IOException;

    /** Gives the output up: deletes the temporary file (the target is untouched), or closes the stream. */
    void discard() throws IOException;

    static WriteTarget atomicFile(Path target) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        Files.createDirectories(dir);
        // created with the default permissions (umask), unlike Files.createTempFile's 0600
        for (int attempt = 0; ; attempt++) {
            Path temp = dir.resolve("." + absolute.getFileName() + "."
                    + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".partial");
            try {
                FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                return new AtomicFile(target, absolute, temp, channel);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 10) throw e;
            }
        }
    }

    /** Writes to {@code temp} beside {@code target}; a crash leaves only the hidden {@code .partial} file. */
    record AtomicFile(Path target, Path absolute, Path temp, FileChannel channel) implements WriteTarget {
        @Override
        public String name() {
            return target.toString();
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
            while (buffer.hasRemaining()) channel.write(buffer);
        }

        @Override
        public void commit() throws IOException {
            channel.close();
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        }

        @Override
        public void discard() throws IOException {
            try {
                channel.close();
            } finally {
                Files.deleteIfExists(temp);
            }
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
