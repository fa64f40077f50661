package org.sonde.core;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An output file that appears complete or not at all: bytes go to a hidden temporary file beside
 * the target ({@code .NAME.RANDOM.partial}), renamed over the target by {@link #commit()}.
 * Closing without committing deletes the temporary file and leaves the target untouched.
 */
public final class AtomicFile implements Closeable {
    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private boolean done;

    private AtomicFile(Path target, Path temp, FileChannel channel) {
        this.target = target;
        this.temp = temp;
        this.channel = channel;
    }

    public static AtomicFile create(Path target) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        Files.createDirectories(dir);
        // opened by name rather than Files.createTempFile, so it gets the umask's permissions, not 0600
        for (int attempt = 0; ; attempt++) {
            Path temp = dir.resolve("." + absolute.getFileName() + "."
                    + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".partial");
            try {
                return new AtomicFile(absolute, temp,
                        FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
            } catch (FileAlreadyExistsException e) {
                if (attempt == 10) throw e;
            }
        }
    }

    /** The channel to write the content to. */
    public FileChannel channel() {
        return channel;
    }

    /** Makes the content final by renaming the temporary file over the target. */
    public void commit() throws IOException {
        if (done) return;
        done = true;
        channel.close();
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
    }

    /** Gives the content up unless committed: deletes the temporary file. */
    @Override
    public void close() throws IOException {
        if (done) return;
        done = true;
        try {
            channel.close();
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
