package org.sonde.core;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes output files so that a reader never sees a partial one: the content goes to a
 * temporary file beside the target, which is renamed over the target only when complete.
 */
public final class AtomicFiles {
    private AtomicFiles() {}

    /** The body of a write; may throw {@link IOException}. */
    @FunctionalInterface
    public interface Writer {
        void writeTo(OutputStream out) throws IOException;
    }

    public static void write(Path target, Writer body) {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, "." + absolute.getFileName(), ".partial");
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                body.writeTo(out);
            }
            try {
                Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException e) {
            throw new EnvironmentException("cannot write " + target + ": " + e.getMessage(),
                    "check that the directory exists and is writable", e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the original failure is the one worth reporting
                }
            }
        }
    }

    public static void writeString(Path target, String content) {
        write(target, out -> out.write(content.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
}
