package org.sonde.core;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Whole-file writes through {@link AtomicFile}: a reader never sees a partial file. */
public final class AtomicFiles {
    private AtomicFiles() {}

    /** The body of a write; may throw {@link IOException}. */
    @FunctionalInterface
    public interface Writer {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes {@code target} with {@code body}; if the body throws, the target is left as it was. */
    public static void write(Path target, Writer body) {
        try (AtomicFile file = AtomicFile.create(target)) {
            OutputStream out = new BufferedOutputStream(Channels.newOutputStream(file.channel()), 1 << 16);
            body.writeTo(out);
            out.flush();
            file.commit();
        } catch (IOException e) {
            throw new EnvironmentException("cannot write " + target + ": " + e.getMessage(),
                    "check that the directory exists and is writable", e);
        }
    }

    public static void writeString(Path target, String content) {
        write(target, out -> out.write(content.getBytes(StandardCharsets.UTF_8)));
    }
}
